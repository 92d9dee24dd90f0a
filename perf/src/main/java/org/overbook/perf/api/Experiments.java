package org.overbook.perf.api;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.overbook.perf.plugin.Catalog;
import org.overbook.perf.plugin.Plugins;
import org.overbook.perf.report.Replicated;
import org.overbook.perf.report.ResultsWriter;
import org.overbook.perf.run.Replications;
import org.overbook.perf.run.Runner;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.TimedResult;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

/**
 * Runs Overbook experiments from Java: the engine the {@code overbook} command is a thin application over.
 *
 * <pre>{@code
 * try (Experiments experiments = Experiments.withPlugins(List.of(Path.of("my-policy.jar")))) {
 *     ScenarioFile file = experiments.load(Path.of("scenario.yaml"));
 *     List<TimedResult> results = experiments.runAll(file, Path.of("results/mine"));
 *     System.out.println(results.getFirst().result().total().get("workload.throughput_ops_per_s"));
 *     // with replications: N in the file, each point's interval of a total metric
 *     System.out.println(Experiments.replicated(results).intervals(0).get("workload.throughput_ops_per_s"));
 * }
 * }</pre>
 *
 * <p>Everything the command line checks is checked here, with the same {@link
 * org.overbook.guest.ConfigurationException} naming the field; the same scenario and seed give the same
 * results, and {@link #write} the byte-identical {@code summary.csv}. Metric names are constants of {@link
 * org.overbook.perf.run.Metrics} ({@code THROUGHPUT}, {@code P99}, ...); {@link org.overbook.perf.run.SteadyState#steady}
 * tells whether a point's load generators had finished loading when its window opened (report.md's "Not in steady
 * state"), since a point that measured its load phase still reports figures. Each point runs on the calling
 * thread; run points of one file on several threads at once if you like (each simulation is
 * single-threaded and shares nothing with the others).
 */
public final class Experiments implements AutoCloseable {

    private final Plugins plugins;
    private final ScenarioLoader loader;
    private final Runner runner;

    private Experiments(Plugins plugins) {
        this.plugins = plugins;
        this.loader = new ScenarioLoader(plugins.catalog());
        this.runner = Runner.standard(plugins.catalog());
    }

    /**
     * Returns an engine that knows the built-in workloads and policies, and every provider on the class path beside
     * Overbook (listed in {@code META-INF/services}; origin {@value org.overbook.guest.Registry#BUILT_IN}): a program's
     * own workload needs no jar of its own.
     */
    public static Experiments builtIn() {
        return new Experiments(Plugins.none());
    }

    /**
     * Returns an engine that also knows what the plug-in jars at {@code paths} register (jars, or directories of jars).
     *
     * @throws org.overbook.guest.ConfigurationException naming {@code --plugins}, the jar and the name at fault
     */
    public static Experiments withPlugins(List<Path> paths) {
        return new Experiments(Plugins.load(paths));
    }

    /**
     * Returns what the plug-ins loaded with but looks like a mistake, a line each: a directory without a jar, a
     * plug-in whose classes read the wall clock or an unseeded random source (the command prints them as warnings).
     */
    public List<String> pluginWarnings() {
        return plugins.warnings();
    }

    /** Returns every name a scenario may use here, by family, with its origin. */
    public Catalog catalog() {
        return plugins.catalog();
    }

    /** Loads a scenario file, merged over the reference defaults, every point checked. */
    public ScenarioFile load(Path file) {
        return loader.load(Objects.requireNonNull(file, "file"));
    }

    /** Loads a scenario from YAML text; {@code source} names it in errors and in the results. */
    public ScenarioFile parse(String yaml, String source) {
        return loader.parse(Objects.requireNonNull(yaml, "yaml"), Objects.requireNonNull(source, "source"));
    }

    /** Returns an empty draft: the reference defaults, to which fields are set by path. */
    public ScenarioDraft draft() {
        return new ScenarioDraft(loader);
    }

    /** Returns the embedded default scenario ({@code overbook run} without a file). */
    public ScenarioFile defaultScenario() {
        return loader.defaultScenario();
    }

    /**
     * Runs one point on the calling thread. Its hosts' swap files live in the swap area while it runs ({@code
     * $OVERBOOK_SWAP_DIR}, else a folder under the system's temporary folder) and are removed after it; {@code
     * workDirectory} receives them only when the scenario keeps them ({@code host.keep-swap}). Running a point again
     * gives an equal {@link RunResult}.
     *
     * @throws org.overbook.perf.run.RunFailure naming the point and the virtual time if the model or a plug-in throws
     */
    public TimedResult run(SweepPoint point, Path workDirectory) {
        return runner.run(Objects.requireNonNull(point, "point"), workDirectory);
    }

    /**
     * Runs every point of {@code file} in order, each {@link ScenarioFile#replications()} times under the seeds of
     * {@link Replications} (the scenario's own first), writing the results folder {@code folder} after each run, as
     * {@code overbook run} does: {@code summary.csv} and {@code summary.json} then carry each replicated point's
     * mean, standard deviation and 95 % interval.
     *
     * @return every run, in (point, replication) order; {@link #primaries} keeps each point's first
     */
    public List<TimedResult> runAll(ScenarioFile file, Path folder) {
        ResultsWriter writer = new ResultsWriter(Objects.requireNonNull(folder, "folder"));
        List<SweepPoint> runs = Replications.of(Objects.requireNonNull(file, "file").points(), file.replications());
        List<TimedResult> results = new ArrayList<>();
        for (SweepPoint run : runs) {
            results.add(runner.run(run, folder));
            writer.write(file.source(), results, runs.size());
        }
        return results;
    }

    /** Returns each point's replications of {@code results} (as {@link #runAll} returns them) grouped by point. */
    public static Replicated replicated(List<TimedResult> results) {
        return new Replicated(results);
    }

    /** Returns each point's first replication of {@code results}, the one under the scenario's own seed, in point order. */
    public static List<TimedResult> primaries(List<TimedResult> results) {
        return new Replicated(results).primaries();
    }

    /** Writes the results folder of {@code results}, the points of {@code file}: summary, time series, histograms, charts, report. */
    public Path write(ScenarioFile file, List<TimedResult> results, Path folder) {
        return new ResultsWriter(folder).write(Objects.requireNonNull(file, "file").source(), Objects.requireNonNull(results, "results"));
    }

    /** Returns the results without their wall-clock timing: the deterministic part. */
    public static List<RunResult> resultsOf(List<TimedResult> results) {
        return results.stream().map(TimedResult::result).toList();
    }

    /** Unloads the plug-in jars; results already read stay valid. */
    @Override
    public void close() {
        plugins.close();
    }
}
