package org.overbook.perf.cli;

import java.util.Locale;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * How far a sweep has got, for the line it prints as each simulation finishes: how many of them have finished (the
 * points finish out of file order when they run side by side, so a point's own number says nothing of it), and about
 * how long the rest will take at the pace so far (wall time since the sweep started, over the simulations finished).
 * The clock is the wall clock, never the model's: the estimate is printed, never written to the results.
 */
final class SweepProgress {

    private final int total;
    private final LongSupplier clock;
    private final long start;
    private int finished;

    /** Returns the progress of a sweep of {@code total} simulations starting now on the wall clock. */
    SweepProgress(int total) {
        this(total, System::nanoTime);
    }

    /** Returns the progress of a sweep of {@code total} simulations starting now on {@code clock} (nanoseconds). */
    SweepProgress(int total, LongSupplier clock) {
        this.total = total;
        this.clock = Objects.requireNonNull(clock, "clock");
        this.start = clock.getAsLong();
    }

    /**
     * Counts one more simulation finished and returns what to add to its line: {@code (3 of 40 finished, about 2 min
     * left)}, or {@code (40 of 40 finished)} for the last.
     */
    synchronized String oneFinished() {
        finished++;
        if (finished >= total) {
            return String.format(Locale.ROOT, "(%d of %d finished)", finished, total);
        }
        double perOne = (double) (clock.getAsLong() - start) / finished;
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
