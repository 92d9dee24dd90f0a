package org.overbook.perf.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.overbook.perf.density.Bound;
import org.overbook.perf.density.CurvePoint;
import org.overbook.perf.density.DensityCurve;
import org.overbook.perf.density.DensityExperiment;
import org.overbook.perf.density.Judgement;
import org.overbook.perf.density.Objective;
import org.overbook.perf.run.PointCache;
import org.overbook.perf.run.Runner;
import org.overbook.perf.run.SmallScenarios;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.ScenarioLoader;

/**
 * A density folder written as the search goes, on a real search of the small host (1, 2, 4, 6 tenants, then 5
 * found between 4 and 6, which moves 6 up a place): each curve so far is marked INCOMPLETE with what it had found,
 * and the last write of the whole curve leaves the folder byte for byte as a single write of it does.
 */
class DensityWriterTest {

    @TempDir
    static Path directory;

    private static final List<DensityCurve> SO_FAR = new ArrayList<>();
    private static DensityCurve curve;

    @BeforeAll
    static void search() {
        ScenarioLoader loader = ScenarioLoader.standard();
        ScenarioFile file = loader.parse(SmallScenarios.DENSITY, "density-test");
        DensityExperiment experiment = new DensityExperiment(file, loader.registry(), Objective.parse(List.of("p99=500us")), 1, 6);
        ExecutorService executor = Executors.newFixedThreadPool(1);
        try {
            PointCache cache = new PointCache(Runner.standard(loader.registry()), directory.resolve("work"), executor, 64);
            curve = experiment.run(cache, 1, p -> { }, SO_FAR::add);
        } finally {
            executor.shutdownNow();
        }
    }

    @Test
    void theSearchMovedAProbeUpAPlaceAndReportedEveryCurveBeforeItsLast() {
        assertTrue(curve.complete(), curve.answer());
        assertEquals(curve.points().size() - 1, SO_FAR.size(), "a curve so far after every probe but the last");
        assertTrue(SO_FAR.stream().noneMatch(DensityCurve::complete));
        List<Integer> steps = curve.points().stream().map(CurvePoint::step).toList();
        assertFalse(steps.equals(steps.stream().sorted().toList()), "some probe was found below an earlier one: " + steps);
    }

    @Test
    void writingEveryCurveSoFarThenTheLastLeavesWhatOneWriteOfTheLastDoes() throws Exception {
        Path stepwise = directory.resolve("stepwise");
        DensityWriter writer = new DensityWriter(stepwise);
        for (DensityCurve soFar : SO_FAR) {
            writer.write(soFar);
        }
        writer.write(curve);
        Path once = new DensityWriter(directory.resolve("once")).write(curve);

        List<Path> files = files(once);
        assertEquals(files, files(stepwise), "the same files, none left from an earlier place of a probe");
        assertTrue(files.contains(Path.of(DensityWriter.PROBES, "p" + (curve.points().size() - 1) + "-c5-requests.hgrm")),
                "the last probe's files, at its last place: " + files);
        for (Path file : files) {
            if (!file.endsWith(ResultsWriter.TIMING)) { // wall-clock time
                assertArrayEquals(Files.readAllBytes(once.resolve(file)), Files.readAllBytes(stepwise.resolve(file)),
                        file + " differs");
            }
        }
    }

    @Test
    void theFolderDoesNotDependOnWhichSpeculativeProbesFinished() throws Exception {
        // contradictions come from speculative probes, which finish or not as the machine's timing has it
        DensityCurve contradicted = new DensityCurve(curve.source(), curve.objective(), curve.axis(), curve.bracket(),
                curve.points(), new TreeMap<>(Map.of(2, 3)), curve.failedProbe());
        Path plain = new DensityWriter(directory.resolve("plain")).write(curve);
        Path seen = new DensityWriter(directory.resolve("contradicted")).write(contradicted);
        List<Path> files = files(plain);
        assertEquals(files, files(seen));
        for (Path file : files) {
            if (!file.endsWith(ResultsWriter.TIMING)) { // wall-clock time
                assertArrayEquals(Files.readAllBytes(plain.resolve(file)), Files.readAllBytes(seen.resolve(file)), file + " differs");
            }
        }
    }

