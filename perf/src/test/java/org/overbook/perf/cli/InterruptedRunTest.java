package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.report.ResultsWriter;
import org.overbook.perf.run.SmallScenarios;

/**
 * An interrupted {@code overbook run}, in a real child JVM: SIGTERM leaves no swap file and no results file that
 * looks whole; after SIGKILL, {@code overbook clean} (or the next run) finds the stale swap files and says it
 * removed them.
 */
class InterruptedRunTest {

    /** The small memcached scenario made long: it is still running when the signal comes. */
    private static final String LONG = SmallScenarios.MEMCACHED.replace("duration: 20ms", "duration: 60s")
            + "sweep:\n  nic.tlb.replacement: [lru, fifo]\n";

    @TempDir
    Path directory;

    private List<Path> swapFiles(Path swapRoot) throws IOException {
        try (Stream<Path> files = Files.exists(swapRoot) ? Files.walk(swapRoot) : Stream.empty()) {
            return files.filter(p -> p.getFileName().toString().endsWith(".cmap")).toList();
        }
    }

    /** Starts {@code overbook run} on the long scenario and returns once its first point runs with a swap file. */
    private OverbookProcess startRun(Path swapRoot, Path results) throws Exception {
        Path scenario = Files.writeString(directory.resolve("long.yaml"), LONG);
        OverbookProcess run = OverbookProcess.start(swapRoot, directory.resolve("run.out"), "run", scenario.toString(),
                "--out", results.toString());
        for (int waited = 0; swapFiles(swapRoot).isEmpty() || !run.printed().contains("running point 1/2"); waited++) {
            assertTrue(run.process.isAlive(), "overbook ended early:\n" + run.printed());
            assertTrue(waited < 1200, "no swap file within 120 s:\n" + run.printed());
            Thread.sleep(100);
        }
        Thread.sleep(1000); // well into the simulation
        assertTrue(run.process.isAlive(), run.printed());
        return run;
    }

    @Test
    void sigtermLeavesNoSwapFileAndNoResultsFileThatLooksWhole() throws Exception {
        Path swapRoot = directory.resolve("swap");
        Path results = directory.resolve("results");
        try (OverbookProcess run = startRun(swapRoot, results)) {
            run.process.destroy(); // SIGTERM
            int code = run.waitFor(60);
            assertEquals(143, code, "killed by SIGTERM (128 + 15):\n" + run.printed());
        }
        assertEquals(List.of(), swapFiles(swapRoot), "every swap file removed");
        try (Stream<Path> files = Files.exists(results) ? Files.walk(results) : Stream.empty()) {
            List<Path> left = files.filter(Files::isRegularFile).toList();
            for (Path file : left) {
                String name = file.getFileName().toString();
                assertFalse(name.equals(ResultsWriter.SUMMARY_CSV) || name.equals(ResultsWriter.SUMMARY_JSON)
                        || name.equals(ResultsWriter.REPORT) || name.equals(ResultsWriter.TIMING)
                        || name.endsWith(ResultsWriter.HGRM_SUFFIX) || name.endsWith(".tmp") || name.endsWith(".cmap"),
                        "left behind: " + file);
            }
        }
    }

    @Test
    void afterSigkillCleanFindsTheStaleSwapFilesAndSaysWhatItRemoved() throws Exception {
        Path swapRoot = directory.resolve("swap");
        try (OverbookProcess run = startRun(swapRoot, directory.resolve("results"))) {
            run.process.destroyForcibly(); // SIGKILL: no hook runs
            assertEquals(137, run.waitFor(60));
        }
        List<Path> stranded = swapFiles(swapRoot);
        assertFalse(stranded.isEmpty(), "SIGKILL leaves the swap file");
        Path folder = swapRoot.relativize(stranded.getFirst()).getName(0);

        try (OverbookProcess clean = OverbookProcess.start(swapRoot, directory.resolve("clean.out"), "clean")) {
            assertEquals(0, clean.waitFor(60), clean.printed());
            String printed = clean.printed();
            assertTrue(printed.contains("removed " + swapRoot.resolve(folder)), printed);
            assertTrue(printed.contains("1 stale swap folder(s) removed"), printed);
        }
        assertEquals(List.of(), swapFiles(swapRoot));
        try (OverbookProcess again = OverbookProcess.start(swapRoot, directory.resolve("again.out"), "clean")) {
            assertEquals(0, again.waitFor(60));
            assertTrue(again.printed().contains("no stale swap files under " + swapRoot), again.printed());
        }
    }
}
