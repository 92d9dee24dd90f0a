package org.overbook.perf.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

/** A run collects every metric of every tenant, deterministically. */
class RunnerTest {

    @TempDir
    Path directory;

    private final ScenarioLoader loader = ScenarioLoader.standard();

    @Test
    void theSameScenarioAndSeedGiveAnEqualResult() throws Exception {
        SweepPoint point = loader.parse(SmallScenarios.MEMCACHED, "small.yaml").points().getFirst();
        long[] clock = {0};
        Runner runner = new Runner(loader.registry(), () -> clock[0] += 1_000_000);
        TimedResult a = runner.run(point, directory.resolve("a"));
        TimedResult b = runner.run(point, directory.resolve("b"));

        assertEquals(a.result(), b.result());
        assertEquals(a.result().timeSeries(), b.result().timeSeries(), "sampling is deterministic too");
        assertEquals(2_000_000, a.wallNanos(), "the runner times itself with the injected clock: start, set-up, end");
        assertEquals(1_000_000, a.setUpNanos(), "the set-up is timed apart");
        assertTrue(a.cpuNanos() > 0, "the thread's CPU time is measured too");
        long serverRequests = a.result().tenants().stream().filter(t -> t.workload().equals("memcached"))
                .mapToLong(t -> Math.round(t.value("workload.requests"))).sum();
        assertTrue(serverRequests > 0, "the servers executed requests");
        assertEquals(serverRequests, a.requests(), "requests are what the memcached servers executed, the whole run");
        assertEquals(7, a.result().seed());
        assertEquals(List.of("s0", "s1", "c0", "c1"), a.result().tenants().stream().map(TenantRow::name).toList());
        assertEquals(List.of("server", "server", "client", "client"), a.result().tenants().stream().map(TenantRow::host).toList());
        assertFalse(Files.exists(directory.resolve("a").resolve("server-host")), "empty host folders are removed");

        TenantRow client = a.result().tenants().get(2);
        assertTrue(client.metrics().keySet().containsAll(Metrics.HOST_COLUMNS), client.metrics().keySet().toString());
        assertTrue(client.value(Metrics.THROUGHPUT) > 0, "c0 measured throughput");
        assertTrue(client.value(Metrics.P99) >= client.value(Metrics.P50) && client.value(Metrics.P50) > 0);
        assertEquals(0, a.result().mismatches());
        assertEquals(List.of("c0/requests", "c1/requests"), List.copyOf(a.result().histograms().keySet()));
        TenantRow server = a.result().tenants().getFirst();
        assertTrue(server.value("resident_pages") > 0, "the server tenant holds memory");
        assertTrue(server.metrics().containsKey("workload.curr_items"), "memcached's own counters are collected");
        assertEquals(server.value("workload.curr_items") + a.result().tenants().get(1).value("workload.curr_items"),
                a.result().total().get("workload.curr_items").doubleValue(), "a count is summed in the total");
        assertTrue(server.value("workload.hash_power_level") >= 16, "the hash table's size, a state of each server");
        assertFalse(a.result().total().containsKey("workload.hash_power_level"), "a state is not summed: "
                + a.result().total().get("workload.hash_power_level"));
        assertEquals(client.value(Metrics.THROUGHPUT) + a.result().tenants().get(3).value(Metrics.THROUGHPUT),
                a.result().total().get(Metrics.THROUGHPUT).doubleValue(), 1e-6);
    }

