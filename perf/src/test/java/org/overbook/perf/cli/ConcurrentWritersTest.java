package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.guest.ConfigurationException;
import org.overbook.perf.report.ResultsLock;
import org.overbook.perf.report.ResultsWriter;
import org.overbook.perf.run.SmallScenarios;

/**
 * Two {@code overbook} processes given one results folder, in real child JVMs: the second is refused at once, in one
 * line naming the folder and the first's process id, while the first goes on; once the first is killed (SIGKILL),
 * its lock is gone with it and the next command writes the folder.
 */
class ConcurrentWritersTest {

    /** The small memcached scenario made long: it is still running when the second command comes. */
    private static final String LONG = SmallScenarios.MEMCACHED.replace("duration: 20ms", "duration: 60s");

    @TempDir
    Path directory;

    private String refusal(OverbookProcess second) throws Exception {
        assertEquals(2, second.waitFor(OverbookProcess.ENDS_WITHIN), second.printed());
        String printed = second.printed().strip();
        assertEquals(1, printed.lines().count(), "one line:\n" + printed);
        assertFalse(printed.contains("running point"), "refused before anything runs:\n" + printed);
        return printed;
    }

    @Test
    void aSecondProcessOnTheSameFolderIsRefusedAndTheNextAfterAKillIsNot() throws Exception {
        Path swap = directory.resolve("swap");
        Path results = directory.resolve("results");
        Path longFile = Files.writeString(directory.resolve("long.yaml"), LONG);
        Path sweepFile = Files.writeString(directory.resolve("sweep.yaml"), SmallScenarios.SWEEP);
        try (OverbookProcess first = OverbookProcess.start(swap, directory.resolve("first.out"), "run", longFile.toString(),
                "--out", results.toString())) {
            for (int waited = 0; !first.printed().contains("running point 0 of 1"); waited++) {
                assertTrue(first.process.isAlive(), "overbook ended early:\n" + first.printed());
                assertTrue(waited < OverbookProcess.ENDS_WITHIN * 10, "not running within " + OverbookProcess.ENDS_WITHIN + " s:\n"
                        + first.printed());
                Thread.sleep(100);
            }
            try (OverbookProcess second = OverbookProcess.start(swap, directory.resolve("second.out"), "sweep",
                    sweepFile.toString(), "--out", results.toString())) {
                assertEquals("overbook: configuration error: --out: '" + results + "' is being written by another overbook"
                        + " process (pid " + first.process.pid() + "); wait for it to end, or choose another folder", refusal(second));
            }
            assertTrue(first.process.isAlive(), "the first goes on:\n" + first.printed());
            first.process.destroyForcibly(); // SIGKILL: no hook runs, the lock file stays behind
            assertEquals(137, first.waitFor(OverbookProcess.ENDS_WITHIN));
        }
        assertTrue(Files.exists(results.resolve(ResultsLock.FILE)), "a killed process leaves its (unlocked) lock file");
        try (OverbookProcess next = OverbookProcess.start(swap, directory.resolve("next.out"), "sweep", sweepFile.toString(),
                "--out", results.toString())) {
            assertEquals(0, next.waitFor(OverbookProcess.ENDS_WITHIN), next.printed());
        }
        assertTrue(Files.exists(results.resolve(ResultsWriter.SUMMARY_JSON)));
        assertFalse(Files.exists(results.resolve(ResultsLock.FILE)), "the lock file goes with the run that completed");
    }

    @Test
    void aClaimRefusedInsideOneJvmLeavesTheFirstClaimHoldingAgainstOtherProcesses() throws Exception {
        Path results = directory.resolve("held");
        Path file = Files.writeString(directory.resolve("small.yaml"), SmallScenarios.MEMCACHED);
        try (ResultsLock held = ResultsLock.acquire(results, "--out")) {
            assertThrows(ConfigurationException.class, () -> ResultsLock.acquire(results, "--out"));
            // a second channel on the file, closed, would have dropped this process's lock: the other process must still be refused
            try (OverbookProcess other = OverbookProcess.start(directory.resolve("swap"), directory.resolve("other.out"), "run",
                    file.toString(), "--out", results.toString())) {
                assertTrue(refusal(other).contains("is being written by another overbook process (pid "
                        + ProcessHandle.current().pid() + ")"), other.printed());
            }
        }
    }
}
