package org.overbook.perf.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.IntConsumer;
import org.overbook.perf.report.Replicated;
import org.overbook.perf.report.ResultsWriter;
import org.overbook.perf.run.PointCache;
import org.overbook.perf.run.PointExecutor;
import org.overbook.perf.run.Replications;
import org.overbook.perf.run.Runner;
import org.overbook.perf.run.SwapArea;
import org.overbook.perf.run.TimedResult;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code overbook sweep FILE [--out DIR] [--threads N] [--master URL]}: the cross product of the file's sweep
 * axes, points running in parallel on all cores, or as tasks of a Spark cluster (each simulation single-threaded
 * and deterministic) through a {@link PointCache}, one row per point. The results folder is the same, byte for
 * byte, whatever the number of threads and wherever the points ran.
 */
@Command(name = "sweep", mixinStandardHelpOptions = true,
        description = {"Runs every point of a scenario file's sweep, in parallel on all cores.",
                "Writes the same results folder as run, whatever the parallelism."})
final class SweepCommand implements Callable<Integer> {

    /** The least wall time between two writes of a sweep's folder before its end (wall time: not the model's). */
    private static final long PARTIAL_WRITE_NANOS = 1_000_000_000L;
    /**
     * The least wall time between two writes as a multiple of the last write's own: a write re-serialises every point
     * so far (a sweep of 300 cheap points, 30 MB of summaries and series, took 0.7 s), so at a fixed second apart a
     * long sweep would spend its time writing; this keeps writing to a tenth of it, whatever the number of points.
     */
    private static final long PARTIAL_WRITE_SHARE = 10;

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "Scenario YAML file with a sweep.")
    private Path file;

    @Mixin
    private OutputOption output;

    @Mixin
    private PluginsOption plugins;

    @Mixin
    private ThreadsOption parallelism;

    @Mixin
    private ClusterOption cluster;

    @Mixin
    private ReplicationsOption replications;

    @Override
    public Integer call() throws InterruptedException {
        PrintWriter stdout = spec.commandLine().getOut();
        int threads = parallelism.threads();
        ScenarioLoader loader = plugins.loader();
        ScenarioFile scenarios = replications.apply(loader.load(file));
        Path folder = output.folder(RunCommand.nameOf(file));
        if (cluster.isLocal()) {
            SwapArea.standard().requireRoom(scenarios.points().stream().map(Runner::maxSwapBytesOnDisk).toList(), threads);
        }
        try (PointExecutor executor = cluster.open(Runner.standard(loader.registry()), folder.resolve(ResultsWriter.WORK), threads,
                "overbook sweep " + file.getFileName(), plugins.plugins().jars())) {
            PointCache cache = new PointCache(executor, 1024);
            List<SweepPoint> points = scenarios.points();
            List<CompletableFuture<TimedResult>> futures = new ArrayList<>();
            int n = scenarios.replications();
            for (SweepPoint point : Replications.of(points, n)) {
                futures.add(cache.get(point, Runner.Progress.none()).whenComplete((result, error) -> {
                    if (ErrorReporter.exiting()) {
                        return;
                    }
                    synchronized (stdout) {
                        stdout.printf("point %d of %d%s %s%n", point.index(), points.size(), RunCommand.replicationName(point, n),
                                error == null ? "done: " + point.label() : "failed: " + point.label());
                        stdout.flush();
                    }
                }));
            }
            ResultsWriter writer = new ResultsWriter(folder, folder.resolve(ResultsWriter.WORK));
            List<TimedResult> results = writeAsTheyComplete(futures, writer, scenarios.source(), i -> { });
            writer.write(scenarios.source(), results, futures.size());
            RunCommand.deleteIfEmpty(folder.resolve(ResultsWriter.WORK));
            List<TimedResult> primaries = new Replicated(results).primaries();
            SummaryTable.printAll(stdout, primaries);
            IntervalTable.print(stdout, new Replicated(results));
            stdout.printf("%n%d points, %d simulations run, %s%nresults: %s%n", points.size(), cache.runs(), executor.describe(),
                    folder.toAbsolutePath());
            KeptSwap.print(stdout, folder);
            stdout.flush();
            return RunCommand.verdict(results, spec.commandLine().getErr());
        } catch (ExecutionException e) {
            throw ErrorReporter.causeOf(e);
        }
    }

    /**
     * Waits for {@code futures} in file order and writes the folder as they complete, as run writes it, so that a
     * sweep stopped part way (Ctrl-C) keeps what finished, marked INCOMPLETE. At most once a second, since every write
     * redraws the charts across points and a sweep of hundreds would spend its time drawing; but a point that
     * completed within a second of the last write is written a second after it, not only with the next one. Once a
     * write takes more than a tenth of a second, the next waits ten times as long as it took ({@link #pause}). The
     * last write, of every point, is the caller's. {@code completed} is told the place in {@code futures} of each
     * result as it is taken, in order ({@code run} closes that point's progress display).
     */
    static List<TimedResult> writeAsTheyComplete(List<CompletableFuture<TimedResult>> futures, ResultsWriter writer,
                                                 String source, IntConsumer completed)
            throws InterruptedException, ExecutionException {
        List<TimedResult> results = new ArrayList<>();
        long lastWrite = System.nanoTime();
        long pause = PARTIAL_WRITE_NANOS;
        boolean unwritten = false;
        for (CompletableFuture<TimedResult> future : futures) {
            while (unwritten && !future.isDone()) {
                long wait = pause - (System.nanoTime() - lastWrite);
                if (wait <= 0) {
                    long start = System.nanoTime();
                    writer.write(source, results, futures.size());
                    lastWrite = System.nanoTime();
                    pause = pause(lastWrite - start);
                    unwritten = false;
                } else {
                    try {
                        future.get(wait, TimeUnit.NANOSECONDS);
                    } catch (TimeoutException e) {
                        // time to write what completed meanwhile
                    }
                }
            }
            results.add(future.get());
            completed.accept(results.size() - 1);
            if (results.size() < futures.size()) {
                unwritten = System.nanoTime() - lastWrite < pause;
                if (!unwritten) {
                    long start = System.nanoTime();
                    writer.write(source, results, futures.size());
                    lastWrite = System.nanoTime();
                    pause = pause(lastWrite - start);
                }
            }
        }
        return results;
    }

    /** Returns the least wall time from the end of a write that took {@code writeNanos} to the start of the next. */
    static long pause(long writeNanos) {
        return Math.max(PARTIAL_WRITE_NANOS, PARTIAL_WRITE_SHARE * writeNanos);
    }
}
