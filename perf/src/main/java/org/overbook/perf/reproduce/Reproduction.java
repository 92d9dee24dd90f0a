package org.overbook.perf.reproduce;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.UnaryOperator;
import org.overbook.perf.report.ResultsWriter;
import org.overbook.perf.run.PointCache;
import org.overbook.perf.run.PointExecutor;
import org.overbook.perf.run.Replications;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.Runner;
import org.overbook.perf.run.TimedResult;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

/**
 * Re-runs presets: loads every experiment (so that a configuration error stops everything before anything
 * runs), runs all their points at once through a {@link PointCache} on the given workers, writes one
 * results folder per experiment, and computes each figure from the points.
 *
 * <h2>Design</h2>
 * The points of every preset go to one pool, so a long preset does not leave a core idle while a short one
 * waits its turn; each simulation stays single-threaded and deterministic, so the folders and figures are
 * the same whatever the number of workers. Results are gathered per experiment in file order before
 * anything is written or computed. A preset's folder is {@code <out>/<preset>}; a preset of several
 * experiments has a sub-folder per experiment ({@link PresetFolders}). What an earlier reproduction wrote into the
 * same folder is removed before any point runs, so that the folder never mixes two runs.
 */
public final class Reproduction {

    /** Told as each point finishes (or fails), from the worker that ran it. */
    @FunctionalInterface
    public interface Listener {
        /**
         * @param experiment   the experiment's resource name ({@code esx-balloon})
         * @param point        the point, one replication of it when replicated
         * @param points       how many points the experiment has
         * @param replications how many times the experiment runs each point, under a seed each (1 unless replicated)
         * @param error        why it failed, or null
         */
        void pointDone(String experiment, SweepPoint point, int points, int replications, Throwable error);
    }

    /**
     * What one preset gave.
     *
     * @param preset  the preset
     * @param folders each experiment's results folder, by experiment name
     * @param results every point run, experiment after experiment
     * @param figures its figures, in the preset's order
     */
    public record PresetResult(Preset preset, Map<String, Path> folders, List<TimedResult> results, List<FigureResult> figures) {
    }

    private final ScenarioLoader loader;
    private final boolean quick;
    private final UnaryOperator<ScenarioFile> override;

    /** Returns a reproduction loading with {@code loader}, at reduced size when {@code quick}. */
    public Reproduction(ScenarioLoader loader, boolean quick) {
        this(loader, quick, UnaryOperator.identity());
    }

    /**
     * Returns a reproduction loading with {@code loader}, at reduced size when {@code quick}, each experiment's file
     * changed by {@code override} (a command line's {@code --replications}). A file with replications runs each
     * point that many times ({@link Replications}); its results folder gives the intervals, and each figure is
     * computed per replication and given as their mean with its interval ({@link FigureResult}).
     */
    public Reproduction(ScenarioLoader loader, boolean quick, UnaryOperator<ScenarioFile> override) {
        this.loader = loader;
        this.quick = quick;
        this.override = override;
    }

    /**
     * Runs {@code presets} on {@code executor} (threads, or a cluster), writing under {@code folder}.
     *
     * @throws org.overbook.guest.ConfigurationException before anything runs, if an experiment cannot be loaded
     */
    public List<PresetResult> run(List<Preset> presets, Path folder, PointExecutor executor, Listener listener)
            throws InterruptedException, ExecutionException {
        return execute(presets, folder, executor, listener);
    }

    /** Returns the scenario files of {@code preset}'s experiments as {@code reproduce} loads them, in order. */
    public static List<ScenarioFile> files(Preset preset, ScenarioLoader loader, boolean quick) {
        return preset.experiments().stream().map(e -> e.load(loader, quick)).toList();
    }

    /**
     * Runs {@code presets} on {@code executor} as {@link #run} does, but writes nothing: the figures alone, for a
     * study that runs the presets many times ({@code overbook sensitivity}). The results carry no folders.
     */
    public List<PresetResult> measure(List<Preset> presets, PointExecutor executor) throws InterruptedException, ExecutionException {
        return execute(presets, null, executor, (experiment, point, points, replications, error) -> { });
    }

