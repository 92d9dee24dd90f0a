package org.overbook.perf.density;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.overbook.guest.ConfigurationException;
import org.overbook.perf.run.Metrics;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.SampleSize;
import org.overbook.perf.run.SmallScenarios;
import org.overbook.perf.run.TenantRow;
import org.overbook.perf.run.TimeSeries;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

/** Parsing --slo and judging a run: which tenants count, which bound breaks, and the words for it. */
class ObjectiveTest {

    private static final SweepPoint POINT = ScenarioLoader.standard().parse(SmallScenarios.MEMCACHED, "test").points().getFirst();

    /** A client row: p99 and throughput as given, p50 and p999 around the p99. */
    private static TenantRow client(String name, long p99Nanos, double opsPerSecond) {
        Map<String, Number> m = new LinkedHashMap<>();
        m.put(Metrics.LATENCY_COUNT, p99Nanos == 0 ? 0L : 1000L);
        if (p99Nanos > 0) {
            m.put(Metrics.P50, p99Nanos / 2);
            m.put(Metrics.P99, p99Nanos);
            m.put(Metrics.P999, p99Nanos * 2);
        }
        m.put(Metrics.THROUGHPUT, opsPerSecond);
        return new TenantRow(name, "client", "memaslap", m);
    }

    private static RunResult run(long mismatches, TenantRow... clients) {
        List<TenantRow> rows = new java.util.ArrayList<>(List.of(new TenantRow("s0", "server", "memcached", Map.of())));
        TreeMap<String, Histogram> histograms = new TreeMap<>();
        for (TenantRow c : clients) {
            rows.add(c);
            histograms.put(c.name() + "/requests", new Histogram(3));
        }
        return new RunResult(0, "", Map.of(), POINT.scenario(), POINT.yaml(), 1, rows, Map.of(Metrics.MISMATCHES, mismatches),
                histograms, new TimeSeries(0, List.of(), new long[] {0}, new long[0]));
    }

    @Test
    void everyClientWithinEveryBoundMeetsIt() {
        Objective objective = Objective.parse(List.of("p99=500us", "ops=15k"));
        Judgement j = objective.judge(run(0, client("c0", 400_000, 20_000), client("c1", 450_000, 16_000)));
        assertTrue(j.meets(), j.reason());
        assertEquals(2, j.judged(), "the server tenant records no latency: judged through its client");
        assertEquals(450_000, j.worst(SloMetric.P99));
        assertEquals(900_000, j.worst(SloMetric.P999));
        assertEquals(16_000, j.worst(SloMetric.OPS));
        assertEquals("p99 <= 500us, ops >= 15k", objective.toString());
    }

    @Test
    void aThroughputThatIsNotANumberIsNotMeasuredNeitherMetNorTheWorst() {
        Objective objective = Objective.parse(List.of("p99=500us", "ops=15k"));
        Judgement j = objective.judge(run(0, client("c0", 400_000, Double.NaN), client("c1", 450_000, 16_000)));
        assertFalse(j.meets());
        assertFalse(j.measured(), j.reason());
        assertEquals("c0", j.tenant());
        assertEquals("not measured: c0: ops is not a number (its workload did not measure its throughput)", j.reason());
        assertEquals(16_000, j.worst(SloMetric.OPS), "the worst throughput is of the tenants that measured one");
        Judgement broken = objective.judge(run(0, client("c0", 400_000, Double.NaN), client("c1", 450_000, 14_999)));
        assertEquals("c1: ops 14999 ops/s < 15k", broken.reason(), "a bound broken where it is measured fails the probe");
        assertTrue(Objective.parse(List.of("p99=500us")).judge(run(0, client("c0", 400_000, Double.NaN))).meets(),
                "no throughput bound: the unmeasured throughput is not judged");
    }

