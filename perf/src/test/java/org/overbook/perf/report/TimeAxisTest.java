package org.overbook.perf.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Font;
import java.awt.font.FontRenderContext;
import java.awt.font.TextLayout;
import java.awt.geom.Rectangle2D;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.internal.chartpart.Axis;
import org.knowm.xchart.internal.chartpart.AxisTickCalculator;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.SmallScenarios;
import org.overbook.perf.run.TenantRow;
import org.overbook.perf.run.TimeSeries;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

/** The time axis of the charts over a run: one unit, round ticks, labels that never run together, at any length. */
class TimeAxisTest {

    /** Runs from two milliseconds to a minute of virtual time, round lengths and odd ones. */
    private static final long[] SPANS = {2_000_000L, 7_300_000L, 40_000_000L, 136_000_000L, 400_000_000L, 999_000_000L,
            1_500_000_000L, 4_500_000_000L, 20_000_000_000L, 60_000_000_000L};

    @Test
    void theUnitIsTheLargestTheRunLastsOneOf() {
        assertEquals("ns", TimeAxis.of(900).unit());
        assertEquals("µs", TimeAxis.of(1_000).unit());
        assertEquals("µs", TimeAxis.of(800_000).unit());
        assertEquals("ms", TimeAxis.of(1_000_000).unit());
        assertEquals("ms", TimeAxis.of(999_000_000).unit());
        assertEquals("s", TimeAxis.of(1e9).unit());
        assertEquals("s", TimeAxis.of(60e9).unit());
        assertEquals("virtual time (ms)", TimeAxis.of(400e6).title());
        assertEquals(400.0, TimeAxis.of(400e6).value(400e6));
        assertEquals("1500", TickLabels.plain(1500));
        assertEquals("0.25", TickLabels.plain(0.25));
        assertEquals("0", TickLabels.plain(0));
    }

    /**
     * Every panel of the memory and faults charts, for each length, with a short legend and a long one (which
     * narrows the plot), a warm-up on the sample grid and one off it (an extra sample): at least three ticks, round
     * and evenly stepped in the title's unit, each label at least a character's height clear of the next.
     */
    @Test
    void timeTicksAreRoundAndNeverRunTogether() {
        for (long span : SPANS) {
            for (int tenants : new int[] {2, 12}) {
                for (long warmUp : new long[] {span / 100 * 75, span / 3 + 1}) {
                    RunResult result = result(span, warmUp, tenants);
                    List<XYChart> panels = new ArrayList<>(TimeSeriesCharts.memory(result));
                    panels.addAll(TimeSeriesCharts.faults(result));
                    for (XYChart panel : panels) {
                        check(panel, span, span + " ns, " + tenants + " tenants, warm-up " + warmUp + ": " + panel.getTitle());
                    }
                }
            }
        }
    }

    private static void check(XYChart panel, long span, String where) {
        Axis<?, ?> axis = new Painted(panel).xAxis();
        List<Tick> ticks = ticks(axis);
        assertEquals(TimeAxis.of(span).title(), panel.getXAxisTitle(), where);
        assertTrue(ticks.size() >= 3, where + ": too few ticks " + ticks);
        assertTrue(ticks.size() <= axis.getBounds().getWidth() / 40, where + ": crowded ticks " + ticks);
        Font font = panel.getStyler().getAxisTickLabelsFont();
        List<BigDecimal> values = new ArrayList<>();
        for (int i = 0; i < ticks.size(); i++) {
            values.add(number(ticks.get(i).label(), where));
            if (i > 0) {
                Tick left = ticks.get(i - 1);
                Tick right = ticks.get(i);
                double gap = right.centre() - left.centre() - (width(left.label(), font) + width(right.label(), font)) / 2;
                assertTrue(gap >= font.getSize2D(), where + ": " + left.label() + " and " + right.label() + " are "
                        + Math.round(gap) + " px apart");
            }
        }
        BigDecimal step = values.get(1).subtract(values.get(0));
        for (int i = 1; i < values.size(); i++) {
            assertEquals(0, values.get(i).subtract(values.get(i - 1)).compareTo(step), where + ": uneven ticks " + ticks);
        }
        BigDecimal mantissa = step.movePointLeft(step.precision() - step.scale() - 1).stripTrailingZeros();
        assertTrue(List.of("1", "2", "5").contains(mantissa.toPlainString()), where + ": step " + step + " is not round");
        assertEquals(0, values.getFirst().remainder(step).signum(), where + ": ticks off the step " + ticks);
    }

    /** One tick label as drawn: its text and its centre, in pixels from the left of the chart. */
    private record Tick(String label, double centre) {
    }

    /** The labels XChart's tick painter draws: those strictly inside the axis, left to right. */
    private static List<Tick> ticks(Axis<?, ?> axis) {
        Rectangle2D bounds = axis.getBounds();
        AxisTickCalculator calculator = axis.getAxisTickCalculator();
        List<Tick> drawn = new ArrayList<>();
        for (int i = 0; i < calculator.getTickLabels().size(); i++) {
            double centre = bounds.getX() + calculator.getTickLocations().get(i);
            if (calculator.getTickLabels().get(i) != null && centre > bounds.getX()
                    && centre < bounds.getX() + bounds.getWidth()) {
                drawn.add(new Tick(calculator.getTickLabels().get(i), centre));
            }
        }
        return drawn;
    }

    private static BigDecimal number(String label, String where) {
        try {
            return new BigDecimal(label);
        } catch (NumberFormatException e) {
            throw new AssertionError(where + ": tick label '" + label + "' is not a plain number in the title's unit", e);
        }
    }

    /** The label's drawn width, measured as XChart measures it. */
    private static double width(String label, Font font) {
        return new TextLayout(label, font, new FontRenderContext(null, true, false)).getOutline(null).getBounds2D().getWidth();
    }

    /**
     * A run of {@code span} ns sampled as the runner samples (every hundredth, plus the end of the warm-up when it
     * falls between two), its {@code tenants} server tenants filling memory and faulting.
     */
    private static RunResult result(long span, long warmUp, int tenants) {
        long slice = span / 100;
        long[] times = LongStream.concat(LongStream.rangeClosed(0, 100).map(k -> k * slice), LongStream.of(warmUp))
                .distinct().sorted().toArray();
        int series = TimeSeries.Series.all().size();
        long[] values = new long[times.length * tenants * series];
        List<String> names = new ArrayList<>();
        List<TenantRow> rows = new ArrayList<>();
        for (int t = 0; t < tenants; t++) {
            names.add("tenant-" + t);
            rows.add(new TenantRow("tenant-" + t, "server", "memcached", Map.of()));
            for (int k = 0; k < times.length; k++) {
                for (int s = 0; s < series; s++) {
                    values[(k * tenants + t) * series + s] = (long) k * (t + 1) * 256;
                }
            }
        }
        SweepPoint point = ScenarioLoader.standard().parse(SmallScenarios.MEMCACHED, "m.yaml").points().getFirst();
        return new RunResult(0, "", Map.of("tenants.count", String.valueOf(tenants)), point.scenario(), point.yaml(), 1,
                rows, Map.of(), new TreeMap<>(), new TimeSeries(warmUp, names, times, values));
    }
}
