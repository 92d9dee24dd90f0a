package org.overbook.perf.run;

import com.github.benmanes.caffeine.cache.AsyncCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
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
 * simulation computes. Each simulation runs single-threaded on one worker of {@code executor}, with its
 * hosts' files in a directory of its own.
 */
public final class PointCache {

    private final Runner runner;
    private final Path workDirectory;
    private final AsyncCache<Scenario, TimedResult> cache;
    private final AtomicLong runs = new AtomicLong();

    /**
     * @param runner        runs one point
     * @param workDirectory where each run gets a directory of its own for its hosts' files
     * @param executor      the workers simulations run on
     * @param maximumSize   how many results to keep
     */
    public PointCache(Runner runner, Path workDirectory, Executor executor, long maximumSize) {
        this.runner = runner;
        this.workDirectory = workDirectory;
        this.cache = Caffeine.newBuilder().executor(executor).maximumSize(maximumSize).buildAsync();
    }

    /**
     * Returns the result of {@code point}, running it unless its scenario has run (or is running) already.
     * {@code progress} is the first asker's: if it throws a {@link CancellationException} the run is abandoned
     * (its deployment closed), the future fails with that exception and the cache forgets the point, so a later
     * request runs it afresh. Any other failure is forgotten the same way.
     */
    public CompletableFuture<TimedResult> get(SweepPoint point, Runner.Progress progress) {
        return cache.get(point.scenario(), (scenario, executor) -> {
            CompletableFuture<TimedResult> future = new CompletableFuture<>();
            executor.execute(() -> {
                Path directory = workDirectory.resolve("run-" + runs.incrementAndGet());
                try {
                    future.complete(runner.run(point, directory, progress));
                } catch (RuntimeException | Error e) {
                    future.completeExceptionally(e); // unwrapped: Caffeine logs every failure but a cancellation
                } finally {
                    deleteIfEmpty(directory);
                }
            });
            return future;
        }).thenApply(result -> relabel(result, point));
    }

    private static void deleteIfEmpty(Path directory) {
        try {
            Files.deleteIfExists(directory);
        } catch (IOException e) {
            // not empty (a kept swap file) or already gone: nothing to do
        }
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
        return new TimedResult(r.relabeled(point.index(), point.label(), point.values(), point.yaml()), timed.wallNanos(), timed.setUpNanos());
    }
}