    @Test
    void theWorstTenantOfTheFirstBrokenBoundIsNamed() {
        Objective objective = Objective.parse(List.of("p99=500us", "ops=15k"));
        Judgement slow = objective.judge(run(0, client("c0", 400_000, 20_000), client("c1", 812_400, 10_000),
                client("c2", 600_000, 20_000)));
        assertFalse(slow.meets());
        assertEquals("c1", slow.tenant());
        assertEquals("c1: p99 812.4us > 500us", slow.reason());
        Judgement starvedOfThroughput = objective.judge(run(0, client("c0", 400_000, 20_000), client("c1", 450_000, 14_999)));
        assertEquals("c1: ops 14999 ops/s < 15k", starvedOfThroughput.reason());
        assertEquals("p999 <= 1ms", Objective.parse(List.of("p999=1ms")).toString());
        assertTrue(Objective.parse(List.of("p999=1ms")).judge(run(0, client("c0", 500_000, 1))).meets(), "p999 = 1 ms is within");
        assertFalse(Objective.parse(List.of("p50=100us")).judge(run(0, client("c0", 400_000, 1))).meets(), "p50 200 us");
    }

    @Test
    void aTenantWithNoRequestOrAnyMismatchFails() {
        Objective objective = Objective.parse(List.of("p99=500us"));
        Judgement starved = objective.judge(run(0, client("c0", 400_000, 20_000), client("c1", 0, 0)));
        assertFalse(starved.meets());
        assertEquals("c1: no request completed in the measured window", starved.reason());
        assertEquals(400_000, starved.worst(SloMetric.P99), "the worst of those that completed requests");
        Judgement corrupt = objective.judge(run(3, client("c0", 1_000, 20_000)));
        assertFalse(corrupt.meets());
        assertEquals("3 data mismatches", corrupt.reason());
        assertThrows(IllegalArgumentException.class, () -> objective.judge(run(0)), "nobody records latency");
    }

    /** A client row from {@code count} requests, its p99 flagged under-sampled as the runner flags it. */
    private static TenantRow sampled(String name, long p99Nanos, long count) {
        Map<String, Number> m = new LinkedHashMap<>(client(name, p99Nanos, 20_000).metrics());
        m.put(Metrics.LATENCY_COUNT, count);
        m.put(SampleSize.flagColumn(Metrics.P99), count < 1000 ? 1L : 0L);
        return new TenantRow(name, "client", "memaslap", m);
    }

    @Test
    void anUnderSampledP99IsNeverJudgedMetOrBroken() {
        Objective objective = Objective.parse(List.of("p99=500us"));
        Judgement thin = objective.judge(run(0, sampled("c0", 20_000, 5000), sampled("c1", 30_000, 823), sampled("c2", 9_000_000, 156)));
        assertFalse(thin.meets());
        assertFalse(thin.measured(), "a p99 of 9 ms from 156 requests does not fail the probe either: " + thin.reason());
        assertEquals("not measured", thin.verdict());
        assertEquals("not measured: c2: p99 from 156 requests (needs 1000); and 1 more tenant", thin.reason());
        assertEquals(20_000, thin.worst(SloMetric.P99), "the worst p99 shown is a well-sampled one: c0's");
        Judgement broken = objective.judge(run(0, sampled("c0", 600_000, 5000), sampled("c1", 30_000, 823)));
        assertTrue(broken.measured(), "a well-sampled tenant out of bounds fails the probe whatever the others");
        assertEquals("c0: p99 600.0us > 500us", broken.reason());
        assertTrue(objective.judge(run(0, sampled("c0", 20_000, 1000), sampled("c1", 30_000, 1000))).meets(), "1,000 is enough");
        assertTrue(Objective.parse(List.of("ops=10k")).judge(run(0, sampled("c0", 20_000, 10))).meets(),
                "a throughput bound does not need a percentile");
    }