    /** Runs the presets, writing each experiment's results folder under {@code folder} unless it is null. */
    private List<PresetResult> execute(List<Preset> presets, Path folder, PointExecutor executor, Listener listener)
            throws InterruptedException, ExecutionException {
        Map<Experiment, ScenarioFile> files = new LinkedHashMap<>();
        for (Preset preset : presets) {
            for (Experiment experiment : preset.experiments()) {
                files.put(experiment, override.apply(experiment.load(loader, quick)));
            }
        }
        if (folder != null) {
            // every experiment loaded, so the command will run: an earlier reproduction's results go before any of this one's
            PresetFolders.removeEarlier(folder, Presets.all());
        }
        PointCache cache = PointCache.holding(executor, PointCache.COMMAND_BYTES);
        Map<Experiment, List<CompletableFuture<TimedResult>>> futures = new LinkedHashMap<>();
        files.forEach((experiment, file) -> {
            List<CompletableFuture<TimedResult>> points = new ArrayList<>();
            for (SweepPoint point : Replications.of(file.points(), file.replications())) {
                points.add(cache.get(point, Runner.Progress.none())
                        .whenComplete((result, error) -> listener.pointDone(experiment.resource(), point, file.points().size(),
                                file.replications(), error)));
            }
            futures.put(experiment, points);
        });
        List<PresetResult> out = new ArrayList<>();
        for (Preset preset : presets) {
            out.add(collect(preset, folder, files, futures));
        }
        if (folder != null) {
            deleteIfEmpty(folder.resolve(ResultsWriter.WORK));
        }
        return out;
    }

    private PresetResult collect(Preset preset, Path folder, Map<Experiment, ScenarioFile> files,
                                 Map<Experiment, List<CompletableFuture<TimedResult>>> futures)
            throws InterruptedException, ExecutionException {
        Map<String, Path> folders = new LinkedHashMap<>();
        List<Map<String, List<RunResult>>> replications = new ArrayList<>();
        List<TimedResult> all = new ArrayList<>();
        for (Experiment experiment : preset.experiments()) {
            List<TimedResult> results = new ArrayList<>();
            for (CompletableFuture<TimedResult> future : futures.get(experiment)) {
                results.add(future.get());
            }
            if (folder != null) {
                Path where = PresetFolders.of(folder, preset, experiment);
                new ResultsWriter(where, folder.resolve(ResultsWriter.WORK)).write(files.get(experiment).source(), results);
                folders.put(experiment.name(), where);
            }
            int count = files.get(experiment).replications();
            for (int r = 0; r < count; r++) {
                if (replications.size() <= r) {
                    replications.add(new LinkedHashMap<>());
                }
                replications.get(r).put(experiment.name(), replication(results, count, r));
            }
            all.addAll(results);
        }
        // Every experiment of a preset runs under the same --replications; a preset whose files disagree is
        // measured on the replications they all have.
        int common = preset.experiments().stream().mapToInt(e -> files.get(e).replications()).min().orElse(1);
        List<Measurements> measurements = replications.subList(0, common).stream().map(Measurements::new).toList();
        List<FigureResult> figures = preset.figures().stream().map(f -> FigureResult.compute(preset, f, measurements)).toList();
        return new PresetResult(preset, folders, all, figures);
    }

    /** Returns replication {@code r} of every point of {@code results}, which are in (point, replication) order. */
    private static List<RunResult> replication(List<TimedResult> results, int count, int r) {
        List<RunResult> out = new ArrayList<>();
        for (int i = r; i < results.size(); i += count) {
            out.add(results.get(i).result());
        }
        return out;
    }

    private static void deleteIfEmpty(Path directory) {
        try {
            Files.deleteIfExists(directory);
        } catch (IOException e) {
            // not empty (a kept swap file) or gone: nothing to do
        }
    }
}
