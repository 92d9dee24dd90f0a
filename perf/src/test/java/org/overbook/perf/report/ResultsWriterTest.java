package org.overbook.perf.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.run.Runner;
import org.overbook.perf.run.SmallScenarios;
import org.overbook.perf.run.TimedResult;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

/** The results folder holds every file, whole, and the same scenario and seed write the same summary. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ResultsWriterTest {

    private Path directory;
    private final ScenarioLoader loader = ScenarioLoader.standard();
    private Path folder;
    private ScenarioFile file;

    private List<TimedResult> results;

    @BeforeAll
    void runTheSweep(@TempDir Path temporary) {
        directory = temporary;
        file = loader.parse(SmallScenarios.SWEEP, "sweep.yaml");
        folder = write(directory.resolve("first"));
    }

    private Path write(Path where) {
        Runner runner = Runner.standard(loader.registry());
        results = new ArrayList<>();
        for (SweepPoint point : file.points()) {
            results.add(runner.run(point, where));
        }
        return new ResultsWriter(where).write(file.source(), results);
    }

    @Test
    void theReportAndTimingStateTheSwapStoresPeakOnDisk() throws Exception {
        String report = Files.readString(folder.resolve(ResultsWriter.REPORT));
        String timing = Files.readString(folder.resolve(ResultsWriter.TIMING));
        for (TimedResult timed : results) {
            String peak = String.format(java.util.Locale.ROOT, "%.1f MiB",
                    timed.result().total().get(org.overbook.perf.run.Metrics.SWAP_PEAK_BYTES).doubleValue() / (1 << 20));
            assertTrue(report.contains("The swap store's peak size on disk: " + peak + " (for 64 MiB of swap"), report);
            assertTrue(timing.contains("swap store peak " + peak + " on disk"), timing);
            assertTrue(timing.contains("(set-up "), timing);
            assertTrue(timing.contains(", " + timed.requests() + " requests, "), timing);
        }
        assertFalse(report.contains("INCOMPLETE") || timing.contains("INCOMPLETE"), "every point ran");
    }

    @Test
    void aFolderWrittenBeforeEveryPointRanSaysSoAtTheTopOfReportAndTiming() throws Exception {
        Path partial = new ResultsWriter(directory.resolve("partial")).write(file.source(), results.subList(0, 1), 2);
        String incomplete = "INCOMPLETE: 1 of 2 points have run";
        assertTrue(Files.readString(partial.resolve(ResultsWriter.REPORT)).startsWith("**" + incomplete));
        assertTrue(Files.readString(partial.resolve(ResultsWriter.TIMING)).startsWith(incomplete));
        assertEquals("1 of 2 points have run", new ObjectMapper().readTree(partial.resolve(ResultsWriter.SUMMARY_JSON).toFile())
                .path(ResultsWriter.INCOMPLETE).asText());
        assertFalse(new ObjectMapper().readTree(folder.resolve(ResultsWriter.SUMMARY_JSON).toFile()).has(ResultsWriter.INCOMPLETE));
    }

    @Test
    void writingAfterEveryPointEndsWithTheSameFilesAsWritingOnceAndDrawsEachPointOnce() throws Exception {
        Path stepwise = directory.resolve("stepwise");
        ResultsWriter writer = new ResultsWriter(stepwise);
        writer.write(file.source(), results.subList(0, 1), 2);
        List<String> pointZero;
        try (Stream<Path> files = Files.list(stepwise)) {
            pointZero = files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("p0-")).sorted().toList();
        }
        assertTrue(pointZero.stream().anyMatch(n -> n.endsWith(".png")), "point 0's charts drawn: " + pointZero);
        for (String name : pointZero) {
            Files.delete(stepwise.resolve(name));
        }
        writer.write(file.source(), results, 2);
        for (String name : pointZero) {
            assertFalse(Files.exists(stepwise.resolve(name)), name + " is written once, by the first call that holds it");
        }
        for (String name : List.of(ResultsWriter.SUMMARY_CSV, ResultsWriter.SUMMARY_JSON, ResultsWriter.TIMESERIES_CSV,
                ResultsWriter.RESOURCES_CSV, ResultsWriter.REPORT, "p1-c0-requests.hgrm", "p1-memory.png")) {
            assertArrayEquals(Files.readAllBytes(folder.resolve(name)), Files.readAllBytes(stepwise.resolve(name)),
                    name + " as written by one call with every point (the report lists point 0's charts too)");
        }
    }

    @Test
    void anUnfinishedRunSaysHowFarItGotAndALaterWriteWithoutAPointRemovesThatPointsFiles() throws Exception {
        Path moving = directory.resolve("moving");
        ResultsWriter writer = new ResultsWriter(moving);
        writer.writeUnfinished(file.source(), results, "2 probes of an unfinished search have run");
        assertEquals("2 probes of an unfinished search have run", new ObjectMapper()
                .readTree(moving.resolve(ResultsWriter.SUMMARY_JSON).toFile()).path(ResultsWriter.INCOMPLETE).asText());
        assertTrue(Files.readString(moving.resolve(ResultsWriter.REPORT)).startsWith("**INCOMPLETE: 2 probes of an unfinished"
                + " search have run; this run was interrupted, ended by a failure or is still going.**"));
        assertTrue(Files.exists(moving.resolve("p1-c0-requests.hgrm")) && Files.exists(moving.resolve("p1-memory.png")));
        // a density search's curve moves a probe to another place, and its result is then a new one
        writer.write(file.source(), results.subList(0, 1));
        Path once = new ResultsWriter(directory.resolve("once")).write(file.source(), results.subList(0, 1));
        assertEquals(names(once), names(moving), "the files of one write of the last results, no more");
        assertArrayEquals(Files.readAllBytes(once.resolve(ResultsWriter.REPORT)), Files.readAllBytes(moving.resolve(ResultsWriter.REPORT)));
    }

    @Test
    void aRunWrittenOverAnEarlierOneLeavesNoneOfItsPointsFilesAndKeepsOtherFiles() throws Exception {
        Path reused = directory.resolve("reused");
        new ResultsWriter(reused).write(file.source(), results);
        Files.writeString(reused.resolve("notes.txt"), "the user's own");
        assertTrue(Files.exists(reused.resolve("p1-c0-requests.hgrm")) && Files.exists(reused.resolve("p1-memory.png")));
        new ResultsWriter(reused).write(file.source(), results.subList(0, 1));
        Path fresh = new ResultsWriter(directory.resolve("fresh")).write(file.source(), results.subList(0, 1));
        List<String> names = names(reused);
        assertTrue(names.stream().noneMatch(n -> n.startsWith("p1-")), "the earlier run's point 1 is gone: " + names);
        assertTrue(names.remove("notes.txt"), "the user's file stays: " + names);
        assertEquals(names(fresh), names, "the files of a fresh folder of the same run, no more");
    }

    @Test
    void aFirstWriteCutShortOverAnEarlierRunLeavesAReportThatSaysIncomplete() throws Exception {
        Path reused = directory.resolve("cut-short");
        new ResultsWriter(reused).write(file.source(), results);
        assertFalse(Files.readString(reused.resolve(ResultsWriter.REPORT)).contains("INCOMPLETE"));
        // timing.txt cannot be replaced (a non-empty folder of that name), so the next run's first write stops after
        // publishing its summaries, as a Ctrl-C or a full disk there would stop it
        Files.delete(reused.resolve(ResultsWriter.TIMING));
        Files.createDirectories(reused.resolve(ResultsWriter.TIMING).resolve("in-the-way"));
        assertThrows(UncheckedIOException.class,
                () -> new ResultsWriter(reused).write(file.source(), results.subList(0, 1), 2));
        assertTrue(Files.readString(reused.resolve(ResultsWriter.SUMMARY_CSV)).lines().noneMatch(l -> l.startsWith("1,")),
                "the summary is the new run's, of point 0 alone");
        String report = Files.readString(reused.resolve(ResultsWriter.REPORT));
        assertTrue(report.startsWith("**INCOMPLETE: 0 of 2 points have been written"),
                "the earlier run's whole report must not stand beside the new run's summary: " + report.lines().findFirst());
    }

    private static List<String> names(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toCollection(ArrayList::new));
        }
    }

    @Test
    void everyFileIsPresentAndNoTemporaryIsLeft() throws Exception {
        for (String name : List.of(ResultsWriter.SUMMARY_CSV, ResultsWriter.SUMMARY_JSON, ResultsWriter.TIMESERIES_CSV,
                ResultsWriter.RESOURCES_CSV,
                ResultsWriter.TIMING,
                ResultsWriter.REPORT, "p0-c0-requests.hgrm", "p0-c1-requests.hgrm", "p1-c0-requests.hgrm",
                "p1-c1-requests.hgrm")) {
            assertTrue(Files.size(folder.resolve(name)) > 0, name + " is written and not empty");
        }
        try (Stream<Path> files = Files.list(folder)) {
            assertTrue(files.noneMatch(p -> p.getFileName().toString().endsWith(AtomicFiles.TEMPORARY_SUFFIX)
                    || Files.isDirectory(p)), "only finished files, no temporaries or host folders");
        }
        assertTrue(Files.readString(folder.resolve("p0-c0-requests.hgrm")).contains("Percentile"));
    }

    @Test
    void theCsvHasATenantRowPerTenantAndATotalPerPoint() throws Exception {
        List<String> lines = Files.readAllLines(folder.resolve(ResultsWriter.SUMMARY_CSV));
        String[] header = lines.getFirst().split(",");
        assertEquals(List.of("point", "label", "seed", "tenant", "host", "workload", "cpu_minor_faults"),
                List.of(header).subList(0, 7));
        assertTrue(List.of(header).contains("workload.throughput_ops_per_s"));
        assertTrue(List.of(header).contains("nic_tlb_hit_rate"));
        assertEquals(1 + 2 * 5, lines.size(), "2 points x (4 tenants + total)");
        assertTrue(lines.get(1).startsWith("0,nic.tlb.replacement=lru,7,s0,server,memcached,"), lines.get(1));
        assertTrue(lines.get(5).startsWith("0,nic.tlb.replacement=lru,7,total,,,"), lines.get(5));
        assertTrue(lines.get(10).startsWith("1,nic.tlb.replacement=fifo,7,total,,,"), lines.get(10));
        for (String line : lines) {
            assertEquals(header.length, line.split(",", -1).length, "every row has every column: " + line);
        }
        assertTrue(!Files.readString(folder.resolve(ResultsWriter.SUMMARY_CSV)).contains("wall"), "no wall clock");
    }

    @Test
    void theJsonParsesAndEmbedsTheScenarioAndSeed() throws Exception {
        JsonNode root = new ObjectMapper().readTree(folder.resolve(ResultsWriter.SUMMARY_JSON).toFile());
        assertEquals("sweep.yaml", root.get("source").asText());
        assertEquals(2, root.get("points").size());
        JsonNode point = root.get("points").get(1);
        assertEquals(7, point.get("seed").asLong());
        assertEquals("fifo", point.get("values").get("nic.tlb.replacement").asText());
        assertTrue(point.get("scenario_yaml").asText().contains("replacement: fifo"), point.get("scenario_yaml").asText());
        assertEquals(4, point.get("tenants").size());
        assertTrue(point.get("tenants").get(2).get("metrics").get("workload.throughput_ops_per_s").asDouble() > 0);
        assertEquals(0, point.get("total").get("workload.mismatches").asLong());
    }

    @Test
    void theChartsAreDrawnAndEmbeddedInTheReport() throws Exception {
        String report = Files.readString(folder.resolve(ResultsWriter.REPORT));
        for (String chart : List.of(Charts.THROUGHPUT, Charts.P99, Charts.CDF)) {
            byte[] png = Files.readAllBytes(folder.resolve(chart));
            assertTrue(png.length > 1000 && png[1] == 'P' && png[2] == 'N' && png[3] == 'G', chart + " is a PNG");
            assertTrue(report.contains("![" + chart + "](" + chart + ")"), report);
        }
    }

    @Test
    void eachPointHasItsFaultsAndMemoryChartsWithACaption() throws Exception {
        String report = Files.readString(folder.resolve(ResultsWriter.REPORT));
        for (String chart : List.of("p0-faults.png", "p0-memory.png", "p1-faults.png", "p1-memory.png")) {
            byte[] png = Files.readAllBytes(folder.resolve(chart));
            assertTrue(png.length > 1000 && png[1] == 'P' && png[2] == 'N' && png[3] == 'G', chart + " is a PNG");
            assertTrue(report.contains("![" + chart + "](" + chart + ")\n\n*Point "), report);
        }
        assertTrue(report.indexOf("## Point 1") < report.indexOf("![p1-memory.png]"), "a point's charts are in its section");
        assertTrue(report.contains("the end of the warm-up (10 ms)"), report);
    }

    @Test
    void theTimeSeriesCsvHasARowPerPointSampleAndTenant() throws Exception {
        List<String> lines = Files.readAllLines(folder.resolve(ResultsWriter.TIMESERIES_CSV));
        List<String> header = List.of(lines.getFirst().split(","));
        assertEquals(List.of("point", "time_ms", "phase", "tenant", "host", "resident_pages", "swapped_pages",
                "ballooned_pages", "pinned_pages", "cpu_minor_faults", "cpu_major_faults", "nic_faults_send",
                "nic_faults_receive"), header);
        // 30 ms cut in slices of 0.3 ms: time 0, 100 slice ends, and the end of the warm-up (10 ms) between two.
        assertEquals(1 + 2 * 102 * 4, lines.size(), "2 points x 102 samples x 4 tenants");
        assertEquals("0,0,warm-up,s0,server,", lines.get(1).substring(0, "0,0,warm-up,s0,server,".length()));
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("0,10,measured,s0,server,")), "a sample at the warm-up's end");
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("1,0.3,warm-up,c1,client,")), "a sample at the first slice");
        assertTrue(lines.getLast().startsWith("1,30,measured,c1,client,"), lines.getLast());
        for (String line : lines.subList(1, lines.size())) {
            String[] fields = line.split(",", -1);
            assertEquals(header.size(), fields.length, line);
            assertTrue(new BigDecimal(fields[1]).signum() >= 0, line);
            for (int i = 5; i < fields.length; i++) {
                assertTrue(Long.parseLong(fields[i]) >= 0, line);
            }
        }
    }

    @Test
    void theReportStatesTheScenarioInWords() throws Exception {
        String report = Files.readString(folder.resolve(ResultsWriter.REPORT));
        assertTrue(report.contains("2 server tenant(s)"), report);
        assertTrue(report.contains("`on-demand` memory policy"), report);
        assertTrue(report.contains("## Point 1: nic.tlb.replacement=fifo"), report);
        assertTrue(report.contains("| c0 | memaslap |"), report);
    }

    @Test
    void theSameScenarioAndSeedWriteAByteIdenticalSummary() throws Exception {
        Path second = write(directory.resolve("second"));
        assertArrayEquals(Files.readAllBytes(folder.resolve(ResultsWriter.SUMMARY_CSV)),
                Files.readAllBytes(second.resolve(ResultsWriter.SUMMARY_CSV)));
        assertArrayEquals(Files.readAllBytes(folder.resolve(ResultsWriter.SUMMARY_JSON)),
                Files.readAllBytes(second.resolve(ResultsWriter.SUMMARY_JSON)));
        assertArrayEquals(Files.readAllBytes(folder.resolve(ResultsWriter.TIMESERIES_CSV)),
                Files.readAllBytes(second.resolve(ResultsWriter.TIMESERIES_CSV)));
    }
}
