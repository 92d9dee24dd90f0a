package org.overbook.workloads.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.Workload;
import org.overbook.guest.WorkloadParameters;
import org.overbook.guest.WorkloadRegistry;
import org.overbook.nic.NicConfig;
import org.overbook.workloads.LatencyRecording;
import org.overbook.workloads.server.MemcachedServer;
import org.overbook.workloads.testing.Testbeds;

/**
 * Each load generator against one memcached tenant on a testbed: ETC open loop with its fitted
 * arrivals, YCSB A to F (updates, inserts with latest, scans, read-modify-writes), memaslap open loop
 * at a given rate; each loads its keys, runs, finishes, and reads back nothing it did not write.
 * Also: the same seed gives the same numbers, and parameters are checked by name.
 */
class LoadGeneratorTest {

    private static final long SEED = 99;

    private final WorkloadRegistry registry = WorkloadRegistry.discover();

    /** Runs one generator against one server tenant; returns its metrics (and checks the basics). */
    private Map<String, Number> run(String generator, Map<String, Object> parameters, Workload[] out) {
        return run(generator, parameters, out, "6MiB");
    }

    private Map<String, Number> run(String generator, Map<String, Object> parameters, Workload[] out, String cacheSize) {
        return run(generator, parameters, out, Map.of("memory-limit", cacheSize, "item-size-max", "64KiB", "hash-power", 10));
    }

    private Map<String, Number> run(String generator, Map<String, Object> parameters, Workload[] out, Map<String, Object> server) {
        try (Testbeds testbeds = Testbeds.create(/* serverFrames= */ 2048, new int[] {2048}, new int[] {512},
                NicConfig.of("on-demand"), SEED)) {
            testbeds.testbed().server().tenant(0).boot(registry.create("s", MemcachedServer.NAME, new WorkloadParameters("s",
                    server)));
            Map<String, Object> p = new HashMap<>(parameters);
            p.put("target", "s0");
            Workload client = registry.create("c", generator, new WorkloadParameters("c", p));
            testbeds.testbed().client().tenant(0).boot(client);
            testbeds.run();
            Map<String, Number> m = Testbeds.metrics(client);
            String where = "seed " + SEED + ", " + generator + " " + parameters + ": " + m;
            assertEquals(1L, m.get("finished"), where);
            assertEquals(0L, m.get("mismatches"), where);
            assertEquals(0L, m.get("failed_requests") .longValue() + m.get("malformed_replies").longValue()
                    + m.get("error_replies").longValue() + m.get("unexpected_bytes").longValue(), where);
            assertTrue(m.get("requests").longValue() > 50, where);
            if (out != null) {
                out[0] = client;
            }
            return m;
        }
    }

    @Test
    void aMissPenaltyMakesALookAsideCacheFetchThenFill() {
        // A 1 MiB cache holds a fraction of 4,000 keys of 1 KiB: most gets miss. (With memaslap's uniform
        // keys the hit ratio stays near cache size / keys either way: a fill only swaps what is cached.)
        Map<String, Object> base = new HashMap<>(Map.of("concurrency", 4, "window", 1000, "value-size", 1024,
                "get-proportion", 1.0, "duration", "20ms"));
        Map<String, Object> penalised = new HashMap<>(base);
        penalised.put("miss-penalty", "100us");
        Map<String, Number> free = run(LoadGenerator.MEMASLAP, base, null, "1MiB");
        Map<String, Number> paid = run(LoadGenerator.MEMASLAP, penalised, null, "1MiB");
        String where = "seed " + SEED + ": free " + free + " paid " + paid;
        assertEquals(0L, free.get("backend_fetches"), where);
        assertTrue(paid.get("misses").longValue() > 0, where);
        assertEquals(paid.get("misses"), paid.get("backend_fetches"), "every miss fetched once: " + where);
        assertTrue(paid.get("latency_mean_us").doubleValue() > free.get("latency_mean_us").doubleValue() + 10,
                "misses wait the 100 us fetch: " + where);
        assertTrue(paid.get("throughput_ops_per_s").doubleValue() < free.get("throughput_ops_per_s").doubleValue(),
                "fetches cost throughput: " + where);
    }

