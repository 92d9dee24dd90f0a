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
import org.overbook.guest.WorkloadRegistry;
import org.overbook.perf.run.Runner;
import org.overbook.perf.run.SwapArea;
import org.overbook.perf.run.TimedResult;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

/**
 * What a Spark task gets: one point's resolved scenario as text (every default spelled out, no sweep), and what
 * names it in errors. The task runs it single-threaded with its swap files in a {@link SwapArea} under the
 * executor's own Spark temporary directory (removed after the run, and with the directory when the executor
 * stops) and returns the result in {@link ResultCodec}'s form; it writes no result file, so a swap file kept
 * with {@code host.keep-swap} is dropped too. Workloads are discovered through the task's class loader, so
 * plug-in jars added to the job are seen.
 *
 * @param source how errors name the point ({@code point 2 of scenarios/overcommit.yaml})
 * @param yaml   the point's merged scenario
 */
record PointTask(String source, String yaml) implements Serializable {

    @Serial
    private static final long serialVersionUID = 1L;

    /**
     * One swap area per Spark temporary directory (an executor's, or in local mode each application's), shared by
     * the tasks that run at once so that its disk reservations add up.
     */
    private static final Map<Path, SwapArea> SWAP_AREAS = new ConcurrentHashMap<>();

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
        ScenarioLoader loader = new ScenarioLoader(WorkloadRegistry.discover());
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
