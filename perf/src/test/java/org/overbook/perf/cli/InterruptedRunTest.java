package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.report.ResultsLock;
import org.overbook.perf.report.ResultsWriter;
import org.overbook.perf.run.SmallScenarios;

/**
 * An interrupted {@code overbook run} or {@code sweep}, in a real child JVM: SIGTERM (the same exit as Ctrl-C's
 * SIGINT, which a child of a shell in the background may ignore) stops the simulation, prints the one line of an
 * interrupted command and no failure it caused, and leaves no swap file, no lock file and no results file that looks
 * whole; after SIGKILL, {@code overbook clean} (or the next run) finds the stale swap files and says it removed them.
 */
class InterruptedRunTest {

    /** The small memcached scenario made long: it is still running when the signal comes. */
    private static final String LONG = SmallScenarios.MEMCACHED.replace("duration: 20ms", "duration: 60s")
            + "sweep:\n  nic.tlb.replacement: [lru, fifo]\n";
    /** Its first point short, its second long: the first is written when the signal comes. */
    private static final String SHORT_THEN_LONG = SmallScenarios.MEMCACHED + "sweep:\n  duration: [20ms, 60s]\n";

    @TempDir
    Path directory;

    private List<Path> swapFiles(Path swapRoot) throws IOException {
        try (Stream<Path> files = Files.exists(swapRoot) ? Files.walk(swapRoot) : Stream.empty()) {
            return files.filter(p -> p.getFileName().toString().endsWith(".cmap")).toList();
        }
    }

    /**
     * Starts {@code overbook VERB FILE --out RESULTS ARGS} on {@code yaml} and returns once it prints {@code ready}
     * and its point runs with a swap file.
     */
    private OverbookProcess start(String yaml, Path swapRoot, Path results, String ready, String... args) throws Exception {
        Path scenario = Files.writeString(directory.resolve("long.yaml"), yaml);
        List<String> command = new ArrayList<>(List.of(args));
        command.addAll(1, List.of(scenario.toString(), "--out", results.toString()));
        OverbookProcess run = OverbookProcess.start(swapRoot, directory.resolve("run.out"), command.toArray(String[]::new));
        for (int waited = 0; swapFiles(swapRoot).isEmpty() || !run.printed().contains(ready); waited++) {
            assertTrue(run.process.isAlive(), "overbook ended early:\n" + run.printed());
            assertTrue(waited < OverbookProcess.ENDS_WITHIN * 10, "no swap file within " + OverbookProcess.ENDS_WITHIN + " s:\n"
                    + run.printed());
            Thread.sleep(100);
        }
        Thread.sleep(1000); // well into the simulation
        assertTrue(run.process.isAlive(), run.printed());
        return run;
    }

    /** Starts {@code overbook run} on the long scenario and returns once its first point runs with a swap file. */
    private OverbookProcess startRun(Path swapRoot, Path results) throws Exception {
        return start(LONG, swapRoot, results, "running point 0 of 2", "run");
    }

    /** Sends SIGTERM, checks the exit code and returns what the command printed. */
    private static String terminated(OverbookProcess run) throws Exception {
        assertEquals(143, run.terminate(), "killed by SIGTERM (128 + 15):\n" + run.printed());
        return run.printed();
    }

    /** Checks that {@code printed} ends with {@code line}, the only line of overbook's own, and names no exception. */
    private static void saysInterrupted(String printed, String line) {
        List<String> lines = printed.lines().toList();
        assertFalse(lines.isEmpty(), "printed nothing, not even " + line);
        assertEquals(line, lines.getLast(), printed);
        assertEquals(1, lines.stream().filter(l -> l.startsWith("overbook:")).count(), printed);
        assertFalse(printed.contains("Exception"), printed);
    }

    private void leftNothingThatLooksWhole(Path swapRoot, Path results) throws IOException {
        assertEquals(List.of(), swapFiles(swapRoot), "every swap file removed");
        try (Stream<Path> files = Files.exists(results) ? Files.walk(results) : Stream.empty()) {
            List<Path> left = files.filter(Files::isRegularFile).toList();
            for (Path file : left) {
                String name = file.getFileName().toString();
                assertFalse(name.equals(ResultsWriter.SUMMARY_CSV) || name.equals(ResultsWriter.SUMMARY_JSON)
                        || name.equals(ResultsWriter.REPORT) || name.equals(ResultsWriter.TIMING)
                        || name.endsWith(ResultsWriter.HGRM_SUFFIX) || name.endsWith(".tmp") || name.endsWith(".cmap")
                        || name.equals(ResultsLock.FILE), "left behind: " + file);
            }
        }
    }

