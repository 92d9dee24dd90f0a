package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.report.ResultsWriter;
import org.overbook.perf.resume.PointStore;

class InterruptionTest {

    @TempDir
    Path directory;

    @Test
    void theLineNamesTheFolderToResumeIntoForARunThatWasGivenNoOut() throws Exception {
        Path folder = directory.resolve("default-20261127-083000");
        Path store = Files.createDirectories(folder.resolve(ResultsWriter.WORK).resolve(PointStore.FOLDER));
        Files.writeString(store.resolve("0123.result"), "a finished point");
        Files.writeString(store.resolve(".4567.result.tmp"), "one being written when the process ended");
        assertEquals("overbook: interrupted; the results written so far are in " + folder.toAbsolutePath()
                + " (1 finished point stored: the same command with --out naming this folder and --resume reuses it)",
                Interruption.line(List.of(folder)));
    }

    @Test
    void aFolderStoringNothingIsNamedAlone() {
        Path folder = directory.resolve("results");
        assertEquals("overbook: interrupted; the results written so far are in " + folder.toAbsolutePath(),
                Interruption.line(List.of(folder)));
        assertEquals("overbook: interrupted; no results were written", Interruption.line(List.of()));
    }

    /**
     * A progress line being printed when the process begins to exit is printed whole before the interruption's line,
     * which no progress line can then follow: the hook waits for the line under way (a command's progress callback
     * checked "not exiting" just before the signal came), and every line after it finds the process exiting.
     */
    @Test
    void theInterruptionsLineWaitsForAProgressLineUnderWay() throws Exception {
        List<String> printed = new CopyOnWriteArrayList<>();
        CountDownLatch printing = new CountDownLatch(1);
        CountDownLatch hookWaiting = new CountDownLatch(1);
        Thread progress = new Thread(() -> ErrorReporter.printUnlessExiting(() -> {
            printing.countDown();
            try {
                hookWaiting.await(10, TimeUnit.SECONDS); // the hook has started and waits for this line
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            printed.add("point 1 of 2 done");
        }));
        progress.start();
        assertTrue(printing.await(10, TimeUnit.SECONDS));
        Thread hook = new Thread(() -> ErrorReporter.printLast(() -> printed.add("overbook: interrupted")));
        hook.start();
        while (hook.getState() != Thread.State.BLOCKED && hook.isAlive()) {
            Thread.onSpinWait();
        }
        hookWaiting.countDown();
        progress.join(10_000);
        hook.join(10_000);
        assertEquals(List.of("point 1 of 2 done", "overbook: interrupted"), printed);
    }

    /**
     * A command whose runs the signal stopped returns, and may do so before the hook looks: it was interrupted all the
     * same, and the hook prints its line. One that returned on its own before the exit began was not, and gets none.
     */
    @Test
    void aCommandThatReturnedBecauseTheProcessWasExitingIsStillInterrupted() {
        Interruption stoppedBySignal = new Interruption();
        stoppedBySignal.finished(true);
        assertTrue(stoppedBySignal.interrupted());

        Interruption returnedOnItsOwn = new Interruption();
        assertTrue(returnedOnItsOwn.interrupted(), "still running");
        returnedOnItsOwn.finished(false);
        assertFalse(returnedOnItsOwn.interrupted());
    }
}
