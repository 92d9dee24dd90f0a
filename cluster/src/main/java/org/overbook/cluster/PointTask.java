package org.overbook.cluster;

import java.io.IOException;
import java.io.Serial;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.spark.SparkFiles;
import org.overbook.perf.plugin.Catalog;
import org.overbook.perf.run.Runner;
import org.overbook.perf.run.SwapArea;
import org.overbook.perf.run.TimedResult;
import org.overbook.perf.run.codec.ResultCodec;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

/**
 * What a Spark task gets: one point's resolved scenario as text (every default spelled out, no sweep), and what
 * names it in errors. The task runs it single-threaded with its swap files in a {@link SwapArea} under the
 * executor's own Spark temporary directory (removed after the run, and with the directory when the executor
 * stops) and returns the result in {@link ResultCodec}'s form; it writes no result file, so a swap file kept
 * with {@code host.keep-swap} is dropped too. Workloads and policies are discovered through the task's class
 * loader, so plug-in jars added to the job are seen.
 *
 * @param source how errors name the point ({@code point 2 (host.memory=512MiB)}, numbered from 0 as the commands number
 *               points)
 * @param yaml   the point's merged scenario, its seed the replication's
 */
record PointTask(String source, String yaml) implements Serializable {

    @Serial
    private static final long serialVersionUID = 1L;

    /**
     * One swap area per Spark temporary directory (an executor's, or in local mode each application's), shared by
     * the tasks that run at once so that its disk reservations add up.
     */
    private static final Map<Path, SwapArea> SWAP_AREAS = new ConcurrentHashMap<>();

    /**
     * Returns the task of {@code point}, whose text reads back, with {@code loader}, to the very scenario the driver
     * resolved. A replica shares its point's text, which names replication 0's seed, so the text the task carries
     * names the replica's own.
     */
    static PointTask of(SweepPoint point, ScenarioLoader loader) {
        String source = name(point);
        String yaml = loader.parse(point.yaml(), "seed: " + point.scenario().seed(), source).points().getFirst().yaml();
        PointTask task = new PointTask(source, yaml);
        if (!task.point(loader).scenario().equals(point.scenario())) {
            throw new IllegalStateException(source + ": its scenario text does not read back to its scenario");
        }
        return task;
    }

    /** Returns how errors name {@code point}: {@code point 2 (host.memory=512MiB)}. */
    static String name(SweepPoint point) {
        return "point " + point.index() + (point.label().isEmpty() ? "" : " (" + point.label() + ")");
    }

    /** Returns the point this task runs, read with {@code loader}. */
    SweepPoint point(ScenarioLoader loader) {
        List<SweepPoint> points = loader.parse(yaml, source).points();
        if (points.size() != 1) {
            throw new IllegalStateException(source + ": a task's scenario has " + points.size() + " points, not one");
        }
        return points.getFirst();
    }

    /** Runs the point on this executor and returns its result, encoded. */
    byte[] run() {
        ScenarioLoader loader = new ScenarioLoader(Catalog.discover(Thread.currentThread().getContextClassLoader()));
        SweepPoint point = point(loader);
        Path directory = temporaryDirectory();
        try {
            Path sparkTemporary = Path.of(SparkFiles.getRootDirectory());
            SwapArea swap = SWAP_AREAS.computeIfAbsent(sparkTemporary, root -> new SwapArea(root.resolve("overbook-swap")));
            TimedResult result = new Runner(loader.registry(), System::nanoTime, swap).run(point, directory);
            return ResultCodec.encode(result);
        } finally {
            try {
                Directories.deleteTree(directory);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot remove the executor's work directory " + directory, e);
            }
        }
    }

    /** Where a kept swap file would go: a directory of this run's own, removed after it (executors keep nothing). */
    private static Path temporaryDirectory() {
        try {
            return Files.createTempDirectory(Path.of(SparkFiles.getRootDirectory()), "overbook-point-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a work directory on the executor", e);
        }
    }
}
