package org.overbook.perf.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.run.Metrics;
import org.overbook.perf.run.ResourceSeries;
import org.overbook.perf.run.ResourceSeriesFixture;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.Saturation;
import org.overbook.perf.run.SmallScenarios;
import org.overbook.perf.run.TenantRow;
import org.overbook.perf.run.TimeSeries;
import org.overbook.perf.run.TimedResult;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

/** What the results folder says about contended resources: columns, the verdict in words, across a sweep, the chart. */
class SaturationReportTest {

    private static final SweepPoint POINT = ScenarioLoader.standard().parse(SmallScenarios.MEMCACHED, "m.yaml").points()
            .getFirst();
    private static final List<String> TWO = List.of("server CPUs", "server swap device");

    /** A point of a sweep whose CPUs run at {@code cpu} and swap device at {@code swap} throughout. */
    private static RunResult point(int index, Map<String, String> values, double cpu, double swap) {
        double[] c = new double[10];
        double[] s = new double[10];
        java.util.Arrays.fill(c, cpu);
        java.util.Arrays.fill(s, swap);
        ResourceSeries series = ResourceSeriesFixture.series(TWO, 2, c, s);
        Map<String, Number> total = new LinkedHashMap<>();
        total.put(Metrics.MISMATCHES, 0L);
        series.windows().forEach(w -> total.putAll(w.columns()));
        String label = values.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(java.util.stream.Collectors.joining(","));
        return new RunResult(index, label, values, POINT.scenario(), POINT.yaml(), 1, List.of(), total, new TreeMap<>(),
                new TimeSeries(0, List.of(), new long[] {0}, new long[0]), series);
    }

    @Test
    void acrossASweepTheFirstPointToSaturateIsFoundInOrderOfTheSweptValue() {
        List<RunResult> results = List.of(point(0, Map.of("tenants", "8"), 0.5, 0.99), point(1, Map.of("tenants", "2"), 0.2, 0.3),
                point(2, Map.of("tenants", "4"), 0.4, 0.95));
        String words = SaturationReport.acrossPoints(results);
        assertTrue(words.contains("the first point to saturate a resource is `tenants=4` (point 2), where the server swap"
                + " device saturated at 95 %; before it the busiest was the server swap device at 30 % (`tenants=2`)"), words);
    }

    @Test
    void eachGroupOfTheOtherSweptFieldsIsOrderedOnItsOwn() {
        List<RunResult> results = List.of(
                point(0, ordered("policy", "pin-all", "tenants", "2"), 0.3, 0.3),
                point(1, ordered("policy", "pin-all", "tenants", "4"), 0.5, 0.5),
                point(2, ordered("policy", "on-demand", "tenants", "2"), 0.3, 0.5),
                point(3, ordered("policy", "on-demand", "tenants", "4"), 0.97, 0.5));
        String words = SaturationReport.acrossPoints(results);
        assertTrue(words.contains("With `policy=pin-all`, ordered by `tenants`: no point saturated a resource; the busiest"
                + " was the server CPUs at 50 % (`tenants=4`)."), words);
        assertTrue(words.contains("With `policy=on-demand`, ordered by `tenants`: the first point to saturate a resource is"
                + " `tenants=4` (point 3), where the server CPUs saturated at 97 %"), words);
    }

    @Test
    void aPointSaysWhereTheServerVcpusSpentTheWindow() {
        RunResult bare = point(0, Map.of(), 0.3, 0.5);
        Map<String, Number> vcpu = Map.of("vcpu_busy_ns", 2_000_000L, "vcpu_run_queue_wait_ns", 200_000L,
                "vcpu_io_stall_ns", 16_000_000L);
        RunResult result = new RunResult(0, "", Map.of(), bare.scenario(), bare.yaml(), 1, List.of(
                new TenantRow("s0", "server", "memcached", vcpu), new TenantRow("s1", "server", "memcached", vcpu),
                new TenantRow("c0", "client", "memaslap", Map.of("vcpu_io_stall_ns", 20_000_000L))), bare.total(),
                new TreeMap<>(), bare.timeSeries(), bare.resources());
        String words = SaturationReport.point(result);
        assertEquals(20_000_000, result.scenario().durationNanos(), "the window the figures below assume");
        assertTrue(words.contains("None saturated; the busiest was the server swap device at 50 %"), words);
        assertTrue(words.contains("Each server vCPU, per second of the window on average: 100 ms on a pCPU, 10 ms"
                + " waiting for one, 800 ms stalled on I/O."), words);
    }

