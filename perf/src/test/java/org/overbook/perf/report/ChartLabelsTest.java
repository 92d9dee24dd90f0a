package org.overbook.perf.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.SmallScenarios;
import org.overbook.perf.run.TenantRow;
import org.overbook.perf.run.TimeSeries;
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
                List.of("2", "4"), List.of(1.4e6, 2.8e6), TickLabels.Unit.COUNT);
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
