package org.overbook.perf.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.guest.ConfigurationException;

/**
 * A results folder's claim within one process: the lock file exists while it is held and goes with it, a second
 * claim of this JVM is refused without disturbing the first, and a lock file left by a killed process blocks nothing.
 * Two processes: {@code org.overbook.perf.cli.ConcurrentWritersTest}.
 */
class ResultsLockTest {

    @TempDir
    Path directory;

    @Test
    void aClaimMakesTheFolderHoldsThePidAndLeavesNothingWhenNothingWasWritten() throws Exception {
        Path folder = directory.resolve("new");
        try (ResultsLock lock = ResultsLock.acquire(folder, "--out")) {
            assertEquals(folder, lock.folder());
            assertEquals("pid " + ProcessHandle.current().pid(), Files.readString(folder.resolve(ResultsLock.FILE)).strip());
        }
        assertFalse(Files.exists(folder), "made by the claim, empty: removed with it");
    }

    @Test
    void theParentsAClaimMadeGoWithItsEmptyFolderButNotThoseThatWereThereOrHoldMore() throws Exception {
        Path results = directory.resolve("results");
        try (ResultsLock lock = ResultsLock.acquire(results.resolve("deep").resolve("run-1"), "--out")) {
            assertTrue(Files.isDirectory(lock.folder()));
        }
        assertFalse(Files.exists(results), "results/ and results/deep were made by the claim and are empty: removed with it");

        Path earlier = Files.createDirectories(results.resolve("earlier"));
        try (ResultsLock lock = ResultsLock.acquire(results.resolve("deep").resolve("run-2"), "--out")) {
            assertTrue(Files.isDirectory(lock.folder()));
        }
        assertFalse(Files.exists(results.resolve("deep")), "made by the claim: removed");
        assertTrue(Files.isDirectory(earlier), "results/ was there before the claim, and keeps what it held");

        Path beside = results.resolve("shared").resolve("run-3");
        try (ResultsLock lock = ResultsLock.acquire(beside, "--out")) {
            Files.createDirectories(results.resolve("shared").resolve("another"));
        }
        assertFalse(Files.exists(beside), "the claim's own folder is empty: removed");
        assertTrue(Files.isDirectory(results.resolve("shared").resolve("another")), "a parent holding more stays");
    }

    @Test
    void aFolderWithResultsKeepsThemAndLosesOnlyTheLockFile() throws Exception {
        Path folder = Files.createDirectories(directory.resolve("old"));
        Files.writeString(folder.resolve("summary.csv"), "x\n");
        try (ResultsLock lock = ResultsLock.acquire(folder, "--out")) {
            Files.writeString(folder.resolve("report.md"), "y\n");
        }
        try (var files = Files.list(folder)) {
            assertEquals(List.of("report.md", "summary.csv"), files.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }

    @Test
    void aSecondClaimOfThisProcessIsRefusedNamingTheFolderAndTheFirstHolds() throws Exception {
        Path folder = directory.resolve("held");
        try (ResultsLock first = ResultsLock.acquire(folder, "--out")) {
            ConfigurationException refused = assertThrows(ConfigurationException.class,
                    () -> ResultsLock.acquire(directory.resolve("held/../held"), "--out"));
            assertTrue(refused.getMessage().startsWith("--out: '"), refused.getMessage());
            assertTrue(refused.getMessage().contains("held' is being written by another overbook command of this process"),
                    refused.getMessage());
            assertTrue(Files.exists(folder.resolve(ResultsLock.FILE)), "the first claim's file stays");
        }
        try (ResultsLock again = ResultsLock.acquire(folder, "--out")) {
            assertTrue(Files.exists(folder.resolve(ResultsLock.FILE)), "free again once the first is closed");
        }
    }

    @Test
    void theLockFileOfAKilledProcessBlocksNothingAndIsRemoved() throws Exception {
        Path folder = Files.createDirectories(directory.resolve("killed"));
        Files.writeString(folder.resolve(ResultsLock.FILE), "pid 999999\n"); // its process gone: no lock on it
        try (ResultsLock lock = ResultsLock.acquire(folder, "--out")) {
            assertEquals("pid " + ProcessHandle.current().pid(), Files.readString(folder.resolve(ResultsLock.FILE)).strip());
        }
        assertFalse(Files.exists(folder.resolve(ResultsLock.FILE)));
    }

    @Test
    void releaseAllNamesTheFoldersThatHoldResults() throws Exception {
        Path empty = directory.resolve("empty");
        Path written = directory.resolve("written");
        ResultsLock.acquire(empty, "--out");
        ResultsLock.acquire(written, "--out");
        Files.writeString(written.resolve("summary.csv"), "x\n");
        assertEquals(List.of(written), ResultsLock.releaseAll());
        assertFalse(Files.exists(empty));
        assertFalse(Files.exists(written.resolve(ResultsLock.FILE)));
        ResultsLock.acquire(empty, "--out").close(); // released: free again
    }

    @Test
    void closingTwiceDoesNothing() {
        ResultsLock lock = ResultsLock.acquire(directory.resolve("twice"), "--out");
        lock.close();
        lock.close();
        assertFalse(Files.exists(directory.resolve("twice")));
    }
}
