package org.overbook.perf.density;

import java.util.List;
import java.util.Locale;
import org.overbook.perf.run.Metrics;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.SampleSize;
import org.overbook.perf.run.SteadyState;
import org.overbook.perf.run.TenantRow;
import org.overbook.perf.scenario.Scenario;

/**
 * {@code --auto-window}: the longer warm-up or measured window a probe needs when it could not be measured, so
 * that density re-runs it instead of giving up. Without the option the same calculation is the advice in the
 * probe's verdict.
 *
 * <h2>The rule (Overbook's choice)</h2>
 * <ul>
 *   <li>A load generator still loading when the window opened: the warm-up becomes {@value #MARGIN} times the
 *       latest end of a load phase (extrapolated from the keys set for a generator that never finished,
 *       {@link SteadyState#latestLoadEnd}), rounded up to a whole millisecond. The window stays.</li>
 *   <li>Otherwise, a bounded percentile under-sampled at some tenant (a p99 from {@code n < 1000} requests): the
 *       window becomes {@value #MARGIN} · {@code needed / n} times as long (a tenant's requests grow with its
 *       window in steady state), rounded up to a whole millisecond.</li>
 *   <li>Each step at most quadruples what it lengthens, and the run (warm-up plus window) never exceeds
 *       {@value #LONGEST} times the file's; at most {@value #RETRIES} re-runs per probe. Past that the probe stays
 *       "not measured", saying what was tried.</li>
 *   <li>When the estimate itself (before the quadrupling bound) already passes that cap, no re-run is made: a run
 *       the estimate says is too short cannot measure the probe, and it would cost up to {@value #LONGEST} times
 *       the file's run for nothing. The probe stays "not measured", saying what the estimate was.</li>
 * </ul>
 * Every figure comes from the probe's own result, so a probe's retries are a pure function of its scenario: the
 * same whatever the search order or the number of threads.
 */
final class AutoWindow {

    /** The most re-runs of one probe. */
    static final int RETRIES = 3;
    /** The margin over what the last run showed. */
    static final double MARGIN = 1.25;
    /** The most one step lengthens the warm-up or the window by. */
    static final double STEP = 4;
    /** The longest run, as a multiple of the file's warm-up plus window. */
    static final long LONGEST = 16;

    /**
     * The warm-up and window of the next run, and why.
     *
     * @param warmUpNanos   the new warm-up
     * @param durationNanos the new measured window
     * @param why           what changed and why: {@code warm-up 40.0 ms -> 70.0 ms (c25 ended its load phase at
     *                      55.8 ms)}
     */
    record Window(long warmUpNanos, long durationNanos, String why) implements Step {
    }

    /** No longer run can help, and why ({@code ""} when the probe was not short of steady state or samples). */
    record Stop(String why) implements Step {
    }

    /** What {@link #next} decides: a {@link Window} to re-run with, or a {@link Stop}. */
    sealed interface Step permits Window, Stop {
    }

    private AutoWindow() {
    }

    /**
     * Returns the warm-up and window a probe not measured in {@code replications} (run under {@code scenario})
     * needs, or a {@link Stop} when no longer run can help: it was not for want of steady state or samples, or the
     * run it needs would exceed {@value #LONGEST} times {@code original}'s.
     */
    static Step next(Scenario scenario, Scenario original, List<RunResult> replications, Objective objective) {
        long warmUp = scenario.warmUpNanos();
        long duration = scenario.durationNanos();
        long longest = LONGEST * original.endNanos();
        long loadEnd = replications.stream().mapToLong(SteadyState::latestLoadEnd).max().orElse(0);
        if (loadEnd > 0) {
            long estimate = ceilMillis(MARGIN * loadEnd);
            if (estimate > longest - duration) {
                return new Stop(String.format(Locale.ROOT, "the last load phase ends at about %s, so it needs a warm-up of"
                        + " %s, past %dx the file's warm-up plus window (%s)", millis(loadEnd), millis(estimate), LONGEST,
                        millis(longest)));
            }
            long longer = Math.min(estimate, (long) (STEP * Math.max(warmUp, 1_000_000L)));
            return longer <= warmUp ? new Stop("") : new Window(longer, duration, String.format(Locale.ROOT,
                    "warm-up %s -> %s (the last load phase ends at about %s)", millis(warmUp), millis(longer), millis(loadEnd)));
        }
        long fewest = Long.MAX_VALUE;
        long needed = 0;
        String who = "";
        for (RunResult result : replications) {
            for (TenantRow row : Objective.judged(result)) {
                for (Bound bound : objective.bounds()) {
                    long count = (long) row.value(Metrics.LATENCY_COUNT);
                    if (bound.metric().latency() && count > 0 && SampleSize.undersampled(row.metrics(), bound.metric().column())
                            && count < fewest) {
                        fewest = count;
                        needed = SampleSize.needed(bound.metric().percentile());
                        who = row.name() + "'s " + bound.metric().key() + " from " + count + " requests, needs " + needed;
                    }
                }
            }
        }
        if (fewest == Long.MAX_VALUE) {
            return new Stop("");
        }
        long estimate = ceilMillis(MARGIN * needed / fewest * duration);
        if (estimate > longest - warmUp) {
            return new Stop(String.format(Locale.ROOT, "%s, so it needs a window of %s, past %dx the file's warm-up plus"
                    + " window (%s)", who, millis(estimate), LONGEST, millis(longest)));
        }
        long longer = Math.min(ceilMillis(STEP * duration), estimate);
        return longer <= duration ? new Stop("") : new Window(warmUp, longer, String.format(Locale.ROOT, "window %s -> %s (%s)",
                millis(duration), millis(longer), who));
    }

    /** Returns {@code nanos} rounded up to a whole millisecond. */
    private static long ceilMillis(double nanos) {
        return (long) Math.ceil(nanos / 1e6) * 1_000_000L;
    }

    static String millis(long nanos) {
        return String.format(Locale.ROOT, "%.1f ms", nanos / 1e6);
    }
}