    /**
     * An open loop measures each request from when it was due, not from when a window slot let it go (no coordinated
     * omission). Offered λ = 40k/s for D = 20 ms against a server of μ = 20k/s (50 us a request), the requests queue
     * from the first arrival: the one due d in completes at about d·λ/μ, so it waits d(λ/μ - 1) = d. The waits spread
     * evenly over [0, D]: a mean of about D/2 = 10 ms and a maximum of about D = 20 ms. Timed from when each was
     * issued instead, every request would wait only for the 4 ahead of it in the window, about 200 us.
     */
    @Test
    void anOverloadedOpenLoopTimesRequestsFromWhenTheyWereDue() {
        Map<String, Number> m = run(LoadGenerator.MEMASLAP, Map.of("concurrency", 4, "window", 25, "loop", "open",
                "rate", 40_000.0, "duration", "20ms", "backlog-max", 100_000), null,
                Map.of("memory-limit", "6MiB", "item-size-max", "64KiB", "hash-power", 10, "request-cost", "50us"));
        String where = "seed " + SEED + ": " + m;
        assertEquals(0L, m.get("dropped_arrivals").longValue(), where);
        double mean = m.get("latency_mean_us").doubleValue();
        double max = m.get("latency_max_us").doubleValue();
        assertTrue(Math.abs(mean - 10_000) < 1_500, "mean " + mean + " us, about D/2 = 10 ms; " + where);
        assertTrue(Math.abs(max - 20_000) < 2_000, "max " + max + " us, about D = 20 ms; " + where);
    }

    @Test
    void etcOpenLoopWithItsOwnArrivals() {
        Map<String, Number> m = run(LoadGenerator.ETC, Map.of("keys", 2000, "loop", "open", "duration", "10ms"), null);
        // ETC's gaps average 16.0292 / (1 - 0.154971) us = 19 us: about 53,000 requests a second.
        double rate = m.get("throughput_ops_per_s").doubleValue();
        assertTrue(rate > 35_000 && rate < 75_000, "seed " + SEED + ": ETC arrivals give ~53k/s, got " + rate);
        assertTrue(m.get("hit_ratio").doubleValue() > 0.95, "seed " + SEED + ": " + m);
    }

    @Test
    void memaslapOpenLoopKeepsItsRate() {
        Map<String, Number> m = run(LoadGenerator.MEMASLAP, Map.of("concurrency", 4, "window", 100, "loop", "open",
                "rate", 40_000.0, "duration", "20ms"), null);
        double rate = m.get("throughput_ops_per_s").doubleValue();
        assertTrue(Math.abs(rate - 40_000) < 6_000, "seed " + SEED + ": offered 40k/s, measured " + rate);
    }

    /** A built-in client reads its rate as a plug-in does: {@code 40k/s} is 40,000 a second, to the last figure. */
    @Test
    void aRateWrittenWithItsUnitIsTheSameRate() {
        Map<String, Object> common = Map.of("concurrency", 4, "window", 100, "loop", "open", "duration", "5ms");
        Map<String, Object> plain = new HashMap<>(common);
        plain.put("rate", 40_000.0);
        Map<String, Object> withUnit = new HashMap<>(common);
        withUnit.put("rate", "40k/s");
        assertEquals(run(LoadGenerator.MEMASLAP, plain, null), run(LoadGenerator.MEMASLAP, withUnit, null), "seed " + SEED);
        Map<String, Object> milli = new HashMap<>(common);
        milli.put("rate", "40m/s");
        ConfigurationException e = assertThrows(ConfigurationException.class, () -> run(LoadGenerator.MEMASLAP, milli, null));
        assertTrue(e.getMessage().startsWith("c.rate: '40m/s' writes m, which is milli"), e.getMessage());
    }