    @Test
    void swapFilesLiveInTheSwapAreaDuringTheRunAreGoneAfterItAndAKeptOneIsMovedToTheResultsFolder() throws Exception {
        Path swapRoot = directory.resolve("swap-area");
        Runner runner = new Runner(loader.registry(), System::nanoTime, new SwapArea(swapRoot));
        Path[] seen = new Path[1];
        SweepPoint point = loader.parse(SmallScenarios.MEMCACHED, "small.yaml").points().getFirst();
        RunResult result = runner.run(point, directory.resolve("a"), (now, end) -> {
            if (seen[0] == null) {
                try (var files = Files.walk(swapRoot)) {
                    seen[0] = files.filter(p -> p.getFileName().toString().equals("swap.cmap")).findFirst().orElseThrow();
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
        }).result();
        assertTrue(seen[0].startsWith(swapRoot), seen[0].toString());
        assertFalse(Files.exists(seen[0]), "removed after the run");
        assertFalse(Files.exists(directory.resolve("a").resolve("server-host")), "nothing in the results folder");
        long peak = result.total().get(Metrics.SWAP_PEAK_BYTES).longValue();
        assertTrue(peak > 0 && peak < 64L << 20, "the store's peak on disk: " + peak);

        SweepPoint kept = loader.parse(SmallScenarios.MEMCACHED.replace("swap: 64MiB}", "swap: 64MiB, keep-swap: true}"), "kept.yaml")
                .points().getFirst();
        runner.run(kept, directory.resolve("b"));
        assertTrue(Files.exists(directory.resolve("b").resolve("server-host").resolve("swap.cmap")), "kept where the results are");
        try (var left = Files.walk(swapRoot)) {
            assertEquals(List.of(), left.filter(Files::isRegularFile).filter(p -> !p.endsWith(SwapArea.OWNER))
                    .filter(p -> !p.equals(swapRoot.resolve(DiskReservations.LOCK))).toList(), "no swap file, and no reservation, left");
        }
    }

    @Test
    void theTimeSeriesIsSampledEverySliceAndEndsInTheSummarysState() {
        SweepPoint point = loader.parse(SmallScenarios.MEMCACHED, "small.yaml").points().getFirst();
        RunResult result = Runner.standard(loader.registry()).run(point, directory.resolve("a")).result();
        TimeSeries ts = result.timeSeries();

        // Documented: time 0, every multiple of end/100, the end of the warm-up and the end.
        long end = point.scenario().endNanos();
        long warmUp = point.scenario().warmUpNanos();
        long slice = end / Runner.PROGRESS_SLICES;
        TreeSet<Long> expected = new TreeSet<>(List.of(0L, warmUp, end));
        for (long t = slice; t < end; t += slice) {
            expected.add(t);
        }
        List<Long> times = new ArrayList<>();
        for (int k = 0; k < ts.samples(); k++) {
            times.add(ts.timeNanos(k));
        }
        assertEquals(List.copyOf(expected), times);
        assertTrue(warmUp % slice != 0 && ts.samples() == Runner.PROGRESS_SLICES + 2,
                "this scenario's warm-up ends between two slices, which adds a sample");
        assertEquals(warmUp, ts.timeNanos(ts.warmUpSample()));
        assertEquals(result.tenants().stream().map(TenantRow::name).toList(), ts.tenants());

        int last = ts.samples() - 1;
        for (int tenant = 0; tenant < ts.tenants().size(); tenant++) {
            TenantRow row = result.tenants().get(tenant);
            for (TimeSeries.Series series : TimeSeries.Series.all()) {
                if (series.isState()) {
                    assertEquals((long) row.value(series.column()), ts.value(last, tenant, series),
                            row.name() + " " + series + ": the last sample is the end state");
                } else {
                    for (int k = 1; k < ts.samples(); k++) {
                        assertTrue(ts.value(k, tenant, series) >= ts.value(k - 1, tenant, series),
                                row.name() + " " + series + " never decreases");
                    }
                }
            }
            assertEquals((long) row.value("cpu_minor_faults"), window(ts, tenant, TimeSeries.Series.CPU_MINOR_FAULTS));
            assertEquals((long) row.value("cpu_major_faults"), window(ts, tenant, TimeSeries.Series.CPU_MAJOR_FAULTS));
            for (String side : List.of("send", "receive")) {
                long nic = 0;
                for (String kind : List.of("mapping", "minor", "major")) {
                    nic += (long) row.value("nic_faults_" + side + "_" + kind);
                }
                assertEquals(nic, window(ts, tenant, side.equals("send") ? TimeSeries.Series.NIC_FAULTS_SEND
                        : TimeSeries.Series.NIC_FAULTS_RECEIVE), row.name() + " NIC " + side + " faults of the window");
            }
        }
        assertTrue(ts.value(last, 0, TimeSeries.Series.RESIDENT_PAGES) > ts.value(0, 0, TimeSeries.Series.RESIDENT_PAGES),
                "s0 grows over the run");
        assertTrue(ts.value(last, 0, TimeSeries.Series.CPU_MINOR_FAULTS) > 0, "s0 faults pages in");
    }

    /** A fault series over the measured window: the last sample's minus the warm-up sample's. */
    private static long window(TimeSeries ts, int tenant, TimeSeries.Series series) {
        return ts.value(ts.samples() - 1, tenant, series) - ts.value(ts.warmUpSample(), tenant, series);
    }

    @Test
    void aTimeSeriesIsAValue() {
        long[] values = new long[2 * TimeSeries.Series.all().size()];
        values[3] = 5;
        TimeSeries a = new TimeSeries(10, List.of("s0"), new long[] {0, 10}, values);
        values[3] = 6;
        TimeSeries b = new TimeSeries(10, List.of("s0"), new long[] {0, 10}, values);
        values[3] = 5;
        TimeSeries c = new TimeSeries(10, List.of("s0"), new long[] {0, 10}, values);
        assertEquals(a, c);
        assertEquals(a.hashCode(), c.hashCode());
        assertFalse(a.equals(b), "a different value");
        assertEquals(5, a.value(0, 0, TimeSeries.Series.PINNED_PAGES), "its arrays are copies");
        assertEquals(1, a.warmUpSample());
        assertThrows(IllegalArgumentException.class,
                () -> new TimeSeries(5, List.of("s0"), new long[] {0, 10}, values), "no sample at the warm-up");
        assertThrows(IllegalArgumentException.class,
                () -> new TimeSeries(0, List.of("s0"), new long[] {0, 0}, values), "times must increase");
        assertThrows(IllegalArgumentException.class,
                () -> new TimeSeries(0, List.of("s0", "s1"), new long[] {0, 10}, values), "too few values");
    }

    @Test
    void hostCountersCoverTheMeasuredWindowOnly() {
        SweepPoint point = loader.parse(SmallScenarios.MEMCACHED.replace("warm-up: 10ms", "warm-up: 25ms")
                .replace("duration: 20ms", "duration: 5ms"), "small.yaml").points().getFirst();
        SweepPoint noWarmUp = loader.parse(SmallScenarios.MEMCACHED.replace("warm-up: 10ms", "warm-up: 0ms")
                        .replace("duration: 20ms", "duration: 30ms"), "small.yaml")
                .points().getFirst();
        Runner runner = Runner.standard(loader.registry());
        RunResult withWarmUp = runner.run(point, directory.resolve("a")).result();
        RunResult whole = runner.run(noWarmUp, directory.resolve("b")).result();
        // Same 30 ms of virtual time: every count of the window after a 25 ms warm-up is at most the whole run's.
        for (String column : Metrics.HOST_COLUMNS) {
            if (!Metrics.STATE.contains(column) && !column.equals(Metrics.TLB_HIT_RATE)) {
                assertTrue(withWarmUp.total().get(column).longValue() <= whole.total().get(column).longValue(), column);
            }
        }
        assertTrue(withWarmUp.total().get("messages_received").longValue() < whole.total().get("messages_received").longValue(),
                "traffic flows during the warm-up and is left out of the window");
    }

    @Test
    void theWindowDifferencesCountsAndKeepsStates() {
        Map<String, Number> window = Metrics.window(Map.of("cpu_minor_faults", 5L, "resident_pages", 10L, "nic_tlb_hits", 1L,
                "nic_tlb_misses", 1L), Map.of("cpu_minor_faults", 8L, "resident_pages", 12L, "nic_tlb_hits", 4L, "nic_tlb_misses", 1L));
        assertEquals(3L, window.get("cpu_minor_faults"));
        assertEquals(12L, window.get("resident_pages"));
        assertEquals(1.0, window.get(Metrics.TLB_HIT_RATE).doubleValue());
    }
}
