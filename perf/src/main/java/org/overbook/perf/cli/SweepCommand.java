package org.overbook.perf.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.IntConsumer;
import org.overbook.perf.report.Replicated;
import org.overbook.perf.report.ResultsWriter;
import org.overbook.perf.resume.BuildStamp;
import org.overbook.perf.resume.StoreOwner;
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
 * {@code overbook sweep FILE [--out DIR] [--threads N] [--master URL] [--resume]}: the cross product of the file's
 * sweep axes, points running in parallel on all cores, or as tasks of a Spark cluster (each simulation
 * single-threaded and deterministic) through a {@link PointCache}, one row per point. The results folder is the same,
 * byte for byte, whatever the number of threads, wherever the points ran and whether some were reused from an
 * interrupted run ({@code --resume}, {@link Resumption}).
 */
@Command(name = "sweep", mixinStandardHelpOptions = true,
        description = {"Runs every point of a scenario file's sweep, in parallel on all cores.",
                "Writes the same results folder as run, whatever the parallelism."})
final class SweepCommand implements Callable<Integer> {

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

    @Mixin
    private ResumeOption resume;

    @Override
    public Integer call() throws InterruptedException {
        PrintWriter stdout = spec.commandLine().getOut();
        int threads = parallelism.threads();
        ScenarioLoader loader = plugins.loader();
        ScenarioFile scenarios = replications.apply(ScenarioWarnings.printed(loader.load(file), spec.commandLine().getErr()));
        if (cluster.isLocal()) {
            SwapArea.standard().requireRoom(scenarios.points().stream().map(Runner::maxSwapBytesOnDisk).toList(), threads);
        }
        resume.check(output);
        // claimed once nothing but the cluster (--master) can refuse the command: a refused command leaves no folder
        Path folder = output.folder(OutputOption.nameOf(file), ResultsKind.POINTS);
        KeptSwap keptSwap = KeptSwap.before(folder);
        try (PointExecutor executor = cluster.open(Runner.standard(loader.registry()), folder.resolve(ResultsWriter.WORK), threads,
                "overbook sweep " + file.getFileName(), plugins.plugins())) {
            PointCache cache = PointCache.holding(executor, PointCache.COMMAND_BYTES);
            List<SweepPoint> points = scenarios.points();
            List<CompletableFuture<TimedResult>> futures = new ArrayList<>();
            int n = scenarios.replications();
            List<SweepPoint> replicas = Replications.of(points, n);
            Resumption resumption = Resumption.of(resume.given(), folder, replicas, n,
                    BuildStamp.ofThisProcess(plugins.plugins().jars()), StoreOwner.of("sweep", OutputOption.nameOf(file), scenarios),
                    stdout, spec.commandLine().getErr());
            SweepProgress progress = new SweepProgress(replicas.size(), resumption.reused());
            for (int i = 0; i < replicas.size(); i++) {
                SweepPoint point = replicas.get(i);
                CompletableFuture<TimedResult> future = resumption.get(i, cache, Runner.Progress.none());
                futures.add(resumption.isReused(i) ? future : future.whenComplete((result, error) -> {
                    ErrorReporter.printUnlessExiting(() -> {
                        String finished = progress.oneFinished();
                        stdout.printf("point %d of %d%s %s%s %s%n", point.index(), points.size(), RunCommand.replicationName(point, n),
                                error == null ? "done" : "failed", point.label().isEmpty() ? "" : ": " + point.label(), finished);
                        stdout.flush();
                    });
                }));
            }
            int runs = futures.size();
            List<TimedResult> results;
            try (ResultsWriter writer = new ResultsWriter(folder, folder.resolve(ResultsWriter.WORK))) {
                results = writeAsTheyComplete(futures, writer, scenarios.source(), points.size(), i -> { });
                writer.write(scenarios.source(), results, runs);
            }
            resumption.completed();
            RunCommand.deleteIfEmpty(folder.resolve(ResultsWriter.WORK));
            List<TimedResult> primaries = new Replicated(results).primaries();
            SummaryTable.printAll(stdout, primaries);
            IntervalTable.print(stdout, new Replicated(results).figures());
            stdout.printf("%n%d points, %d simulations run, %s%nresults: %s%n", points.size(), cache.runs(), executor.describe(),
                    folder.toAbsolutePath());
            keptSwap.print(stdout);
            stdout.flush();
            return IntegrityVerdict.of(results, plugins.plugins().catalog().workloads().origins(), spec.commandLine().getErr());
        } catch (ExecutionException e) {
            throw ErrorReporter.causeOf(e);
        }
    }

    /**
     * Waits for {@code futures} in file order and writes the folder as they complete, as run writes it, so that a
     * sweep stopped part way (Ctrl-C) keeps what finished, marked INCOMPLETE: at the pace of {@link PacedWrites}, since
     * every write redraws the charts across points and a sweep of hundreds would spend its time drawing; a point that
     * completed too soon after the last write is written once the pace allows, not only with the next one. The last
     * write, of every point, is the caller's. {@code completed} is told the place in {@code futures} of each result as
     * it is taken, in order ({@code run} closes that point's progress display). A point that fails ends it: the points
     * before it are written at once, whatever the pace, and the failure is thrown.
     *
     * <p>What is returned, and held meanwhile, is what {@link ResultsWriter#kept} keeps of each result of the file's
     * {@code points} points (past {@link org.overbook.perf.report.PointDetail#POINTS}, its summary), and each future's place in {@code futures}, which must
     * be a list that can be set, is cleared as its result is taken: a sweep of thousands of points holds each finished
     * point's figures, not its histograms and series.
     */
    static List<TimedResult> writeAsTheyComplete(List<CompletableFuture<TimedResult>> futures, ResultsWriter writer,
                                                 String source, int points, IntConsumer completed)
            throws InterruptedException, ExecutionException {
        return writeAsTheyComplete(futures, writer, source, points, completed, new PacedWrites());
    }

    /** As {@link #writeAsTheyComplete(List, ResultsWriter, String, int, IntConsumer)}, at {@code pace}. */
    static List<TimedResult> writeAsTheyComplete(List<CompletableFuture<TimedResult>> futures, ResultsWriter writer,
                                                 String source, int points, IntConsumer completed, PacedWrites pace)
            throws InterruptedException, ExecutionException {
        List<TimedResult> results = new ArrayList<>();
        for (int i = 0; i < futures.size(); i++) {
            try {
                results.add(writer.kept(pace.await(futures.get(i)), points));
            } catch (ExecutionException failure) {
                pace.keepBefore(failure);
                throw failure;
            }
            futures.set(i, null);
            completed.accept(results.size() - 1);
            if (results.size() < futures.size()) {
                List<TimedResult> soFar = List.copyOf(results);
                pace.offer(() -> writer.write(source, soFar, futures.size()));
            }
        }
        return results;
    }
}
