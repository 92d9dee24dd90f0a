package org.overbook.perf.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.Runner;
import org.overbook.perf.run.SmallScenarios;
import org.overbook.perf.run.TimedResult;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

/**
 * A run of more points than {@link PointDetail#POINTS} gives each a row of one table and draws no point's own charts,
 * while every point's figures are still in the summaries; one of that many points or fewer is shown point by point.
 * The points are a small sweep's results under further places, as a sweep of hundreds would hold them.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ManyPointsTest {

    private Path directory;
    private ScenarioFile file;
    private List<TimedResult> ran;

    @BeforeAll
    void runTheSweep(@TempDir Path temporary) {
        directory = temporary;
        ScenarioLoader loader = ScenarioLoader.standard();
        file = loader.parse(SmallScenarios.SWEEP, "sweep.yaml");
        Runner runner = Runner.standard(loader.registry());
        ran = new ArrayList<>();
        for (SweepPoint point : file.points()) {
            ran.add(runner.run(point, temporary.resolve("work")));
        }
    }

    /** {@code n} points, the sweep's results in turn, each at its own place with its own label. */
    private List<TimedResult> points(int n) {
        List<TimedResult> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            TimedResult timed = ran.get(i % ran.size());
            RunResult r = timed.result();
            out.add(timed.withResult(r.relabeled(i, "x=" + i, Map.of("x", String.valueOf(i)), r.yaml())));
        }
        return out;
    }

    private static List<String> names(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void pastTheLimitEachPointIsARowWithItsHistogramsAndNoChartsOfItsOwn() throws Exception {
        int n = PointDetail.POINTS + 1;
        Path folder = new ResultsWriter(directory.resolve("many")).write(file.source(), points(n));
        List<String> names = names(folder);
        assertTrue(names.stream().filter(name -> !Charts.ACROSS_POINTS.contains(name)).noneMatch(name -> name.endsWith(".png")),
                "no point's own charts: " + names);
        assertEquals(n * ran.getFirst().result().histograms().size(), names.stream().filter(name -> name.endsWith(".hgrm")).count(),
                "every point's latency percentiles: " + names);
        assertTrue(names.contains(Charts.THROUGHPUT), names.toString());
        assertFalse(names.contains(Charts.CDF), "a line per point cannot be told apart: " + names);
        String report = Files.readString(folder.resolve(ResultsWriter.REPORT));
        assertFalse(report.contains("## Point 0:"), "no section per point");
        assertTrue(report.contains("The file sweeps " + n + " points, a row each in the table at the end"), report);
        for (int i = 0; i < n; i++) {
            assertTrue(report.contains("\n| " + i + " | x=" + i + " | "), "point " + i + "'s row");
        }
        assertEquals(n, Files.readString(folder.resolve(ResultsWriter.SUMMARY_CSV)).lines().filter(l -> l.contains(",total,")).count(),
                "summary.csv has every point's total");
    }

    @Test
    void atTheLimitEachPointHasItsSectionAndCharts() throws Exception {
        int n = PointDetail.POINTS;
        Path folder = new ResultsWriter(directory.resolve("limit")).write(file.source(), points(n));
        List<String> names = names(folder);
        assertTrue(names.contains("p" + (n - 1) + "-memory.png") && names.contains(Charts.CDF), names.toString());
        String report = Files.readString(folder.resolve(ResultsWriter.REPORT));
        assertTrue(report.contains("## Point " + (n - 1) + ": x=" + (n - 1)), "a section per point");
        assertFalse(report.contains("## Points"), "no table of points");
    }

    @Test
    void aRunThatGrowsPastTheLimitRemovesThePointChartsDrawnBefore() throws Exception {
        Path growing = directory.resolve("growing");
        ResultsWriter writer = new ResultsWriter(growing);
        List<TimedResult> all = points(PointDetail.POINTS + 1);
        writer.writeUnfinished(file.source(), all.subList(0, PointDetail.POINTS), "40 probes have run");
        assertTrue(names(growing).contains("p0-memory.png") && names(growing).contains(Charts.CDF), names(growing).toString());
        writer.write(file.source(), all);
        Path once = new ResultsWriter(directory.resolve("grown-once")).write(file.source(), all);
        assertEquals(names(once), names(growing), "the files of one write of every point, no more");
    }

    @Test
    void aReplicatedRunCountsItsPointsOnceItsSecondPointHasRun() {
        List<TimedResult> p0 = points(1);
        List<TimedResult> twice = List.of(p0.getFirst(), p0.getFirst(), points(2).get(1));
        assertEquals(60, ResultsWriter.expectedPoints(new Replicated(p0), 1, 60), "not known yet: at most every run");
        assertEquals(30, ResultsWriter.expectedPoints(new Replicated(twice), 3, 60), "two runs a point");
        assertEquals(2, ResultsWriter.expectedPoints(new Replicated(twice), 3, 3), "every run held");
    }
}
