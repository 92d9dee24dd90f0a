package org.overbook.perf.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.overbook.perf.scenario.SweepPoint;

/**
 * Runs points on threads of this JVM, one simulation per thread, each with its hosts' files in a directory of
 * its own under a work directory ({@code run-N}, removed when empty). The default {@link PointExecutor}.
 *
 * <p>The directories are numbered on from the highest {@code run-N} the work directory holds already, so that a
 * command into a results folder an earlier one wrote (a second run, a resumed one) never moves its kept swap files
 * ({@code host.keep-swap}) onto the earlier command's.
 */
public final class LocalPointExecutor implements PointExecutor {

    private static final String PREFIX = "run-";
    private static final Pattern RUN = Pattern.compile(PREFIX + "[0-9]{1,18}");

    private final Runner runner;
    private final Path workDirectory;
    private final Executor executor;
    private final ExecutorService owned;
    private final int threads;
    private final AtomicLong runs;

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
        this.runs = new AtomicLong(lastRun(workDirectory));
    }

    /** Returns the highest {@code N} of the {@code run-N} directories in {@code workDirectory}; 0 if it holds none. */
    public static long lastRun(Path workDirectory) {
        return Arrays.stream(runs(workDirectory)).max().orElse(0);
    }

    /** Returns the {@code N} of every {@code run-N} directory in {@code workDirectory}, in no order; none if it is absent. */
    public static long[] runs(Path workDirectory) {
        if (!Files.isDirectory(workDirectory)) {
            return new long[0];
        }
        try (Stream<Path> entries = Files.list(workDirectory)) {
            return entries.filter(Files::isDirectory).map(entry -> entry.getFileName().toString())
                    .filter(name -> RUN.matcher(name).matches()).mapToLong(name -> Long.parseLong(name.substring(PREFIX.length())))
                    .toArray();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + workDirectory, e);
        }
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
            Path directory = workDirectory.resolve(PREFIX + runs.incrementAndGet());
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
