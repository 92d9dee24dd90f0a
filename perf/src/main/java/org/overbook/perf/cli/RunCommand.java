package org.overbook.perf.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.overbook.perf.report.ResultsWriter;
import org.overbook.perf.resume.BuildStamp;
import org.overbook.perf.resume.StoreOwner;
import org.overbook.perf.run.LocalPointExecutor;
import org.overbook.perf.run.PointCache;
import org.overbook.perf.run.PointExecutor;
import org.overbook.perf.report.Replicated;
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
 * {@code overbook run [FILE] [--out DIR] [--threads N] [--resume]}: runs a scenario file, every point of its sweep, on
 * all cores as {@code sweep} does (each simulation single-threaded and deterministic, so the folder is the same byte for
 * byte whatever the number of threads), prints the finding and a summary table per point and writes the results
 * folder, rewritten as each point in file order completes; with {@code --resume}, reuses the points an interrupted run
 * into the folder finished ({@link Resumption}). Exit 0; 2 on a configuration error (one
 * line naming the field); 1 if any workload read back a value other than the one written.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Runs a scenario file, or the embedded default, and prints its finding.",
                "Every point of the file's sweep runs, side by side on all cores. The default:",
                "1 to 6 memcached tenants of 60 MiB on 128 MiB (up to 2.8x overcommit), pin-all",
                "against on-demand. Prints the finding and each point's figures; writes a results",
                "folder (CSV, JSON, .hgrm, charts, report.md)."})
final class RunCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "FILE", description = "Scenario YAML file (default: the embedded default scenario).")
    private Path file;

    @Mixin
    private OutputOption output;

    @Mixin
    private PluginsOption plugins;

    @Mixin
    private ThreadsOption parallelism;

    @Mixin
    private ReplicationsOption replications;

    @Mixin
    private ResumeOption resume;

    @Override
    public Integer call() throws InterruptedException {
        PrintWriter stdout = spec.commandLine().getOut();
        ScenarioLoader loader = plugins.loader();
        ScenarioFile scenarios = replications.apply(file == null ? loader.defaultScenario()
                : ScenarioWarnings.printed(loader.load(file), spec.commandLine().getErr()));
        List<SweepPoint> points = scenarios.points();
        int n = scenarios.replications();
        List<SweepPoint> runs = Replications.of(points, n);
        int threads = Math.min(parallelism.threads(), runs.size());
        SwapArea.standard().requireRoom(points.stream().map(Runner::maxSwapBytesOnDisk).toList(), threads);
        resume.check(output);
        // claimed once nothing more can refuse the command: a refused command leaves no folder behind
        Path folder = output.folder(OutputOption.nameOf(file), ResultsKind.POINTS);
        KeptSwap keptSwap = KeptSwap.before(folder);
        Resumption resumption = Resumption.of(resume.given(), folder, runs, n, BuildStamp.ofThisProcess(plugins.plugins().jars()),
                StoreOwner.of("run", OutputOption.nameOf(file), scenarios), stdout, spec.commandLine().getErr());
        List<TimedResult> results = new ArrayList<>();
        try (PointExecutor executor = LocalPointExecutor.withThreads(Runner.standard(loader.registry()), folder.resolve(ResultsWriter.WORK),
                threads); ResultsWriter writer = new ResultsWriter(folder, folder.resolve(ResultsWriter.WORK))) {
            PointCache cache = PointCache.holding(executor, PointCache.COMMAND_BYTES);
            List<Announced> displays = new ArrayList<>();
            List<CompletableFuture<TimedResult>> futures = new ArrayList<>();
            for (int i = 0; i < runs.size(); i++) {
                SweepPoint point = runs.get(i);
                Announced display = new Announced(stdout, "point " + point.index() + " of " + points.size()
                        + replicationName(point, n), point.label(), threads == 1);
                displays.add(display);
                futures.add(resumption.get(i, cache, display));
            }
            results.addAll(SweepCommand.writeAsTheyComplete(futures, writer, scenarios.source(), points.size(),
                    i -> displays.get(i).close()));
            writer.write(scenarios.source(), results, runs.size());
            resumption.completed();
        } catch (ExecutionException e) {
            throw ErrorReporter.causeOf(e);
        } finally {
            deleteIfEmpty(folder.resolve(ResultsWriter.WORK));
        }
        List<TimedResult> primaries = new Replicated(results).primaries();
        SummaryTable.printAll(stdout, primaries);
        IntervalTable.print(stdout, new Replicated(results).figures());
        stdout.printf("%nresults: %s (%d thread%s)%n", folder.toAbsolutePath(), threads, threads == 1 ? "" : "s");
        keptSwap.print(stdout);
        stdout.flush();
        return IntegrityVerdict.of(results, plugins.plugins().catalog().workloads().origins(), spec.commandLine().getErr());
    }

    /**
     * Says that a point started, on its first report of progress, then shows its progress: a bar when points run
     * one at a time on a terminal, plain lines when they run side by side.
     */
    private static final class Announced implements Runner.Progress, AutoCloseable {

        private final PrintWriter out;
        private final String task;
        private final String label;
        private final boolean alone;
        private ProgressDisplay display;

        Announced(PrintWriter out, String task, String label, boolean alone) {
            this.out = out;
            this.task = task;
            this.label = label;
            this.alone = alone;
        }

        @Override
        public synchronized void at(long nowNanos, long endNanos) {
            ErrorReporter.printUnlessExiting(() -> {
                if (display == null) {
                    out.printf("running %s%s%n", task, label.isEmpty() ? "" : " " + label);
                    out.flush();
                    display = alone ? ProgressDisplay.of(out, task) : ProgressDisplay.lines(out, task);
                }
                display.at(nowNanos, endNanos);
            });
        }

        @Override
        public synchronized void close() {
            if (display != null) {
                display.close();
            }
        }
    }

    /** Returns {@code , seed S, one of N replications} for a replica of a replicated point, or nothing. */
    static String replicationName(SweepPoint replica, int replications) {
        return replications == 1 ? "" : String.format(java.util.Locale.ROOT, ", seed %d, one of %d replications",
                replica.scenario().seed(), replications);
    }

    /** Deletes {@code directory} if it exists and is empty. */
    static void deleteIfEmpty(Path directory) {
        try {
            Files.deleteIfExists(directory);
        } catch (java.io.IOException e) {
            // not empty, or gone: either way nothing to do
        }
    }
}
