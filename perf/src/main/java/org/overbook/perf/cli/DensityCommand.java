package org.overbook.perf.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import org.overbook.guest.ConfigurationException;
import org.overbook.perf.density.CurvePoint;
import org.overbook.perf.density.DensityCurve;
import org.overbook.perf.density.DensityExperiment;
import org.overbook.perf.density.Objective;
import org.overbook.perf.report.DensityWriter;
import org.overbook.perf.report.ResultsWriter;
import org.overbook.perf.resume.StoreOwner;
import org.overbook.perf.run.PointCache;
import org.overbook.perf.run.PointExecutor;
import org.overbook.perf.run.Runner;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.ScenarioLoader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code overbook density FILE --slo p99=500us [--slo ...] [--slo-confidence 95] [--auto-window] [--min N] [--max N]
 * [--out DIR] [--threads N] [--master URL] [--resume]}: the most tenants the file's host holds while every tenant
 * meets the objective, found by doubling then bisection over {@code tenants.count} ({@link DensityExperiment}), with
 * the curve that led there.
 *
 * <p>Prints a line per probe as the search judges it, the curve, and the answer; writes the results folder
 * ({@link DensityWriter}) as the search goes, marked INCOMPLETE until it ends. Each probe's simulations are stored as
 * they finish, and {@code --resume} takes up an interrupted search: it asks for the same probes in the same order, and
 * a probe whose simulations are stored is judged from them instead of running ({@link StoredPoints}), on this machine
 * or with {@code --master}, where the driver looks in the store before it sends a point out. Exit 0 with an answer,
 * "none" included; 2 on a configuration error (one line naming the option or field); 1 if a probe read back a value
 * other than the one written.
 */
@Command(name = "density", mixinStandardHelpOptions = true,
        description = {"Finds the most tenants a host holds while every tenant meets an objective.",
                "Varies tenants.count of FILE (and clients.count, when the clients are",
                "count + template too); the host's memory stays fixed. Doubles from --min",
                "until a probe fails, then bisects; assumes a host failing n tenants fails",
                "more. Prints the curve and the answer; writes density.csv, a chart,",
                "report.md and every probe's results (probes/) as the search goes,",
                "marked INCOMPLETE until it ends, so Ctrl-C keeps what it had found;",
                "--resume then takes the search up, reusing the probes it had run."})