    @Test
    void aPolicyByTenantsSweepIsGroupedByPolicyAndOrderedByTenants() {
        List<RunResult> results = List.of(
                point(0, ordered3("on-demand", "6"), 0.95, 0.3),
                point(1, ordered3("pin-all", "1"), 0.2, 0.0),
                point(2, ordered3("on-demand", "2"), 0.4, 0.1),
                point(3, ordered3("on-demand", "4"), 0.7, 0.92));
        String words = SaturationReport.acrossPoints(results);
        assertTrue(words.contains("With `nic.memory-policy=on-demand`, ordered by `tenants.count`: the first point to"
                + " saturate a resource is `tenants.count=4` (point 3), where the server swap device saturated at 92 %;"
                + " before it the busiest was the server CPUs at 40 % (`tenants.count=2`)."), words);
        assertTrue(words.contains("With `nic.memory-policy=pin-all`, ordered by `tenants.count`: no point saturated"), words);
    }

    private static Map<String, String> ordered3(String policy, String tenants) {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("nic.memory-policy", policy);
        values.put("tenants.count", tenants);
        values.put("clients.count", tenants);
        return values;
    }

    @Test
    void fieldsThatMoveTogetherAreOrderedByTheFirst() {
        List<RunResult> results = List.of(
                point(0, ordered("tenants.count", "16", "clients.count", "16"), 0.95, 0.2),
                point(1, ordered("tenants.count", "8", "clients.count", "8"), 0.5, 0.2));
        String words = SaturationReport.acrossPoints(results);
        assertTrue(words.startsWith("**Across the points.** Ordered by `tenants.count`: the first point to saturate a"
                + " resource is `tenants.count=16` (point 0), where the server CPUs saturated at 95 %; before it the"
                + " busiest was the server CPUs at 50 % (`tenants.count=8`)."), words);
    }

    private static Map<String, String> ordered(String k1, String v1, String k2, String v2) {
        Map<String, String> values = new LinkedHashMap<>();
        values.put(k1, v1);
        values.put(k2, v2);
        return values;
    }

    @Test
    void theResultsFolderCarriesTheResourcesTheVerdictAndTheChart(@TempDir Path directory) throws Exception {
        List<TimedResult> results = List.of(new TimedResult(point(0, Map.of("tenants", "2"), 0.4, 0.3), 1),
                new TimedResult(point(1, Map.of("tenants", "4"), 0.92, 0.6), 1));
        Path first = new ResultsWriter(directory.resolve("a")).write("s.yaml", results);
        Path second = new ResultsWriter(directory.resolve("b")).write("s.yaml", results);
        for (String file : List.of(ResultsWriter.SUMMARY_CSV, ResultsWriter.SUMMARY_JSON, ResultsWriter.RESOURCES_CSV,
                ResultsWriter.REPORT)) {
            assertArrayEquals(Files.readAllBytes(first.resolve(file)), Files.readAllBytes(second.resolve(file)), file);
        }
        List<String> csv = Files.readAllLines(first.resolve(ResultsWriter.SUMMARY_CSV));
        List<String> header = List.of(csv.getFirst().split(","));
        int utilisation = header.indexOf("server_CPUs_utilisation");
        assertTrue(utilisation > header.indexOf("balloon_reallocations"), "resource columns follow the host totals");
        assertEquals(header.indexOf("server_CPUs_utilisation") + 5, header.indexOf("server_swap_device_utilisation"),
                "a resource's five columns, then the next resource's: " + header);
        assertEquals("0.92", csv.get(2).split(",", -1)[utilisation]);
        List<String> resources = Files.readAllLines(first.resolve(ResultsWriter.RESOURCES_CSV));
        assertEquals("point,time_ms,phase,resource,servers,booked_ns,served_ns,requests,wait_ns", resources.getFirst());
        assertEquals(1 + 2 * 11 * 2, resources.size(), "2 points x 11 samples x 2 resources");
        assertEquals("1,10,measured,server_CPUs,1,9200000,9200000,100,100000", resources.get(1 + 11 * 2 + 20));
        String report = Files.readString(first.resolve(ResultsWriter.REPORT));
        assertTrue(report.contains(Saturation.RULES), "the rules are written down");
        assertTrue(report.contains("**The server CPUs saturated first**: 92 % busy over the measured window"), report);
        assertTrue(report.contains("None saturated; the busiest was the server CPUs at 40 %"), report);
        assertTrue(report.contains("Ordered by `tenants`: the first point to saturate a resource is `tenants=4`"), report);
        assertTrue(Files.readString(first.resolve(ResultsWriter.SUMMARY_JSON)).contains("\"status\" : \"saturated\""));
        if (!report.contains("Charts could not be drawn")) {
            assertTrue(Files.size(first.resolve("p1-saturation.png")) > 0);
            assertTrue(report.contains("![p1-saturation.png](p1-saturation.png)"), report);
        }
    }
}
