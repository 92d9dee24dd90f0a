package org.overbook.perf.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.overbook.perf.run.Metrics;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.SmallScenarios;
import org.overbook.perf.run.TenantRow;
import org.overbook.perf.run.TimeSeries;
import org.overbook.perf.run.TimedResult;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

/** What the charts print on their axes and in their legends, checked without drawing a pixel. */
class ChartLabelsTest {

    @Test
    void countsReadWithThousandsAndMillionsSuffixes() {
        assertEquals("0", TickLabels.count(0));
        assertEquals("0.25", TickLabels.count(0.25));
        assertEquals("950", TickLabels.count(950));
        assertEquals("1.5k", TickLabels.count(1_500));
        assertEquals("400k", TickLabels.count(400_000));
        assertEquals("2.8M", TickLabels.count(2_800_000));
        assertEquals("1.23M", TickLabels.count(1_234_567));
        assertEquals("1M", TickLabels.count(999_999));
        assertEquals("3G", TickLabels.count(3e9));
        assertEquals("-20k", TickLabels.count(-20_000));
    }

    @Test
    void durationsPickTheirUnit() {
        assertEquals("800 ns", TickLabels.nanos(800));
        assertEquals("12 µs", TickLabels.nanos(12_000));
        assertEquals("250 µs", TickLabels.nanos(250_000));
        assertEquals("1.5 ms", TickLabels.nanos(1_500_000));
        assertEquals("2 s", TickLabels.nanos(2e9));
    }

    @Test
    void sizesAreBinaryAndFractionsPercentages() {
        assertEquals("512 KiB", TickLabels.mebibytes(0.5));
        assertEquals("256 MiB", TickLabels.mebibytes(256));
        assertEquals("1.5 GiB", TickLabels.mebibytes(1536));
        assertEquals("4 KiB", TickLabels.bytes(4096));
        assertEquals("90 %", TickLabels.percent(0.9));
        assertEquals("12.5 %", TickLabels.percent(0.125));
    }

    @Test
    void theBarChartsUseTheReadableLabelsAndSayWhatIsCompared() {
        CategoryChart chart = Charts.bars("Total throughput of the host by tenants", "throughput (ops/s)", "tenants",
                List.of("2", "4"), new ErrorBars(List.of(1.4e6, 2.8e6), List.of(0.0, 0.0), 1), TickLabels.Unit.COUNT);
        assertEquals("2.8M", chart.getStyler().getyAxisTickLabelsFormattingFunction().apply(2.8e6));
        assertEquals("tenants", chart.getXAxisTitle());
        Map<String, String> values = new java.util.LinkedHashMap<>();
        values.put("tenants", "2");
        values.put("host.swap-device.kind", "ssd");
        assertEquals("tenants × host.swap-device.kind", Charts.axes(List.of(result(values, 1))));
        assertEquals("point", Charts.axes(List.of(result(Map.of(), 1))));
    }

    @Test
    void aPanelWithManyTenantsDrawsTheLargestAndSumsTheRestAsOthers() {
        int tenants = 12;
        RunResult result = result(Map.of(), tenants);
        double[] x = {0, 1, 2};
        double[][] ys = new double[tenants][];
        for (int t = 0; t < tenants; t++) {
            ys[t] = t == 3 ? null : new double[] {t, t, t}; // tenant 3 has nothing to draw
        }
        XYChart panel = new XYChartBuilder().build();
        TimeSeriesCharts.lines(panel, result, x, ys);
        List<String> names = new ArrayList<>(panel.getSeriesMap().keySet());
        assertEquals(List.of("t5", "t6", "t7", "t8", "t9", "t10", "t11", "others (4 tenants, summed)"), names);
        assertEquals(0 + 1 + 2 + 4, panel.getSeriesMap().get("others (4 tenants, summed)").getYData()[0]);
        XYChart few = new XYChartBuilder().build();
        TimeSeriesCharts.lines(few, result(Map.of(), 8), x, java.util.Arrays.copyOf(ys, 8));
        assertEquals(7, few.getSeriesMap().size(), "eight tenants, one empty: every one drawn, no others");
    }

    @Test
    void aPointWithoutAP99IsLeftOutOfTheP99ChartRatherThanDrawnAsZero() {
        List<RunResult> results = List.of(measured(0, "2", 15_000L), measured(1, "4", 30_000L), measured(2, "6", null));
        Replicated replicated = new Replicated(results.stream().map(r -> new TimedResult(r, 0, 0, 0)).toList());
        CategoryChart chart = Charts.byPoint(results, replicated, Metrics.P99);
        CategorySeries bars = chart.getSeriesMap().values().iterator().next();
        assertEquals(List.of("2", "4"), new ArrayList<>(bars.getXData()));
        assertEquals(List.of(15_000.0, 30_000.0), new ArrayList<>(bars.getYData()));
        assertEquals("tenants; left out, no request measured: 6", chart.getXAxisTitle());
        assertTrue(chart.getStyler().getYAxisMax() > 30_000, "room above the tallest bar for its value");
        CategoryChart throughput = Charts.byPoint(results, replicated, Metrics.THROUGHPUT);
        assertEquals(3, throughput.getSeriesMap().values().iterator().next().getXData().size(), "every point has a throughput");
        assertEquals("tenants", throughput.getXAxisTitle());
    }

