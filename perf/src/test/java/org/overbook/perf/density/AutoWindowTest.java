package org.overbook.perf.density;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.overbook.perf.run.Metrics;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.SampleSize;
import org.overbook.perf.run.SmallScenarios;
import org.overbook.perf.run.SteadyState;
import org.overbook.perf.run.TenantRow;
import org.overbook.perf.run.TimeSeries;
import org.overbook.perf.scenario.Scenario;
import org.overbook.perf.scenario.ScenarioLoader;

/** --auto-window's rule: how much longer a warm-up or window a probe that could not be measured gets, and its bounds. */
class AutoWindowTest {

    /** 40 ms warm-up, then 60 ms. */
    private static final Scenario SCENARIO = ScenarioLoader.standard().parse(SmallScenarios.DENSITY, "test").points().getFirst()
            .scenario();
    private static final Objective P99 = Objective.parse(List.of("p99=500us"));

    /** A memaslap client that ended its load phase at {@code loadEnd} ns (-1: still loading, {@code loaded} keys of 6144 set). */
    private static TenantRow client(String name, long loadEnd, long loaded, long requests) {
        Map<String, Number> m = new LinkedHashMap<>();
        m.put(Metrics.LATENCY_COUNT, requests);
        m.put(Metrics.P99, 30_000L);
        m.put(SampleSize.flagColumn(Metrics.P99), requests < 1000 ? 1L : 0L);
        m.put(SteadyState.LOAD_END, loadEnd);
        m.put("workload.loaded_keys", loaded);
        m.put("workload.keys_to_load", 6144L);
        return new TenantRow(name, "client", "memaslap", m);
    }

    private static RunResult run(Scenario scenario, TenantRow... clients) {
        TreeMap<String, Histogram> histograms = new TreeMap<>();
        for (TenantRow c : clients) {
            histograms.put(c.name() + "/requests", new Histogram(3));
        }
        return new RunResult(0, "", Map.of(), scenario, "", 1, List.of(clients), Map.of(), histograms,
                new TimeSeries(0, List.of(), new long[] {0}, new long[0]));
    }

    @Test
    void aLoadPhaseOverrunningTheWarmUpGetsAWarmUpOfOneAndAQuarterTimesItsEnd() {
        RunResult late = run(SCENARIO, client("c0", 30_000_000, 6144, 1200), client("c1", 55_800_000, 6144, 500));
        AutoWindow.Window w = AutoWindow.next(SCENARIO, SCENARIO, List.of(late), P99);
        assertEquals(70_000_000, w.warmUpNanos(), "1.25 x 55.8 ms = 69.75 ms, rounded up to a whole millisecond");
        assertEquals(60_000_000, w.durationNanos(), "the window stays: its requests were counted while loading");
        assertEquals("warm-up 40.0 ms -> 70.0 ms (the last load phase ends at about 55.8 ms)", w.why());
    }

    @Test
    void aGeneratorStillLoadingIsExtrapolatedAndAStepAtMostQuadruples() {
        // 1536 of 6144 keys in the whole 100 ms run: about 400 ms to load them all; 1.25x that is capped at 4 x 40 ms.
        RunResult loading = run(SCENARIO, client("c0", -1, 1536, 0));
        assertEquals(160_000_000, AutoWindow.next(SCENARIO, SCENARIO, List.of(loading), P99).warmUpNanos());
        // 5120 of 6144 keys in 100 ms: about 120 ms to load them all, and 1.25x that is 150 ms.
        RunResult most = run(SCENARIO, client("c0", -1, 5120, 0));
        assertEquals(150_000_000, AutoWindow.next(SCENARIO, SCENARIO, List.of(most), P99).warmUpNanos());
    }

    @Test
    void anUnderSampledP99GetsAWindowLongEnoughForItsRequests() {
        RunResult thin = run(SCENARIO, client("c0", 30_000_000, 6144, 823), client("c1", 30_000_000, 6144, 1500));
        AutoWindow.Window w = AutoWindow.next(SCENARIO, SCENARIO, List.of(thin), P99);
        assertEquals(40_000_000, w.warmUpNanos());
        assertEquals(92_000_000, w.durationNanos(), "1.25 x 1000 / 823 x 60 ms = 91.1 ms, rounded up");
        assertEquals("window 60.0 ms -> 92.0 ms (c0's p99 from 823 requests, needs 1000)", w.why());
        RunResult few = run(SCENARIO, client("c0", 30_000_000, 6144, 20));
        assertEquals(240_000_000, AutoWindow.next(SCENARIO, SCENARIO, List.of(few), P99).durationNanos(), "at most 4x per step");
    }

    @Test
    void theRunNeverExceedsSixteenTimesTheFilesAndNothingElseIsLengthened() {
        RunResult thin = run(SCENARIO, client("c0", 30_000_000, 6144, 20));
        Scenario at = ScenarioLoader.standard().parse(SmallScenarios.DENSITY.replace("duration: 60ms", "duration: 1560ms"), "long")
                .points().getFirst().scenario();
        assertNull(AutoWindow.next(at, SCENARIO, List.of(run(at, client("c0", 30_000_000, 6144, 20))), P99),
                "40 ms + 1560 ms is already 16 x the file's 100 ms");
        assertEquals(240_000_000, AutoWindow.next(SCENARIO, SCENARIO, List.of(thin), P99).durationNanos());
        assertNull(AutoWindow.next(SCENARIO, SCENARIO, List.of(run(SCENARIO, client("c0", 30_000_000, 6144, 1200))), P99),
                "steady and well sampled: nothing to lengthen");
    }
}
