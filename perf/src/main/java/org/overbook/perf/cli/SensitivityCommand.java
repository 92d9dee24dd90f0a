package org.overbook.perf.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import org.overbook.guest.ConfigurationException;
import org.overbook.perf.report.ResultsWriter;
import org.overbook.perf.reproduce.Presets;
import org.overbook.perf.resume.StoreOwner;
import org.overbook.perf.run.PointExecutor;
import org.overbook.perf.run.Runner;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.sensitivity.Estimates;
import org.overbook.perf.sensitivity.Sensitivity;
import org.overbook.perf.sensitivity.SensitivityReport;
import org.overbook.perf.sensitivity.SensitivityWriter;
import org.overbook.perf.sensitivity.Study;
import org.overbook.perf.sensitivity.Subject;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code overbook sensitivity [FILE] [--preset NAME]... [--all-presets] [--quick] [--replications N] [--resume]}:
 * varies each input the reference file marks as Overbook's estimate by -50 % and +50 %, one at a time, under the same
 * seeds, and reports how far each headline moves: of a scenario file (the embedded default without FILE), its best
 * point's throughput, p50 and p99; of a reproduce preset, its figures. Prints the ranking; writes
 * {@code sensitivity.md}, {@code sensitivity.csv} and a tornado chart per subject as the variants finish
 * ({@link PacedStudy}), marked INCOMPLETE until the study ends. Each simulation's result is stored as it finishes, and
 * {@code --resume} takes up an interrupted study, reusing the simulations it had run ({@link StoredPoints}). Exit 0;
 * 2 on a configuration error.
 */
@Command(name = "sensitivity", mixinStandardHelpOptions = true,
        description = {"Ranks Overbook's estimated inputs by how far each moves the headline figures.",
                "Varies each input marked as Overbook's estimate by -50 %% and +50 %%, one at a",
                "time (with replications, judged against their spread). Writes sensitivity.md,",
                "sensitivity.csv and tornado charts as the variants finish, marked INCOMPLETE",
                "until the study ends, so Ctrl-C keeps what was measured; --resume then",
                "takes the study up, reusing the simulations it had run."})
final class SensitivityCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "FILE",
            description = "Scenario YAML file (default: the embedded default, unless presets are named).")
    private Path file;

    @Option(names = "--preset", paramLabel = "NAME", description = "A reproduce preset whose figures to study (repeatable).")
    private List<String> presets = new ArrayList<>();

    @Option(names = "--all-presets", description = "Study every reproduce preset's figures.")
    private boolean allPresets;

    @Option(names = "--quick", description = "Run the presets at reduced size (as reproduce --quick).")
    private boolean quick;

    @Option(names = "--replications", paramLabel = "N", defaultValue = "3",
            description = "Seeds per point and variant (default ${DEFAULT-VALUE}); every variant runs under the same ones.")
    private int replications;

    @Mixin
    private OutputOption output;

    @Mixin
    private PluginsOption plugins;

    @Mixin
    private ThreadsOption parallelism;

    @Mixin
    private ClusterOption cluster;

    @Mixin
    private ResumeOption resume;

    @Override
    public Integer call() throws InterruptedException {
        PrintWriter stdout = spec.commandLine().getOut();
        if (replications < 2 || replications > ScenarioFile.MAX_REPLICATIONS) {
            throw new ConfigurationException("--replications", replications + "; accepted: a whole number from 2 (an interval "
                    + "needs two) to " + ScenarioFile.MAX_REPLICATIONS);
        }
        ScenarioLoader loader = plugins.loader();
        List<Subject> subjects = new ArrayList<>();
        if (file != null || (presets.isEmpty() && !allPresets)) {
            subjects.add(Subject.of(OutputOption.nameOf(file),
                    file == null ? loader.defaultScenario() : ScenarioWarnings.printed(loader.load(file), spec.commandLine().getErr()),
                    replications));
        }
        for (var preset : allPresets ? List.copyOf(Presets.all()) : Presets.named("--preset", "--all-presets", presets)) {
            subjects.add(Subject.of(preset, loader, quick, replications));
        }
        Study study = new Sensitivity(Estimates.of(ScenarioLoader.referenceText())).study(subjects);
        int threads = parallelism.threads();
        resume.check(output);
        // claimed once nothing but the cluster (--master) can refuse the command: a refused command leaves no folder
        Path folder = output.folder("sensitivity", ResultsKind.SENSITIVITY);
        KeptSwap keptSwap = KeptSwap.before(folder);
        String setting = "Each input marked as Overbook's estimate in the reference file, at -50 % and +50 % of its value, one "
                + "at a time, " + replications + " replications a variant under the same seeds" + (quick ? "; presets at "
                + "reduced size (--quick)" : "") + ". (within the seeds' noise): the move is inside the unchanged figure's 95 % interval; "
                + "(no effect): the figure came out exactly the same.";
        SensitivityWriter writer = new SensitivityWriter(folder, setting);
        try (PointExecutor executor = cluster.open(Runner.standard(loader.registry()), folder.resolve(ResultsWriter.WORK), threads,
                "overbook sensitivity", plugins.plugins())) {
            StoreOwner owner = new StoreOwner("sensitivity", subjects.stream()
                    .map(subject -> StoreOwner.subject(subject.name(), subject.files())).toList());
            StoredPoints stored = StoredPoints.open(resume.given(), folder, executor, plugins.plugins().jars(), owner, stdout,
                    spec.commandLine().getErr());
            List<Sensitivity.Row> rows = PacedStudy.run(study, stored.executor(), (subject, variant) -> ErrorReporter.printUnlessExiting(() -> {
                stdout.printf("%s: %s%n", subject, variant);
                stdout.flush();
            }), writer);
            stdout.println();
            SensitivityReport.print(stdout, rows);
            stdout.flush();
            writer.write(study.progress()).forEach(stdout::println);
            stored.completed(stdout);
            stdout.printf("%nresults: %s%n", folder.toAbsolutePath());
            keptSwap.print(stdout);
            stdout.flush();
            return 0;
        } catch (ExecutionException e) {
            throw ErrorReporter.causeOf(e);
        }
    }
}
