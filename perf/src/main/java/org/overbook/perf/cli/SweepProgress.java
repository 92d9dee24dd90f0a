package org.overbook.perf.cli;

import java.util.Locale;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * How far a sweep has got, for the line it prints as each simulation finishes: how many of them have finished (the
 * points finish out of file order when they run side by side, so a point's own number says nothing of it), and about
 * how long the rest will take at the pace so far (wall time since the sweep started, over the simulations finished
 * since; those reused from an interrupted run count as finished from the start, and not in the pace).
 * The clock is the wall clock, never the model's: the estimate is printed, never written to the results.
 */
final class SweepProgress {

    private final int total;
    /** The simulations reused from an interrupted run: finished before the sweep started, so not part of its pace. */
    private final int reused;
    private final LongSupplier clock;
    private final long start;
    private int finished;

    /**
     * Returns the progress of a sweep of {@code total} simulations starting now on the wall clock, {@code reused} of
     * which an interrupted run had finished.
     */
    SweepProgress(int total, int reused) {
        this(total, reused, System::nanoTime);
    }

    /** As {@link #SweepProgress(int, int)}, on {@code clock} (nanoseconds). */
    SweepProgress(int total, int reused, LongSupplier clock) {
        this.total = total;
        this.reused = reused;
        this.finished = reused;
        this.clock = Objects.requireNonNull(clock, "clock");
        this.start = clock.getAsLong();
    }

    /**
     * Counts one more simulation finished (run by this sweep) and returns what to add to its line: {@code (3 of 40
     * finished, about 2 min left)}, or {@code (40 of 40 finished)} for the last.
     */
    synchronized String oneFinished() {
        finished++;
        if (finished >= total) {
            return String.format(Locale.ROOT, "(%d of %d finished)", finished, total);
        }
        double perOne = (double) (clock.getAsLong() - start) / (finished - reused);
        return String.format(Locale.ROOT, "(%d of %d finished, about %s left)", finished, total,
                duration(perOne * (total - finished)));
    }

    /** Returns {@code nanos} as a person would say it: seconds up to 90, minutes up to 90, then hours. */
    static String duration(double nanos) {
        double seconds = nanos / 1e9;
        if (seconds < 1) {
            return "1 s";
        }
        if (seconds < 90) {
            return Math.round(seconds) + " s";
        }
        double minutes = seconds / 60;
        if (minutes < 90) {
            return Math.round(minutes) + " min";
        }
        return String.format(Locale.ROOT, "%.1f h", minutes / 60);
    }
}
