package org.overbook.perf.cli;

import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.LongSupplier;

/**
 * The pace at which a long command writes its results folder while its runs go on ({@code run}, {@code sweep},
 * {@code density}, {@code sensitivity}), so that Ctrl-C keeps what finished without the command spending its time
 * writing. A write of what has finished so far is made at once if the last write ended at least a second ago and at
 * least ten times as long ago as it took ({@link #pause}; the first write's own time does not count, as it carries the
 * process's one-off costs, loading the chart library and its fonts among them, which once made a sensitivity study
 * wait ten seconds for its second write); otherwise it is held, and made as soon as the pace allows
 * while the command waits for its next run ({@link #await}), unless a later write replaces it first. A command that
 * waits elsewhere (a density search judges its probes inside the search) makes a held write with its next one. The
 * last write, of everything, is the command's own, made whenever it comes.
 *
 * <p>The clock is the wall clock, never the model's: when a folder is written changes nothing in what it holds.
 */
final class PacedWrites {

    /** The least wall time between two writes before the command's end. */
    static final long LEAST_PAUSE_NANOS = 1_000_000_000L;
    /**
     * The least wall time between two writes as a multiple of the last write's own: a write re-serialises everything
     * so far (a sweep of 300 cheap points, 30 MB of summaries and series, took 0.7 s), so at a fixed second apart a
     * long sweep would spend its time writing; this keeps writing to a tenth of it, whatever the number of points.
     */
    static final long WRITE_SHARE = 10;

    private final LongSupplier clock;
    private long lastWrite;
    private long pause = LEAST_PAUSE_NANOS;
    /** The write offered and not yet made, or null. */
    private Runnable held;
    private boolean written;

    /** Returns the pace of a command starting now: its first write comes a second on at the earliest. */
    PacedWrites() {
        this(System::nanoTime);
    }

    /** Returns the pace on {@code clock} (nanoseconds, as {@link System#nanoTime}). */
    PacedWrites(LongSupplier clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.lastWrite = clock.getAsLong();
    }

    /**
     * Offers {@code write}, of what has finished so far: made now if the pace allows, else held in place of any write
     * held before (it writes less).
     */
    void offer(Runnable write) {
        held = Objects.requireNonNull(write, "write");
        if (remaining() <= 0) {
            writeHeld();
        }
    }

    /** Returns {@code future}'s value, waiting for it; meanwhile makes the held write once the pace allows. */
    <T> T await(Future<T> future) throws InterruptedException, ExecutionException {
        while (held != null && !future.isDone()) {
            long wait = remaining();
            if (wait <= 0) {
                writeHeld();
            } else {
                try {
                    return future.get(wait, TimeUnit.NANOSECONDS);
                } catch (TimeoutException e) {
                    // time to make the held write
                }
            }
        }
        return future.get();
    }

    /** Makes the held write now, whatever the pace, if there is one: for a command that ends on a failure. */
    void flush() {
        if (held != null) {
            writeHeld();
        }
    }

    /**
     * Makes the held write now, for a command that {@code failure} (a run that failed) ends, so that it keeps what had
     * finished before it; not when the process is exiting (Ctrl-C: the folder is no longer written). A failure to write
     * is added to {@code failure}, which is the one to report.
     */
    void keepBefore(Exception failure) {
        if (ErrorReporter.exiting()) {
            return;
        }
        try {
            flush();
        } catch (RuntimeException writing) {
            failure.addSuppressed(writing);
        }
    }

    private void writeHeld() {
        Runnable write = held;
        held = null;
        long start = clock.getAsLong();
        write.run();
        lastWrite = clock.getAsLong();
        pause = written ? pause(lastWrite - start) : LEAST_PAUSE_NANOS;
        written = true;
    }

    private long remaining() {
        return pause - (clock.getAsLong() - lastWrite);
    }

    /** Returns the least wall time from the end of a write that took {@code writeNanos} to the start of the next. */
    static long pause(long writeNanos) {
        return Math.max(LEAST_PAUSE_NANOS, WRITE_SHARE * writeNanos);
    }
}
