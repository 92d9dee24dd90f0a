package org.overbook.perf.run;

import java.util.Objects;

/**
 * A run's result with how long it took on the wall clock. The wall time is the one figure that is not
 * deterministic, so it lives here, beside the {@link RunResult}, and is never written into
 * {@code summary.csv} (the results writer puts it in {@code timing.txt}).
 *
 * @param result    the deterministic result
 * @param wallNanos  wall-clock nanoseconds the simulation took (build, warm-up, measured part, collection)
 * @param setUpNanos wall-clock nanoseconds of the build alone (hosts, swap stores, NICs, workloads booted)
 */
public record TimedResult(RunResult result, long wallNanos, long setUpNanos) {

    public TimedResult {
        Objects.requireNonNull(result, "result");
    }

    /** Returns a result whose set-up time was not measured (0). */
    public TimedResult(RunResult result, long wallNanos) {
        this(result, wallNanos, 0);
    }

    /** Returns simulated events per wall-clock second. */
    public double eventsPerSecond() {
        return wallNanos == 0 ? 0 : result.events() * 1e9 / wallNanos;
    }
}
