package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.ref.WeakReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.report.PointDetail;
import org.overbook.perf.report.ResultsWriter;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.Runner;
import org.overbook.perf.run.SmallScenarios;
import org.overbook.perf.run.TimedResult;
import org.overbook.perf.run.codec.ResultCodec;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

/**
 * A sweep of many points keeps each finished point's figures, not its histograms and series: a 5,000-point sweep once
 * held gigabytes, every point's HdrHistogram counts and hundred-sample series alive until its end. Measured without
 * timing: every point's detail is weakly referenced while the sweep's results are held, the JVM collects until a
 * sentinel as weakly held is gone (a collection that clears weak references has run), and no point's detail may be
 * left. Where the results held their detail, as they did, every reference stays set.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SweepRetentionTest {

    @TempDir
    Path directory;
    private ScenarioFile file;
    private List<TimedResult> ran;

    @BeforeAll
    void runTheSmallSweep(@TempDir Path work) {
        ScenarioLoader loader = ScenarioLoader.standard();
        file = loader.parse(SmallScenarios.SWEEP, "sweep.yaml");
        Runner runner = Runner.standard(loader.registry());
        ran = new ArrayList<>();
        for (SweepPoint point : file.points()) {
            ran.add(runner.run(point, work));
        }
    }

    /**
     * Point {@code i} of a sweep of many: the small sweep's results in turn, each with histograms and series of its
     * own (decoded afresh, as a cluster's results arrive), at its own place.
     */
    private TimedResult point(int i) {
        SweepPoint of = file.points().get(i % ran.size());
        RunResult r = ResultCodec.decode(ResultCodec.encode(ran.get(i % ran.size())), of).result();
        return new TimedResult(r.relabeled(i, "x=" + i, Map.of("x", String.valueOf(i)), r.yaml()), 1, 0);
    }

    @Test
    void aFinishedPointOfALargeSweepLeavesNoHistogramOrSeriesBehind() throws Exception {
        int n = PointDetail.POINTS + 20;
        List<CompletableFuture<TimedResult>> futures = new ArrayList<>();
        List<WeakReference<Object>> detail = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            TimedResult timed = point(i);
            for (Histogram h : timed.result().histograms().values()) {
                detail.add(new WeakReference<>(h));
            }
            detail.add(new WeakReference<>(timed.result().timeSeries()));
            detail.add(new WeakReference<>(timed.result().resources()));
            futures.add(CompletableFuture.completedFuture(timed));
        }
        Path folder = directory.resolve("many");
        List<TimedResult> results;
        try (ResultsWriter writer = new ResultsWriter(folder, folder.resolve(ResultsWriter.WORK))) {
            results = SweepCommand.writeAsTheyComplete(futures, writer, file.source(), n, i -> { });
            collectGarbage();
            long left = detail.stream().filter(reference -> reference.get() != null).count();
            assertEquals(0, left, "of the " + detail.size() + " histograms and series of the sweep's " + n
                    + " finished points, still held");
            writer.write(file.source(), results, n);
        }
        assertEquals(n, results.size());
        assertTrue(results.stream().noneMatch(r -> r.result().hasDetail()), "each point kept as its summary");
        assertTrue(futures.stream().allMatch(f -> f == null), "no future holds its whole result");
        long summaries = results.stream().mapToLong(r -> r.result().footprintBytes()).sum();
        long whole = ran.getFirst().result().footprintBytes();
        assertTrue(summaries < whole * n / 3, summaries + " bytes of summaries against " + whole + " bytes a whole point");
        String series = Files.readString(folder.resolve(ResultsWriter.TIMESERIES_CSV));
        assertTrue(series.contains("\n" + (n - 1) + ","), "the last point's samples are in timeseries.csv");
        assertFalse(Files.list(folder.resolve(ResultsWriter.WORK)).findAny().isPresent(), "the spool of rows is gone");
    }

    @Test
    void aSweepShownPointByPointKeepsItsResultsWhole() throws Exception {
        int n = PointDetail.POINTS;
        List<CompletableFuture<TimedResult>> futures = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            futures.add(CompletableFuture.completedFuture(point(i)));
        }
        Path folder = directory.resolve("few");
        try (ResultsWriter writer = new ResultsWriter(folder, folder.resolve(ResultsWriter.WORK))) {
            List<TimedResult> results = SweepCommand.writeAsTheyComplete(futures, writer, file.source(), n, i -> { });
            assertTrue(results.stream().allMatch(r -> r.result().hasDetail()), "its charts are drawn from every point's detail");
        }
    }

    @Test
    void aReplicatedSweepKeptAsSummariesWritesTheFolderOfItsWholeResults() throws Exception {
        int n = PointDetail.POINTS + 2;
        List<TimedResult> whole = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            TimedResult first = point(i);
            RunResult again = point(i).result();
            whole.add(first);
            whole.add(new TimedResult(again, 1, 0)); // a second replication, as Replicated groups them: by index
        }
        Path plain = new ResultsWriter(directory.resolve("whole")).write(file.source(), whole, whole.size());
        Path folder = directory.resolve("kept");
        List<CompletableFuture<TimedResult>> futures = new ArrayList<>(whole.stream().map(CompletableFuture::completedFuture).toList());
        try (ResultsWriter writer = new ResultsWriter(folder, folder.resolve(ResultsWriter.WORK))) {
            writer.write(file.source(), SweepCommand.writeAsTheyComplete(futures, writer, file.source(), n, i -> { }), whole.size());
        }
        List<String> names = names(plain);
        assertEquals(names, names(folder).stream().filter(name -> !name.equals(ResultsWriter.WORK)).toList());
        for (String name : names) {
            if (!name.equals(ResultsWriter.TIMING)) {
                assertArrayEquals(Files.readAllBytes(plain.resolve(name)), Files.readAllBytes(folder.resolve(name)), name);
            }
        }
    }

    private static List<String> names(Path folder) throws java.io.IOException {
        try (var files = Files.list(folder)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /**
     * Collects garbage until an object only weakly held has gone: the collection that cleared it cleared every weak
     * reference to an object no longer strongly held. Waits for that observable event, not for a guessed time.
     */
    private static void collectGarbage() {
        WeakReference<Object> sentinel = new WeakReference<>(new Object());
        for (int i = 0; i < 100 && sentinel.get() != null; i++) {
            System.gc();
        }
        assertNull(sentinel.get(), "a collection ran");
    }
}
