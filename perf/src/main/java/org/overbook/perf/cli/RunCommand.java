package org.overbook.perf.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.overbook.perf.report.Replicated;
import org.overbook.perf.report.ResultsWriter;
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
 * {@code overbook run [FILE] [--out DIR]}: runs a scenario file, every point of its sweep one after another,
 * prints a summary table per point and writes the results folder. Exit 0; 2 on a configuration error (one
 * line naming the field); 1 if any workload read back a value other than the one written.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Runs a scenario file, every point of its sweep, or the embedded default.",
                "The default: memcached tenants under 2x overcommit, pin-all against on-demand.",
                "Prints a summary table and writes a results folder (CSV, JSON, .hgrm, report.md)."})
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
    private ReplicationsOption replications;

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        ScenarioLoader loader = plugins.loader();
        ScenarioFile scenarios = replications.apply(file == null ? loader.defaultScenario() : loader.load(file));
        Path folder = output.folder(file == null ? "default" : nameOf(file));
        ResultsWriter writer = new ResultsWriter(folder);
        Runner runner = Runner.standard(loader.registry());
        List<TimedResult> results = new ArrayList<>();
        List<SweepPoint> points = scenarios.points();
        SwapArea.standard().requireRoom(points.stream().map(Runner::maxSwapBytesOnDisk).toList(), 1);
        int n = scenarios.replications();
        for (SweepPoint point : points) {
            for (SweepPoint replica : Replications.of(point, n)) {
                String name = "point " + (point.index() + 1) + "/" + points.size() + replicationName(replica, n);
                stdout.printf("running %s %s%n", name, point.label());
                stdout.flush();
                try (ProgressDisplay progress = ProgressDisplay.of(stdout, name)) {
                    results.add(runner.run(replica, folder, progress));
                }
            }
            writer.write(scenarios.source(), results, points.size());
        }
        List<TimedResult> primaries = new Replicated(results).primaries();
        primaries.forEach(r -> SummaryTable.print(stdout, r));
        SummaryTable.printSaturation(stdout, primaries);
        IntervalTable.print(stdout, new Replicated(results));
        stdout.printf("%nresults: %s%n", folder.toAbsolutePath());
        stdout.flush();
        return verdict(results, spec.commandLine().getErr());
    }

    /** Returns 0, or {@link ErrorReporter#FAILURE} with a loud line on {@code err} if any value read back wrong. */
    static int verdict(List<TimedResult> results, PrintWriter err) {
        long mismatches = results.stream().mapToLong(r -> r.result().mismatches()).sum();
        if (mismatches > 0) {
            err.printf("overbook: DATA INTEGRITY FAILURE: %d mismatches (a value read back differs"
                    + " from the one written; a model bug, please report it)%n", mismatches);
            err.flush();
            return ErrorReporter.FAILURE;
        }
        return 0;
    }

    /** Returns {@code , seed S of N replications} for a replica of a replicated point, or nothing. */
    static String replicationName(SweepPoint replica, int replications) {
        return replications == 1 ? "" : String.format(java.util.Locale.ROOT, ", seed %d of %d replications",
                replica.scenario().seed(), replications);
    }

    /** Returns a results-folder name for a scenario file: its name without the extension. */
    static String nameOf(Path file) {
        String name = file.getFileName().toString();
        return name.replaceFirst("\\.ya?ml$", "").replaceAll("[^A-Za-z0-9._-]", "-");
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