    @Test
    void equalBarsGetRoundValueTicksNotJustTheirOwnValue() {
        CategoryChart chart = Charts.bars("p50 latency", "p50 latency", "point", List.of("a", "b"),
                new ErrorBars(List.of(13_100.0, 13_100.0), List.of(0.0, 0.0), 1), TickLabels.Unit.NANOS);
        List<String> ticks = new Painted(chart).yAxis().getAxisTickCalculator().getTickLabels();
        assertTrue(ticks.size() >= 4 && ticks.contains("0") && !ticks.contains("13.1 µs"), "ticks " + ticks);
    }

    @Test
    void aPairMissingTheMetricOnOneSideIsLeftOutOfItsComparePanel() {
        Comparison comparison = new Comparison("A", "B", List.of(pair(0, "2", 20_000L), pair(1, "6", null)), List.of(), List.of());
        List<CategoryChart> panels = CompareReport.charts(comparison);
        CategoryChart p99 = panels.stream().filter(c -> c.getTitle().startsWith("p99")).findFirst().orElseThrow();
        assertEquals(List.of("2"), new ArrayList<>(p99.getSeriesMap().get("B").getXData()));
        assertEquals(List.of(20_000.0), new ArrayList<>(p99.getSeriesMap().get("B").getYData()));
        assertEquals("point; left out, no value on one side: 6", p99.getXAxisTitle());
        CategoryChart throughput = panels.getFirst();
        assertEquals(List.of("2", "6"), new ArrayList<>(throughput.getSeriesMap().get("A").getXData()));
        assertEquals("point", throughput.getXAxisTitle());
    }

    @Test
    void theCdfLatencyAxisRunsFromTheDecadeBelowToTheDecadeAbove() {
        // requests from 10 µs (point 0) to 10 µs + 2 × 10^6 ns (point 1): the axis spans 10 µs to 10,000 µs
        XYChart cdf = Charts.cdf(List.of(ChartWidthTest.result(0, 1), ChartWidthTest.result(1, 1)), "point", false);
        assertEquals(10.0, cdf.getStyler().getXAxisMin());
        assertEquals(10_000.0, cdf.getStyler().getXAxisMax());
        assertEquals(TimeSeriesCharts.colour(1), cdf.getSeriesMap().get("value-1").getLineColor());
    }

    /** Point {@code index} at {@code tenants} on both sides, B's p99 {@code p99} (or none). */
    private static Comparison.Pair pair(int index, String tenants, Long p99) {
        PointFigures point = new PointFigures(index, "tenants=" + tenants, Map.of("tenants", tenants), 1, 1, List.of(),
                Map.of(), "", "", "", "", Map.of());
        return new Comparison.Pair(point, point, List.of(), List.of(new Comparison.Row(Metrics.THROUGHPUT, 1e6, 2e6, null),
                new Comparison.Row(Metrics.P99, 15_000L, p99, null)));
    }

    /** Point {@code index} of a sweep over tenants, its throughput measured and its p99 when not null. */
    private static RunResult measured(int index, String tenants, Long p99) {
        Map<String, Number> total = new java.util.HashMap<>(Map.of(Metrics.THROUGHPUT, 1e6));
        if (p99 != null) {
            total.put(Metrics.P99, p99);
        }
        RunResult shape = result(Map.of("tenants", tenants), 1);
        return new RunResult(index, "", shape.values(), shape.scenario(), shape.yaml(), 1, shape.tenants(), total,
                new TreeMap<>(), shape.timeSeries());
    }

    /** A result of {@code tenants} server tenants {@code t0..}, with one sample and no metric. */
    static RunResult result(Map<String, String> values, int tenants) {
        SweepPoint point = ScenarioLoader.standard().parse(SmallScenarios.MEMCACHED, "m.yaml").points().getFirst();
        List<String> names = new ArrayList<>();
        List<TenantRow> rows = new ArrayList<>();
        for (int t = 0; t < tenants; t++) {
            names.add("t" + t);
            rows.add(new TenantRow("t" + t, "server", "memcached", Map.of()));
        }
        return new RunResult(0, "", values, point.scenario(), point.yaml(), 1, rows, Map.of(), new TreeMap<>(),
                new TimeSeries(0, names, new long[] {0}, new long[tenants * TimeSeries.Series.values().length]));
    }
}