    @Test
    void aCurveSoFarIsMarkedIncompleteWithWhatItHadFound() throws Exception {
        DensityCurve three = SO_FAR.stream().filter(c -> c.points().size() == 3).findFirst().orElseThrow();
        Path folder = new DensityWriter(directory.resolve("three")).write(three);

        String report = Files.readString(folder.resolve(DensityWriter.REPORT));
        assertTrue(report.startsWith("**INCOMPLETE: 3 probes judged; this density search was interrupted, ended by a failure or is still going.**\n"),
                report);
        assertTrue(report.contains("**Answer: at least 4 tenants (2.00x overcommit) meet p99 <= 500us; the search had not"
                + " finished.**"), report);
        assertTrue(report.contains("**Cause: not known yet.** The search had not finished"), report);
        assertTrue(report.contains("; 3 probes so far, and it had not finished."), report);
        assertEquals(1 + 3, Files.readAllLines(folder.resolve(DensityWriter.CSV)).size(), "a header and the 3 probes");

        ResultsFolder probes = ResultsFolder.read(folder.resolve(DensityWriter.PROBES), "DIR");
        assertEquals("3 probes of an unfinished density search have run", probes.incomplete());
        assertEquals(3, probes.points().size());
        assertTrue(Files.readString(folder.resolve(DensityWriter.PROBES).resolve(ResultsWriter.REPORT))
                .startsWith("**INCOMPLETE: 3 probes of an unfinished density search have run;"));
    }

    @Test
    void theFirstWriteOfASearchSaysItIsIncompleteBeforeAnythingElse() throws Exception {
        Path folder = directory.resolve("placeholder");
        Files.createDirectories(folder);
        Files.writeString(folder.resolve(DensityWriter.REPORT), "an earlier search's report\n");
        DensityWriter writer = new DensityWriter(folder);
        // a curve whose probes cannot be written: the placeholder report is what the folder is left with
        Files.writeString(folder.resolve(DensityWriter.PROBES), "a file where the probes' folder goes\n");
        assertThrows(UncheckedIOException.class, () -> writer.write(curve));
        assertEquals("**INCOMPLETE: no probe has been written yet; this density search was interrupted, ended by a failure or is still going.**\n",
                Files.readString(folder.resolve(DensityWriter.REPORT)));
    }

    @Test
    void aSearchIntoAnEarlierOnesFolderLeavesNoChartOfABoundItHasNot() throws Exception {
        Path folder = directory.resolve("earlier");
        Files.createDirectories(folder);
        // an earlier search bounded ops as well as p99; this one bounds p99 alone
        Files.writeString(folder.resolve("density-ops.png"), "an earlier search's chart");
        new DensityWriter(folder).write(curve);
        assertFalse(Files.exists(folder.resolve("density-ops.png")), "a chart of a bound this search does not have");
        assertEquals(List.of("density-p99.png"), files(folder).stream().map(Path::toString).filter(f -> f.startsWith("density-")).toList(),
                "its own chart");
    }

    /** Returns every file under {@code folder}, relative to it, sorted. */
    @Test
    void aProbeNotMeasuredIsDrawnApartFromTheFailures() {
        // the most tenants with a p99, as if their load phase had still been running: the p99 may lie within the bound,
        // so a failure's cross would misread it
        Bound p99 = curve.objective().bounds().getFirst();
        List<CurvePoint> points = new ArrayList<>(curve.points());
        int probe = points.size() - 1;
        while (!Double.isFinite(points.get(probe).judgement().worst(p99.metric()))) {
            probe--;
        }
        CurvePoint last = points.get(probe);
        Judgement judged = last.judgement();
        points.set(probe, new CurvePoint(last.step(), last.tenants(), last.clients(), last.overcommit(), new Judgement(false,
                judged.judged(), judged.worst(), "c0", "not measured: c0 still loading at the end", false), last.timed(), last.others(), last.retries()));
        DensityCurve unmeasured = new DensityCurve(curve.source(), curve.objective(), curve.axis(), curve.bracket(), points,
                curve.contradictions(), curve.failedProbe());

        XYChart chart = DensityChart.chart(unmeasured, p99);
        XYSeries notMeasured = chart.getSeriesMap().get("not measured");
        assertEquals(List.of((double) last.tenants()), Arrays.stream(notMeasured.getXData()).boxed().toList());
        XYSeries fails = chart.getSeriesMap().get("fails");
        assertTrue(fails == null || Arrays.stream(fails.getXData()).noneMatch(x -> x == last.tenants()), "not drawn as a failure");
        assertFalse(DensityChart.chart(curve, p99).getSeriesMap().containsKey("not measured"), "every probe of the search measured");
    }

    private static List<Path> files(Path folder) throws Exception {
        try (Stream<Path> walk = Files.walk(folder)) {
            return walk.filter(Files::isRegularFile).map(folder::relativize).sorted().toList();
        }
    }
}
