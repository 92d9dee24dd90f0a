package org.overbook.perf.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.theme.XChartTheme;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.SmallScenarios;
import org.overbook.perf.run.TenantRow;
import org.overbook.perf.run.TimeSeries;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

/**
 * A chart's title is drawn whole, however many fields the sweep varies or however long their values, with a legend
 * beside the plot or none.
 */
class ChartWidthTest {

    @Test
    void aShortTitleKeepsTheUsualWidth() {
        assertEquals(800, ChartWidth.of("Total throughput of the host by tenants", 800));
        assertTrue(ChartWidth.of("x".repeat(200), 800) > 800);
    }

    @Test
    void theLatencyCdfShowsItsWholeTitleBesideItsLegend() {
        for (int fields = 1; fields <= 4; fields++) {
            List<RunResult> results = new ArrayList<>();
            for (int point = 0; point < 7; point++) {
                results.add(result(point, fields));
            }
            Chart<?, ?> cdf = Charts.cdf(results, Charts.axes(results), false);
            assertWhole(cdf, fields + " fields");
        }
    }

    @Test
    void theBarChartsShowTheirWholeTitle() {
        for (int fields = 1; fields <= 4; fields++) {
            List<RunResult> results = List.of(result(0, fields), result(1, fields));
            String axes = Charts.axes(results);
            Chart<?, ?> bars = Charts.bars("Total throughput of the host by " + axes + " (mean of up to 3 replications, 95 % CI)",
                    "throughput (ops/s)", axes, results.stream().map(Charts::shortLabel).toList(),
                    new ErrorBars(List.of(1e6, 2e6), List.of(1e5, 1e5), 3), TickLabels.Unit.COUNT);
            assertWhole(bars, fields + " fields");
        }
    }

    @Test
    void aTimeSeriesPanelShortensItsTitleToFitTheGrid() {
        for (String value : List.of("on", "far-memory-cxl-expander", "a-far-memory-device-whose-name-is-longer-than-a-panel")) {
            for (int tenants : new int[] {2, 12}) {
                RunResult result = panels(Map.of("host.swap-device.kind", value), tenants);
                List<Chart<?, ?>> panels = new ArrayList<>(TimeSeriesCharts.memory(result));
                panels.addAll(TimeSeriesCharts.faults(result));
                for (Chart<?, ?> panel : panels) {
                    assertWhole(panel, value + ", " + tenants + " tenants");
                }
            }
        }
        assertEquals("host.swap-device.kind=on: swapped memory",
                TimeSeriesCharts.panelTitle(panels(Map.of("host.swap-device.kind", "on"), 2), "swapped memory"));
        assertEquals("swapped memory", TimeSeriesCharts.panelTitle(panels(Map.of("host.swap-device.kind",
                "a-far-memory-device-whose-name-is-longer-than-a-panel"), 2), "swapped memory"));
    }

    /** The title, centred over the plot as XChart centres it, lies within the image. */
    private static void assertWhole(Chart<?, ?> chart, String where) {
        Rectangle2D plot = new Painted(chart).plot();
        double width = ChartWidth.width(chart.getTitle(), new XChartTheme().getChartTitleFont());
        double left = plot.getX() + (plot.getWidth() - width) / 2;
        assertTrue(left >= 0 && left + width <= chart.getWidth(), where + ": title '" + chart.getTitle() + "' spans "
                + Math.round(left) + " to " + Math.round(left + width) + " px of a " + chart.getWidth() + " px chart");
    }

    /** A point of {@code values} with {@code tenants} server tenants, sampled twice, each tenant's memory and faults growing. */
    private static RunResult panels(Map<String, String> values, int tenants) {
        List<String> names = new ArrayList<>();
        List<TenantRow> rows = new ArrayList<>();
        int series = TimeSeries.Series.all().size();
        long[] counts = new long[2 * tenants * series];
        for (int t = 0; t < tenants; t++) {
            names.add("s" + t);
            rows.add(new TenantRow("s" + t, "server", "memcached", Map.of()));
            for (int s = 0; s < series; s++) {
                counts[(tenants + t) * series + s] = 1000L * (t + 1);
            }
        }
        SweepPoint sweep = ScenarioLoader.standard().parse(SmallScenarios.MEMCACHED, "m.yaml").points().getFirst();
        String label = String.join(", ", values.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList());
        return new RunResult(1, label, values, sweep.scenario(), sweep.yaml(), 1, rows, Map.of(), new TreeMap<>(),
                new TimeSeries(0, names, new long[] {0, 400_000_000L}, counts));
    }

    /** Point {@code point} of a sweep over {@code fields} long field names, its one client's requests measured. */
    static RunResult result(int point, int fields) {
        List<String> names = List.of("nic.memory-policy", "tenants.count", "clients.count", "host.swap-device.kind");
        Map<String, String> values = new LinkedHashMap<>();
        for (int f = 0; f < fields; f++) {
            values.put(names.get(f), "value-" + point);
        }
        Histogram requests = new Histogram(3);
        for (int k = 1; k <= 1000; k++) {
            requests.recordValue(10_000L + (long) k * k * (point + 1));
        }
        SweepPoint sweep = ScenarioLoader.standard().parse(SmallScenarios.MEMCACHED, "m.yaml").points().getFirst();
        return new RunResult(point, "", values, sweep.scenario(), sweep.yaml(), 1,
                List.of(new TenantRow("c0", "client", "memaslap", Map.of())), Map.of(), new TreeMap<>(Map.of("c0", requests)),
                new TimeSeries(0, List.of("c0"), new long[] {0}, new long[TimeSeries.Series.all().size()]));
    }
}