final class DensityCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE",
            description = "Scenario YAML file: tenants as count + template, no sweep.")
    private Path file;

    @Option(names = "--slo", paramLabel = "METRIC=VALUE",
            description = "A bound every tenant must meet; repeat for several. Metrics: p50, p99, p999 (latency at most, "
                    + "e.g. p99=500us, p999=2ms) and ops (each tenant's throughput at least, e.g. ops=20k).")
    private List<String> slo;

    @Option(names = "--min", paramLabel = "N", description = "Fewest tenants to try (default: ${DEFAULT-VALUE}).", defaultValue = "1")
    private int min;

    @Option(names = "--max", paramLabel = "N", description = "Most tenants to try (default: ${DEFAULT-VALUE}).", defaultValue = "64")
    private int max;

    @Option(names = "--slo-confidence", paramLabel = "PERCENT",
            description = "Judges each tenant on the far end of its PERCENT %% confidence interval over the replications"
                    + " (the upper bound for a latency, the lower for ops), e.g. 95; needs --replications N with N >= 2.")
    private Double sloConfidence;

    @Option(names = "--auto-window",
            description = "Re-runs a probe that could not be measured (a load phase still running when the window opened,"
                    + " or a p99 from fewer than 1,000 requests) with a longer warm-up or window: 1.25x what it lacked,"
                    + " at most 4x per step, 3 re-runs and 16x the file's run length.")
    private boolean autoWindow;

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
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        Objective parsed = Objective.parse(slo);
        if (min < 1) {
            throw new ConfigurationException("--min", min + "; accepted: 1 or more tenants");
        }
        if (max < min) {
            throw new ConfigurationException("--max", max + " is less than --min " + min + "; accepted: --max at least --min");
        }
        ScenarioLoader loader = plugins.loader();
        ScenarioFile loaded = ScenarioWarnings.printed(loader.load(file), spec.commandLine().getErr());
        ScenarioFile scenarios = replications.apply(loaded);
        Objective objective = sloConfidence == null ? parsed : parsed.withConfidence(sloConfidence, scenarios.replications());
        DensityExperiment experiment = new DensityExperiment(scenarios, loader.registry(), objective, min, max, autoWindow);
        int threadsAsked = parallelism.threads();
        resume.check(output);
        // claimed once nothing but the cluster (--master) can refuse the command: a refused command leaves no folder
        Path folder = output.folder(OutputOption.nameOf(file), ResultsKind.DENSITY);
        KeptSwap keptSwap = KeptSwap.before(folder);
        try (PointExecutor executor = cluster.open(Runner.standard(loader.registry()), folder.resolve(ResultsWriter.WORK),
                threadsAsked, "overbook density " + file.getFileName(), plugins.plugins())) {
            ProbeRuns runs = new ProbeRuns(executor);
            StoredPoints stored = StoredPoints.open(resume.given(), folder, runs, plugins.plugins().jars(),
                    StoreOwner.of("density", OutputOption.nameOf(file), loaded), stdout, spec.commandLine().getErr());
            int threads = executor.parallelism();
            stdout.printf("density of %s: %s from %d to %d, %s%nobjective: %s for every tenant that records latency,"
                    + " no data mismatch%n", file, experiment.axis(), min, max, executor.describe(), objective);
            stdout.flush();
            PointCache cache = PointCache.holding(stored.executor(), PointCache.COMMAND_BYTES);
            // the folder is written as the search judges its probes, so that a search stopped part way (Ctrl-C) keeps
            // what it had found, marked INCOMPLETE; at sweep's pace, since every write redraws the charts across probes
            // (the search waits for its probes itself, so a curve the pace held back is written with the next probe)
            DensityWriter writer = new DensityWriter(folder);
            PacedWrites pace = new PacedWrites();
            DensityCurve curve = search(experiment, cache, threads,
                    p -> ErrorReporter.printUnlessExiting(() -> DensityTable.probe(stdout, p, objective.primary())), writer, pace);
            writer.write(curve);
            DensityTable.print(stdout, curve);
            stdout.printf("%nanswer: %s%n%s%n", curve.answer(), curve.cause().replace("**", "").replaceFirst("^Cause", "cause"));
            for (Map.Entry<Integer, Integer> c : curve.contradictions().entrySet()) {
                stdout.printf("warning: monotonicity does not hold: %d tenants fail but %d meet the objective (a speculative"
                        + " probe; whether one finishes depends on timing, so this is not in the results folder); the answer"
                        + " may be too low%n", c.getKey(), c.getValue());
            }
            stored.completed(stdout);
            stdout.printf("%d probes, %d simulations started (%d speculative), %s%nresults: %s%n", curve.points().size(),
                    runs.started(), runs.startedExcept(curve.points().stream().map(CurvePoint::tenants).toList()),
                    executor.describe(), folder.toAbsolutePath());
            keptSwap.print(stdout);
            stdout.flush();
            return IntegrityVerdict.of(curve.results(), plugins.plugins().catalog().workloads().origins(), spec.commandLine().getErr());
        }
    }

    /**
     * Runs {@code experiment}'s search, writing its curve so far with {@code writer} at {@code pace} after each probe;
     * a probe that fails ends it: the curve judged before it is written at once, whatever the pace, and the failure is
     * thrown. The last write, of the whole curve, is the caller's.
     */
    static DensityCurve search(DensityExperiment experiment, PointCache cache, int threads, Consumer<CurvePoint> onProbe,
                               DensityWriter writer, PacedWrites pace) {
        try {
            return experiment.run(cache, threads, onProbe, soFar -> pace.offer(() -> writer.write(soFar)));
        } catch (RuntimeException failure) {
            pace.keepBefore(failure);
            throw failure;
        }
    }
}
