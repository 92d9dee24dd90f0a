package org.overbook.perf.run;

import java.util.concurrent.CompletableFuture;
import org.overbook.perf.scenario.SweepPoint;

/**
 * Where the points of a sweep, a density search or a reproduction run: the seam between what asks for points
 * ({@link PointCache}) and what runs them. The default is {@link LocalPointExecutor}, a pool of threads in this
 * JVM; a cluster ({@link ClusterConnector}, found only when one is asked for) runs each point as a remote task.
 *
 * <p>Whatever runs a point runs it single-threaded and deterministically from its resolved scenario alone, so
 * every implementation returns an equal {@link RunResult} for the same point: the results folder, written by
 * the caller alone, does not depend on where the points ran.
 */
public interface PointExecutor extends AutoCloseable {

    /**
     * Starts running {@code point} and returns its result. {@code progress} is told how far the run has got and
     * may throw a {@link java.util.concurrent.CancellationException} to abandon it (the future then fails with
     * that exception); an implementation that cannot see inside a remote run calls it with {@code nowNanos = 0}
     * while the point is pending, so that abandoning still works. A failure is returned in the future, never
     * thrown.
     */
    CompletableFuture<TimedResult> run(SweepPoint point, Runner.Progress progress);

    /** Returns how many points run at once (threads, or cores of the cluster's executors). */
    int parallelism();

    /** Returns where the points run, for a summary line: {@code 2 threads}, {@code spark://host:7077, 4 cores}. */
    String describe();

    /** Stops running points and releases the threads or the cluster connection. */
    @Override
    void close();
}
