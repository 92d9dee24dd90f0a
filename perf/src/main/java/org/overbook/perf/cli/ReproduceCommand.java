package org.overbook.perf.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import org.overbook.guest.ConfigurationException;
import org.overbook.perf.report.ResultsWriter;
import org.overbook.perf.reproduce.Preset;
import org.overbook.perf.reproduce.Presets;
import org.overbook.perf.reproduce.ReproduceReport;
import org.overbook.perf.reproduce.Reproduction;
import org.overbook.perf.resume.StoreOwner;
import org.overbook.perf.run.PointExecutor;
import org.overbook.perf.run.Runner;
import org.overbook.perf.run.TimedResult;
import org.overbook.perf.scenario.ScenarioLoader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code overbook reproduce NAME... | --all [--quick] [--strict] [--markdown] [--replications N] [--out DIR]
 * [--threads N] [--master URL] [--resume]}: re-runs the papers' headline experiments (docs/ARCHITECTURE.md, "Headline
 * results") and prints each figure of the model beside the paper's, with their ratio, the 95 % interval when
 * replicated, and the verdict ({@link org.overbook.perf.reproduce.Verdict}). Writes {@code reproduce.csv},
 * {@code reproduce.md} and a results folder per preset. Each point's result is stored as it finishes, and
 * {@code --resume} takes up an interrupted reproduction, reusing the points it had run ({@link StoredPoints}). A figure
 * that does not hold is a finding, not a failure: exit 0, unless {@code --strict}, which exits 1 when any figure falls
 * outside (or fails its shape, or could not be computed); 2 on a configuration error (an unknown preset, a bad
 * option); 1 if any workload read back a value other than the one written.
 */
@Command(name = "reproduce", mixinStandardHelpOptions = true,
        description = {"Re-runs the papers' headline experiments and prints the model's figure beside the paper's.",
                "overbook list shows the presets, one line each.",
                "Writes reproduce.csv, reproduce.md and a results folder per preset.",
                "A figure with a paper value holds when model / paper lies in 0.75-1.25; --strict exits 1 when one does not.",
                "--resume takes up an interrupted reproduction in --out DIR, reusing the points it had run."})
final class ReproduceCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(paramLabel = "NAME", arity = "0..*", description = "Presets to run, by name (overbook list shows them).")
    private List<String> names = new ArrayList<>();

    @Option(names = "--all", description = "Run every preset.")
    private boolean all;

    @Option(names = "--quick", description = "Reduced size: shorter runs and smaller memories (a smoke test; shapes may differ).")
    private boolean quick;

    @Option(names = "--strict", description = "Exit 1 when any figure falls outside 0.75-1.25x the paper's value, fails "
            + "its shape, or could not be computed.")
    private boolean strict;

    @Option(names = "--markdown", description = "Print the figure table as Markdown (the README's generated block) "
            + "instead of aligned text.")
    private boolean markdown;

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
        List<Preset> presets = presets();
        int threads = parallelism.threads();
        resume.check(output);
        Path folder = output.folder(quick ? "reproduce-quick" : "reproduce", ResultsKind.REPRODUCTION);
        KeptSwap keptSwap = KeptSwap.before(folder);
        ScenarioLoader loader = plugins.loader();
        try (PointExecutor executor = cluster.open(Runner.standard(loader.registry()), folder.resolve(ResultsWriter.WORK), threads,
                "overbook reproduce", plugins.plugins())) {
            StoreOwner owner = new StoreOwner("reproduce", presets.stream()
                    .map(preset -> StoreOwner.subject(preset.name(), Reproduction.files(preset, loader, quick))).toList());
            StoredPoints stored = StoredPoints.open(resume.given(), folder, executor, plugins.plugins().jars(), owner, stdout,
                    spec.commandLine().getErr());
            List<Reproduction.PresetResult> results = new Reproduction(loader, quick, replications::apply)
                    .run(presets, folder, stored.executor(), (experiment, point, points, n, error) -> ErrorReporter.printUnlessExiting(() -> {
                        stdout.printf("%s: point %d of %d%s %s%s%n", experiment, point.index(), points, RunCommand.replicationName(point, n),
                                error == null ? "done" : "failed", point.label().isEmpty() ? "" : ": " + point.label());
                        stdout.flush();
                    }));
            ReproduceReport.write(folder, results, quick);
            stdout.println();
            if (markdown) {
                stdout.print(ReproduceReport.table(results));
            } else {
                ReproduceReport.print(stdout, results);
            }
            stored.completed(stdout);
            stdout.printf("%nresults: %s%n", folder.toAbsolutePath());
            keptSwap.print(stdout);
            stdout.flush();
            List<TimedResult> all = results.stream().flatMap(r -> r.results().stream()).toList();
            int verdict = IntegrityVerdict.of(all, plugins.plugins().catalog().workloads().origins(), spec.commandLine().getErr());
            if (verdict == 0 && strict && ReproduceReport.anyFails(results)) {
                spec.commandLine().getErr().println("overbook: --strict: a figure is outside 0.75-1.25x the paper's value, "
                        + "fails its shape or was not computed (the verdict column)");
                spec.commandLine().getErr().flush();
                return ErrorReporter.FAILURE;
            }
            return verdict;
        } catch (ExecutionException e) {
            throw ErrorReporter.causeOf(e);
        }
    }

    private List<Preset> presets() {
        if (all == !names.isEmpty()) {
            throw new ConfigurationException("NAME", (all ? "names given with --all" : "no preset named")
                    + "; accepted: one or more of " + String.join(", ", Presets.descriptions().keySet()) + ", or --all");
        }
        return all ? List.copyOf(Presets.all()) : Presets.named("NAME", "--all", names);
    }
}
