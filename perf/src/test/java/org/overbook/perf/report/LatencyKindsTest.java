package org.overbook.perf.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.overbook.perf.run.Metrics;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.SmallScenarios;
import org.overbook.perf.run.TenantRow;
import org.overbook.perf.run.TimeSeries;
import org.overbook.perf.scenario.Scenario;
import org.overbook.perf.scenario.ScenarioLoader;

/**
 * A point whose latency histograms are of several kinds (NetVM's preset: 8 B ping-pong writes beside a stream of
 * 4 MiB ones) gets no percentile merged over them in report.md, and each kind's own instead; a point whose
 * requests are all of one kind keeps its table as it was.
 */
class LatencyKindsTest {

    private static final Scenario SCENARIO = ScenarioLoader.standard().parse(SmallScenarios.MEMCACHED, "test").scenario();

    private static Histogram histogram(long nanos, int count) {
        Histogram h = new Histogram(3);
        h.recordValueWithCount(nanos, count);
        return h;
    }

    /** A point of one tenant per entry of {@code byTenant}: its histograms by kind, its latency columns merged as the runner merges them. */
    private static RunResult point(Map<String, Map<String, Histogram>> byTenant) {
        SortedMap<String, Histogram> histograms = new TreeMap<>();
        List<TenantRow> rows = new java.util.ArrayList<>();
        Histogram all = new Histogram(3);
        byTenant.forEach((tenant, kinds) -> {
            Histogram merged = new Histogram(3);
            kinds.forEach((kind, h) -> {
                histograms.put(tenant + "/" + kind, h);
                merged.add(h);
                all.add(h);
            });
            rows.add(new TenantRow(tenant, "client", "rdma-write-latency", columns(merged)));
        });
        return new RunResult(0, "", Map.of(), SCENARIO, "", 1, rows, columns(all), histograms,
                new TimeSeries(0, List.of(), new long[] {0}, new long[0]));
    }

    private static Map<String, Number> columns(Histogram merged) {
        Map<String, Number> out = new HashMap<>();
        out.put(Metrics.LATENCY_COUNT, merged.getTotalCount());
        out.put(Metrics.P50, merged.getValueAtPercentile(50));
        out.put(Metrics.P99, merged.getValueAtPercentile(99));
        return out;
    }

    private static String report(RunResult result) {
        return new Report("test", List.of(result), List.of(), List.of(List.of()), "", "", true).markdown((r, key) -> key + ".hgrm");
    }

    private static String row(String report, String tenant) {
        return report.lines().filter(l -> l.startsWith("| " + tenant + " | rdma") || l.startsWith("| " + tenant + " |  |"))
                .findFirst().orElseThrow();
    }

    @Test
    void kindsOfRequestAreNotMergedIntoOnePercentile() {
        RunResult netvm = point(Map.of("lat-client", Map.of("8B", histogram(4_000, 990), "65536B", histogram(14_000, 10)),
                "bw-client", Map.of("4194304B", histogram(4_800_000, 50))));
        assertEquals(List.of("8B", "65536B", "4194304B"), List.copyOf(LatencyKinds.of(netvm)), "sizes smallest first");
        assertTrue(LatencyKinds.mixed(netvm) && LatencyKinds.mixed(netvm, "lat-client") && !LatencyKinds.mixed(netvm, "bw-client"));

        String report = report(netvm);
        String[] latClient = row(report, "lat-client").split("\\|");
        assertEquals("", latClient[4].strip(), "no p50 over 8 B and 64 KiB writes: " + row(report, "lat-client"));
        assertEquals("", latClient[5].strip(), "nor p99");
        String[] total = row(report, "**total**").split("\\|");
        assertEquals("", total[5].strip(), "no total p99 over the pings and the 4 MiB stream (it would be the stream's 4.8 ms)");
        assertTrue(row(report, "bw-client").split("\\|")[5].strip().startsWith("4800."), "one kind: its own p99 stays");
        assertTrue(report.contains("| lat-client | 8B | 990 | 4.0 | 4.0 | 4.0 * | 4.0 |"), report);
        assertTrue(report.contains("| lat-client | 65536B | 10 | 14.0 | 14.0 | 14.0 * | 14.0 |"), report);
        assertFalse(report.contains("the total's p99"), "a percentile left blank is not warned of as under-sampled");
    }

    @Test
    void requestsOfOneKindAcrossTenantsStillMerge() {
        RunResult memcached = point(Map.of("c0", Map.of("requests", histogram(10_000, 2000)),
                "c1", Map.of("requests", histogram(30_000, 2000))));
        assertFalse(LatencyKinds.mixed(memcached));
        String report = report(memcached);
        assertFalse(report.contains("Latency by kind"), report);
        assertEquals("30.0", row(report, "**total**").split("\\|")[5].strip(), "the total's p99 over every client's requests");
    }
}