    @Test
    void withConfidenceEachTenantIsJudgedOnTheFarEndOfItsInterval() {
        Objective objective = Objective.parse(List.of("p99=500us")).withConfidence(95, 4);
        assertEquals("p99 <= 500us at 95 % confidence", objective.toString());
        // c0's p99 over 4 seeds: 400, 420, 440, 460 us: mean 430, sd 25.82, t(0.975, 3) = 3.1824, upper 471.1 us.
        List<RunResult> close = List.of(run(0, sampled("c0", 400_000, 2000)), run(0, sampled("c0", 420_000, 2000)),
                run(0, sampled("c0", 440_000, 2000)), run(0, sampled("c0", 460_000, 2000)));
        Judgement met = objective.judge(close);
        assertTrue(met.meets(), met.reason());
        assertEquals(430_000 + 3.182446305 * 25_819.889 / 2, met.worst(SloMetric.P99), 1.0, "the upper bound is the figure");
        // 250, 350, 450, 495 us: every replication meets, but the upper bound is 560.0 us.
        List<RunResult> spread = List.of(run(0, sampled("c0", 250_000, 2000)), run(0, sampled("c0", 350_000, 2000)),
                run(0, sampled("c0", 450_000, 2000)), run(0, sampled("c0", 495_000, 2000)));
        assertTrue(Objective.parse(List.of("p99=500us")).judge(spread).meets(), "without confidence every seed meets");
        Judgement failed = objective.judge(spread);
        assertFalse(failed.meets());
        assertTrue(failed.measured());
        assertTrue(failed.reason().startsWith("c0: p99 95 % upper bound 560.0us"), failed.reason());
        assertTrue(failed.reason().endsWith("> 500us (mean 386.3us over 4 replications)"), failed.reason());
        List<RunResult> thin = List.of(run(0, sampled("c0", 300_000, 2000)), run(0, sampled("c0", 300_000, 900)));
        assertFalse(objective.judge(thin).measured(), "an under-sampled replication is not measured");
        assertEquals("--slo-confidence: needs replications to have an interval, but each probe runs 1 time; accepted: with"
                + " --replications N (or replications: N in the file), N at least 2",
                assertThrows(ConfigurationException.class, () -> Objective.parse(List.of("p99=1ms")).withConfidence(95, 1)).getMessage());
        assertTrue(assertThrows(ConfigurationException.class, () -> Objective.parse(List.of("p99=1ms")).withConfidence(100, 4))
                .getMessage().startsWith("--slo-confidence: 100.0; accepted: a confidence level"));
    }

    @Test
    void badOptionsNameTheOptionTheValueAndWhatIsAccepted() {
        assertEquals("--slo: missing; accepted: at least one METRIC=VALUE, such as --slo p99=500us; metrics: "
                + SloMetric.accepted(), message(List.of()));
        assertTrue(message(List.of("p95=1ms")).startsWith("--slo: unknown metric 'p95' in 'p95=1ms'; accepted: p50, p99, p999"),
                message(List.of("p95=1ms")));
        assertEquals("--slo p99: unknown unit 'xs' in '500xs'; accepted: a duration such as 500ns, 60us, 200ms or 2s, in ns, us (or µs), ms, s, min",
                message(List.of("p99=500xs")));
        assertTrue(message(List.of("p99")).startsWith("--slo: 'p99' is not METRIC=VALUE; accepted: "), message(List.of("p99")));
        assertTrue(message(List.of("ops=lots")).startsWith("--slo ops: 'lots' is not a throughput; accepted: "));
        assertTrue(message(List.of("p99=0us")).startsWith("--slo p99: '0us' is zero; accepted: a positive latency"));
        assertEquals("--slo: p99 is bounded twice ('p99=500us' and 'P99=1ms'); accepted: one bound per metric",
                message(List.of("p99=500us", "P99=1ms")));
        assertEquals(50_000, Objective.parse(List.of("ops=50k")).bounds().getFirst().limit());
        assertEquals(1_500_000, Objective.parse(List.of("ops=1.5M")).bounds().getFirst().limit());
        assertEquals(2_000_000, Objective.parse(List.of("p999=2ms")).bounds().getFirst().limit());
    }

    private static String message(List<String> options) {
        return assertThrows(ConfigurationException.class, () -> Objective.parse(options)).getMessage();
    }
}
