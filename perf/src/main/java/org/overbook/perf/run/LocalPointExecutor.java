package org.overbook.perf.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import org.overbook.perf.scenario.SweepPoint;

/**
 * Runs points on threads of this JVM, one simulation per thread, each with its hosts' files in a directory of
 * its own under a work directory (removed when empty). The default {@link PointExecutor}.
 */
public final class LocalPointExecutor implements PointExecutor {

    private final Runner runner;
    private final Path workDirectory;
    private final Executor executor;
    private final ExecutorService owned;
    private final int threads;
    private final AtomicLong runs = new AtomicLong();

    /** Runs points on {@code executor} (not shut down by {@link #close}), counted as {@code threads} at once. */
    public LocalPointExecutor(Runner runner, Path workDirectory, Executor executor, int threads) {
        this(runner, workDirectory, executor, null, threads);
    }

    private LocalPointExecutor(Runner runner, Path workDirectory, Executor executor, ExecutorService owned, int threads) {
        this.runner = runner;
        this.workDirectory = workDirectory;
        this.executor = executor;
        this.owned = owned;
        this.threads = threads;
    }

    /** Returns an executor with a pool of {@code threads} threads of its own, shut down by {@link #close}. */
    public static LocalPointExecutor withThreads(Runner runner, Path workDirectory, int threads) {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        return new LocalPointExecutor(runner, workDirectory, pool, pool, threads);
    }

    @Override
    public CompletableFuture<TimedResult> run(SweepPoint point, Runner.Progress progress) {
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
    }

    private static void deleteIfEmpty(Path directory) {
        try {
            Files.deleteIfExists(directory);
        } catch (IOException e) {
            // not empty (a kept swap file) or already gone: nothing to do
        }
    }

    @Override
    public int parallelism() {
        return threads;
    }

    @Override
    public String describe() {
        return threads + " thread" + (threads == 1 ? "" : "s");
    }

    @Override
    public void close() {
        if (owned != null) {
            owned.shutdownNow();
        }
    }
}