    @Test
    void sigtermLeavesNoSwapFileAndNoResultsFileThatLooksWhole() throws Exception {
        Path swapRoot = directory.resolve("swap");
        Path results = directory.resolve("results");
        try (OverbookProcess run = startRun(swapRoot, results)) {
            saysInterrupted(terminated(run), "overbook: interrupted; no results were written");
        }
        leftNothingThatLooksWhole(swapRoot, results);
        assertFalse(Files.exists(results), "the folder made for the run, empty, is removed");
    }

    @Test
    void aSweepStoppedInItsSimulationSaysSoInOneLineAndRemovesItsSwapFiles() throws Exception {
        Path swapRoot = directory.resolve("swap");
        Path results = directory.resolve("results");
        try (OverbookProcess sweep = start(LONG, swapRoot, results, "", "sweep", "--threads", "1")) {
            saysInterrupted(terminated(sweep), "overbook: interrupted; no results were written");
        }
        leftNothingThatLooksWhole(swapRoot, results);
    }

    @Test
    void aRunStoppedAfterItsFirstPointKeepsItAndSaysWhere() throws Exception {
        Path swapRoot = directory.resolve("swap");
        Path results = directory.resolve("results");
        try (OverbookProcess run = start(SHORT_THEN_LONG, swapRoot, results, "running point 1 of 2", "run", "--threads", "1")) {
            Path report = results.resolve(ResultsWriter.REPORT);
            for (int waited = 0; !(Files.exists(report) && Files.readString(report).contains("Files:")); waited++) {
                assertTrue(waited < OverbookProcess.ENDS_WITHIN * 10, "the first point not written within " + OverbookProcess.ENDS_WITHIN
                        + " s:\n" + run.printed());
                Thread.sleep(100); // report.md, the last file of a write, is whole once it names the files
            }
            saysInterrupted(terminated(run), "overbook: interrupted; the results written so far are in " + results.toAbsolutePath()
                    + " (1 finished point stored: the same command with --out naming this folder and --resume reuses it)");
        }
        assertEquals(List.of(), swapFiles(swapRoot), "every swap file removed");
        assertFalse(Files.exists(results.resolve(ResultsLock.FILE)));
        assertTrue(Files.readString(results.resolve(ResultsWriter.SUMMARY_JSON)).contains("\"1 of 2 points have run\""));
    }

    @Test
    void afterSigkillCleanFindsTheStaleSwapFilesAndSaysWhatItRemoved() throws Exception {
        Path swapRoot = directory.resolve("swap");
        try (OverbookProcess run = startRun(swapRoot, directory.resolve("results"))) {
            run.process.destroyForcibly(); // SIGKILL: no hook runs
            assertEquals(137, run.waitFor(OverbookProcess.ENDS_WITHIN));
        }
        List<Path> stranded = swapFiles(swapRoot);
        assertFalse(stranded.isEmpty(), "SIGKILL leaves the swap file");
        Path folder = swapRoot.relativize(stranded.getFirst()).getName(0);

        try (OverbookProcess clean = OverbookProcess.start(swapRoot, directory.resolve("clean.out"), "clean")) {
            assertEquals(0, clean.waitFor(OverbookProcess.ENDS_WITHIN), clean.printed());
            String printed = clean.printed();
            assertTrue(printed.contains("removed " + swapRoot.resolve(folder)), printed);
            assertTrue(printed.contains("1 stale swap folder(s) removed"), printed);
        }
        assertEquals(List.of(), swapFiles(swapRoot));
        try (OverbookProcess again = OverbookProcess.start(swapRoot, directory.resolve("again.out"), "clean")) {
            assertEquals(0, again.waitFor(OverbookProcess.ENDS_WITHIN));
            assertTrue(again.printed().contains("no stale swap files under " + swapRoot), again.printed());
        }
    }
}
