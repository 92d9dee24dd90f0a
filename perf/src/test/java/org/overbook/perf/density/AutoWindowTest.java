package org.overbook.perf.density;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

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

    private static AutoWindow.Window window(Scenario scenario, RunResult result) {
        return assertInstanceOf(AutoWindow.Window.class, AutoWindow.next(scenario, SCENARIO, List.of(result), P99));
    }

    private static String stop(Scenario scenario, RunResult result) {
        return assertInstanceOf(AutoWindow.Stop.class, AutoWindow.next(scenario, SCENARIO, List.of(result), P99)).why();
    }

    @Test
    void aLoadPhaseOverrunningTheWarmUpGetsAWarmUpOfOneAndAQuarterTimesItsEnd() {
        RunResult late = run(SCENARIO, client("c0", 30_000_000, 6144, 1200), client("c1", 55_800_000, 6144, 500));
        AutoWindow.Window w = window(SCENARIO, late);
        assertEquals(70_000_000, w.warmUpNanos(), "1.25 x 55.8 ms = 69.75 ms, rounded up to a whole millisecond");
        assertEquals(60_000_000, w.durationNanos(), "the window stays: its requests were counted while loading");
        assertEquals("warm-up 40.0 ms -> 70.0 ms (the last load phase ends at about 55.8 ms)", w.why());
    }

    @Test
    void aGeneratorStillLoadingIsExtrapolatedAndAStepAtMostQuadruples() {
        // 1536 of 6144 keys in the whole 100 ms run: about 400 ms to load them all; 1.25x that is capped at 4 x 40 ms.
        RunResult loading = run(SCENARIO, client("c0", -1, 1536, 0));
        assertEquals(160_000_000, window(SCENARIO, loading).warmUpNanos());
        // 5120 of 6144 keys in 100 ms: about 120 ms to load them all, and 1.25x that is 150 ms.
        RunResult most = run(SCENARIO, client("c0", -1, 5120, 0));
        assertEquals(150_000_000, window(SCENARIO, most).warmUpNanos());
    }

    @Test
    void anUnderSampledP99GetsAWindowLongEnoughForItsRequests() {
        RunResult thin = run(SCENARIO, client("c0", 30_000_000, 6144, 823), client("c1", 30_000_000, 6144, 1500));
        AutoWindow.Window w = window(SCENARIO, thin);
        assertEquals(40_000_000, w.warmUpNanos());
        assertEquals(92_000_000, w.durationNanos(), "1.25 x 1000 / 823 x 60 ms = 91.1 ms, rounded up");
        assertEquals("window 60.0 ms -> 92.0 ms (c0's p99 from 823 requests, needs 1000)", w.why());
        RunResult few = run(SCENARIO, client("c0", 30_000_000, 6144, 200));
        assertEquals(240_000_000, window(SCENARIO, few).durationNanos(), "1.25 x 1000 / 200 x 60 ms = 375 ms; at most 4x per step");
    }

    @Test
    void theRunNeverExceedsSixteenTimesTheFilesAndNothingElseIsLengthened() {
        Scenario at = ScenarioLoader.standard().parse(SmallScenarios.DENSITY.replace("duration: 60ms", "duration: 1200ms"), "long")
                .points().getFirst().scenario();
        assertEquals(1_531_000_000, window(at, run(at, client("c0", 30_000_000, 6144, 980))).durationNanos(),
                "1.25 x 1000 / 980 x 1200 ms = 1,530.6 ms, within 16 x the file's 100 ms less the 40 ms warm-up");
        assertEquals("c0's p99 from 900 requests, needs 1000, so it needs a window of 1667.0 ms, past 16x the file's warm-up"
                + " plus window (1600.0 ms)", stop(at, run(at, client("c0", 30_000_000, 6144, 900))));
        assertEquals("", stop(SCENARIO, run(SCENARIO, client("c0", 30_000_000, 6144, 1200))),
                "steady and well sampled: nothing to lengthen");
    }

    @Test
    void noRunIsMadeWhenTheEstimateAlreadyPassesTheCap() {
        assertEquals("c0's p99 from 20 requests, needs 1000, so it needs a window of 3750.0 ms, past 16x the file's warm-up"
                + " plus window (1600.0 ms)", stop(SCENARIO, run(SCENARIO, client("c0", 30_000_000, 6144, 20))));
        // 96 of 6144 keys in the whole 100 ms run: about 6.4 s to load them all.
        assertEquals("the last load phase ends at about 6400.0 ms, so it needs a warm-up of 8000.0 ms, past 16x the file's"
                + " warm-up plus window (1600.0 ms)", stop(SCENARIO, run(SCENARIO, client("c0", -1, 96, 0))));
    }
}
