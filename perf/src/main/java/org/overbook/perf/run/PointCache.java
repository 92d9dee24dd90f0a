package org.overbook.perf.run;

import com.github.benmanes.caffeine.cache.AsyncCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.nio.file.Path;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import org.overbook.perf.scenario.Scenario;
import org.overbook.perf.scenario.SweepPoint;

/**
 * Results of sweep points, computed at most once per resolved scenario and in parallel.
 *
 * <p>A simulation's result depends on its scenario alone (determinism), so a Caffeine
 * {@link AsyncCache} keyed by the value-equal {@link Scenario} may hand one computation to every
 * request for that scenario: a point asked twice (overlapping sweeps, a search revisiting a point, two
 * workers at once) runs once, and eviction can only cost a re-run, never change an answer. Caffeine's
 * admission policy is not deterministic, which is why it decides only what to keep, never what a
 * simulation computes. Each simulation runs single-threaded wherever the {@link PointExecutor} runs it: a
 * thread of this JVM with its hosts' files in a directory of its own, or a task on a cluster.
 *
 * <p>A command's cache is bounded by the bytes its results take ({@link #holding}, {@link RunResult#footprintBytes()}),
 * not by their number: a result is anything from a few kilobytes to megabytes (a histogram's counts cover every value up
 * to its largest; the series sample every tenant and CPU a hundred times), so a thousand of them, the bound this cache
 * once had, could hold gigabytes that a sweep of thousands of points, which keeps only each point's summary, never
 * asked for.
 *
 * <p>The cache holds outcomes, never failed futures: Caffeine logs every exceptionally completed load with
 * its stack trace, and a point that fails on bad input (a verbs call a workload cannot make, a scenario the
 * model refuses) must reach the user as one line from the command, not as a logged trace.
 */
public final class PointCache {

    /**
     * What a command's cache keeps at most of results, by {@link RunResult#footprintBytes()}: 16 MiB, some sixty points
     * of a cheap memcached sweep, enough for the points a sweep asks twice at once or a search revisits soon after.
     */
    public static final long COMMAND_BYTES = 16L << 20;

    private final PointExecutor points;
    private final AsyncCache<Scenario, Outcome> cache;
    private final AtomicLong runs = new AtomicLong();

    /**
     * @param runner        runs one point
     * @param workDirectory where each run gets a directory of its own for its hosts' files
     * @param executor      the workers simulations run on
     * @param maximumSize   how many results to keep
     */
    public PointCache(Runner runner, Path workDirectory, Executor executor, long maximumSize) {
        this(new LocalPointExecutor(runner, workDirectory, executor, 1), maximumSize);
    }

    /**
     * @param points      where points run: threads of this JVM, or a cluster's executors
     * @param maximumSize how many results to keep
     */
    public PointCache(PointExecutor points, long maximumSize) {
        this(points, Caffeine.newBuilder().maximumSize(maximumSize).buildAsync());
    }

    private PointCache(PointExecutor points, AsyncCache<Scenario, Outcome> cache) {
        this.points = points;
        this.cache = cache;
    }

    /**
     * Returns a cache of results running on {@code points} that keeps as many results as take about {@code maximumBytes}
     * ({@link RunResult#footprintBytes()}; a failure weighs nothing, and is not kept anyway).
     */
    public static PointCache holding(PointExecutor points, long maximumBytes) {
        return new PointCache(points, Caffeine.newBuilder().maximumWeight(maximumBytes)
                .weigher((Scenario scenario, Outcome outcome) -> outcome.result() == null ? 0
                        : (int) Math.min(Integer.MAX_VALUE, outcome.result().result().footprintBytes()))
                .buildAsync());
    }

    /**
     * Returns the result of {@code point}, running it unless its scenario has run (or is running) already.
     * {@code progress} is the first asker's: if it throws a {@link CancellationException} the run is abandoned
     * (its deployment closed), the future fails with that exception and the cache forgets the point, so a later
     * request runs it afresh. Any other failure is forgotten the same way.
     */
    public CompletableFuture<TimedResult> get(SweepPoint point, Runner.Progress progress) {
        Scenario key = point.scenario();
        CompletableFuture<Outcome> outcome = cache.get(key, (scenario, executor) -> {
            runs.incrementAndGet();
            return points.run(point, progress).handle((result, failure) -> new Outcome(result, unwrapped(failure)));
        });
        return outcome.thenCompose(o -> {
            if (o.failure() != null) {
                cache.asMap().remove(key, outcome);
                return CompletableFuture.failedFuture(o.failure());
            }
            return CompletableFuture.completedFuture(relabel(o.result(), point));
        });
    }

    /** Returns how many simulations have been run (not served from the cache). */
    public long runs() {
        return runs.get();
    }

    /** Returns a result computed for an equal scenario under {@code point}'s index, label and YAML. */
    private static TimedResult relabel(TimedResult timed, SweepPoint point) {
        RunResult r = timed.result();
        if (r.index() == point.index() && r.label().equals(point.label())) {
            return timed;
        }
        return timed.withResult(r.relabeled(point.index(), point.label(), point.values(), point.yaml()));
    }

    /** Returns what a stage's failure wraps, so callers see the run's own exception, as a failed run gives it. */
    private static Throwable unwrapped(Throwable failure) {
        return failure instanceof CompletionException wrapper && wrapper.getCause() != null ? wrapper.getCause() : failure;
    }

    /** What running a point gave: its result, or the failure it ended in. */
    private record Outcome(TimedResult result, Throwable failure) {
    }
}