    @ParameterizedTest(name = "workload {0}")
    @ValueSource(strings = {"a", "b", "c", "d", "e", "f"})
    void ycsbCoreWorkloads(String workload) {
        Map<String, Number> m = run(LoadGenerator.YCSB, Map.of("workload", workload, "records", 400, "connections", 2,
                "depth", 2, "duration", "5ms", "receive-buffers", 32), null);
        String where = "seed " + SEED + ", workload " + workload + ": " + m;
        assertEquals(400L, m.get("loaded_keys"), where);
        assertEquals(400L, m.get("keys_to_load"), where);
        assertTrue(m.get("load_phase_end_ns").doubleValue() > 0, "the load phase ended, at a time after the start: " + where);
        assertTrue(m.get("hit_ratio").doubleValue() > 0.9, where);
        if (workload.equals("c")) {
            assertEquals(0L, m.get("sets"), where);
        } else if (!workload.equals("e")) {
            assertTrue(m.get("sets").longValue() > 0, where);
        }
    }

    @Test
    void theSameSeedGivesTheSameNumbersAndTheHistogramHoldsEveryRequest() {
        Map<String, Object> p = Map.of("concurrency", 4, "window", 50, "depth", 2, "duration", "3ms");
        Workload[] first = new Workload[1];
        Map<String, Number> a = run(LoadGenerator.MEMASLAP, p, first);
        Map<String, Number> b = run(LoadGenerator.MEMASLAP, p, null);
        assertEquals(a, b, "seed " + SEED);
        Histogram h = ((LatencyRecording) first[0]).latencyHistograms().get("requests");
        assertEquals(a.get("requests").longValue(), h.getTotalCount());
        assertEquals(a.get("latency_p99_us").doubleValue(), h.getValueAtPercentile(99) / 1e3, 1e-9);
    }

    @Test
    void parametersAreCheckedByName() {
        ConfigurationException e = assertThrows(ConfigurationException.class,
                () -> registry.create("c", LoadGenerator.MEMASLAP, new WorkloadParameters("clients[0].workload", Map.of())));
        assertEquals("clients[0].workload.targets", e.field());
        e = assertThrows(ConfigurationException.class, () -> registry.create("c", LoadGenerator.MEMASLAP,
                new WorkloadParameters("w", Map.of("target", "s0", "loop", "open"))));
        assertEquals("w.rate", e.field());
        e = assertThrows(ConfigurationException.class, () -> registry.create("c", LoadGenerator.YCSB,
                new WorkloadParameters("w", Map.of("target", "s0", "workload", "g"))));
        assertEquals("w.workload", e.field());
        e = assertThrows(ConfigurationException.class, () -> registry.create("c", LoadGenerator.ETC,
                new WorkloadParameters("w", Map.of("target", "s0", "value-size", 100))));
        assertEquals("w.value-size", e.field(), "memaslap's parameters are not ETC's");
        e = assertThrows(ConfigurationException.class, () -> registry.create("c", LoadGenerator.MEMASLAP,
                new WorkloadParameters("w", Map.of("target", "s0", "value-size", "9KiB"))));
        assertEquals("w.value-size", e.field(), "a value must fit a request buffer");
        // a scenario's YAML list arrives as a list
        registry.create("c", LoadGenerator.MEMASLAP, new WorkloadParameters("w", Map.of("targets", java.util.List.of("s0", "s1"))));
    }

    @Test
    void connectionsWhoseBuffersCannotFitTheGuestAreRefusedBeforeTheRun() {
        // 16 connections of 16 requests outstanding: 32 request buffers and 16 reply buffers of 8 KiB each, 6 MiB in all
        Map<String, Object> p = Map.of("target", "s0", "concurrency", 16, "depth", 16);
        ConfigurationException e = assertThrows(ConfigurationException.class, () -> registry.create("c", LoadGenerator.MEMASLAP,
                new WorkloadParameters("clients[0].workload.params", p, 4L << 20)));
        assertEquals("clients[0].workload.params.concurrency", e.field());
        assertTrue(e.getMessage().contains("6MiB does not fit in the guest's memory (4MiB)"), e.getMessage());
        registry.create("c", LoadGenerator.MEMASLAP, new WorkloadParameters("w", p, 8L << 20));
        e = assertThrows(ConfigurationException.class, () -> registry.create("c", LoadGenerator.YCSB,
                new WorkloadParameters("w", Map.of("target", "s0", "connections", 64), 4L << 20)));
        assertEquals("w.connections", e.field());
    }
}
