package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.report.ResultsLock;
import org.overbook.perf.report.ResultsWriter;
import org.overbook.perf.resume.BuildStamp;
import org.overbook.perf.resume.ExitingStores;
import org.overbook.perf.resume.Lookup;
import org.overbook.perf.resume.PointStore;
import org.overbook.perf.run.Runner;
import org.overbook.perf.run.SmallScenarios;
import org.overbook.perf.run.TimedResult;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

class InterruptionTest {

    private static final BuildStamp BUILD = BuildStamp.of(List.of(Path.of("this-build.jar")));

    @TempDir
    Path directory;

    /** The first point of {@link SmallScenarios#SWEEP} and its result, run once: what a worker stores as it finishes. */
    private static SweepPoint point;
    private static TimedResult result;

    @BeforeAll
    static void runAPoint(@TempDir Path scratch) {
        ScenarioLoader loader = ScenarioLoader.standard();
        point = loader.parse(SmallScenarios.SWEEP, "two.yaml").points().getFirst();
        result = Runner.standard(loader.registry()).run(point, scratch.resolve("run"));
    }

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
                hookWaiting.await(5, TimeUnit.MINUTES); // the hook has started and waits for this line
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            printed.add("point 1 of 2 done");
        }));
        progress.start();
        assertTrue(printing.await(5, TimeUnit.MINUTES));
        Thread hook = new Thread(() -> ErrorReporter.printLast(() -> printed.add("overbook: interrupted")));
        hook.start();
        while (hook.getState() != Thread.State.BLOCKED && hook.isAlive()) {
            Thread.onSpinWait();
        }
        hookWaiting.countDown();
        progress.join();
        hook.join();
        assertEquals(List.of("point 1 of 2 done", "overbook: interrupted"), printed);
    }

    /**
     * A command whose runs the signal stopped returns, and may do so before the hook looks: it was interrupted all the
     * same, and leaves its folder to the hook, which releases it and names it.
     */
    @Test
    void aCommandThatReturnedBecauseTheProcessWasExitingLeavesItsFolderToTheHook() throws Exception {
        Path folder = directory.resolve("results");
        ResultsLock.acquire(folder, "--out");
        Files.writeString(folder.resolve(ResultsWriter.SUMMARY_CSV), "the first point");
        Interruption stoppedBySignal = new Interruption(() -> true);
        List<String> released = new ArrayList<>();
        assertFalse(stoppedBySignal.finished(() -> released.add("by the command")));
        assertEquals(List.of(), released, "left to the hook");
        assertEquals("overbook: interrupted; the results written so far are in " + folder.toAbsolutePath() + "\n",
                hookPrints(stoppedBySignal));
        assertFalse(Files.exists(folder.resolve(ResultsLock.FILE)), "released by the hook");
    }

    /** A command that returned on its own before the exit began releases its folder, and the hook then says nothing. */
    @Test
    void aCommandThatReturnedOnItsOwnGetsNoLine() throws Exception {
        AtomicBoolean signal = new AtomicBoolean();
        Interruption returnedOnItsOwn = new Interruption(signal::get);
        List<String> released = new ArrayList<>();
        assertTrue(returnedOnItsOwn.finished(() -> released.add("by the command")));
        assertEquals(List.of("by the command"), released);
        signal.set(true);
        assertEquals("", hookPrints(returnedOnItsOwn));
    }

    /**
     * The signal comes as a command that ran to its end releases its folder: the hook, started meanwhile, waits for the
     * release and says nothing, rather than finding no claim and saying that no results were written.
     */
    @Test
    void aSignalWhileTheCommandReleasesItsFolderGetsNoLine() throws Exception {
        Path folder = directory.resolve("results");
        ResultsLock claim = ResultsLock.acquire(folder, "--out");
        Files.writeString(folder.resolve(ResultsWriter.SUMMARY_CSV), "every point");
        AtomicBoolean signal = new AtomicBoolean();
        Interruption interruption = new Interruption(signal::get);
        CountDownLatch releasing = new CountDownLatch(1);
        CountDownLatch hookWaiting = new CountDownLatch(1);
        Thread command = new Thread(() -> interruption.finished(() -> {
            signal.set(true);
            releasing.countDown();
            await(hookWaiting); // the hook has started and waits for the release
            claim.close();
        }));
        command.start();
        assertTrue(releasing.await(5, TimeUnit.MINUTES));
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Thread hook = new Thread(() -> interruption.onExit(new PrintStream(err, true, StandardCharsets.UTF_8)));
        hook.start();
        while (hook.getState() != Thread.State.BLOCKED && hook.isAlive()) {
            Thread.onSpinWait();
        }
        hookWaiting.countDown();
        command.join();
        hook.join();
        assertEquals("", err.toString(StandardCharsets.UTF_8));
        assertFalse(Files.exists(folder.resolve(ResultsLock.FILE)), "released by the command");
    }

    /**
     * A real command that ran to its end, with the signal coming right after it released its folder (the order that
     * made the hook say "no results were written" when the command released its folder before it told the hook it had
     * returned): the hook says nothing, and the results are whole.
     */
    @Test
    void aSignalRightAfterACommandReleasedItsFolderGetsNoLine() throws Exception {
        Path scenario = Files.writeString(directory.resolve("small.yaml"), SmallScenarios.MEMCACHED);
        Path folder = directory.resolve("results");
        Interruption interruption = new Interruption(() -> Files.isDirectory(folder) && !Files.exists(folder.resolve(ResultsLock.FILE)));
        CommandRun run = new CommandRun(() -> Overbook.commandLine(interruption));
        assertEquals(0, run.execute("run", scenario.toString(), "--out", folder.toString()), run.err.toString());
        assertEquals("", hookPrints(interruption));
        assertTrue(Files.exists(folder.resolve(ResultsWriter.SUMMARY_JSON)));
    }

    /** Returns what the hook of {@code interruption} prints. */
    private static String hookPrints(Interruption interruption) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        interruption.onExit(new PrintStream(err, true, StandardCharsets.UTF_8));
        return err.toString(StandardCharsets.UTF_8);
    }

    /**
     * A point that finished just before the process began to exit, and is being stored as the hook counts, is in the
     * count: the hook waits for it. The line's count is what {@code --resume} then finds.
     */
    @Test
    void theCountWaitsForAPointBeingStored() throws Exception {
        Path folder = directory.resolve("results");
        Path work = folder.resolve(ResultsWriter.WORK);
        CountDownLatch storing = new CountDownLatch(1);
        CountDownLatch hookWaiting = new CountDownLatch(1);
        PointStore store = ExitingStores.of(work, BUILD, () -> {
            storing.countDown();
            await(hookWaiting); // the signal comes now, once the store has found the process not exiting
            return false;
        });
        Thread worker = new Thread(() -> store.save(point, result));
        worker.start();
        assertTrue(storing.await(5, TimeUnit.MINUTES));
        AtomicReference<String> line = new AtomicReference<>();
        Thread hook = new Thread(() -> line.set(Interruption.line(List.of(folder))));
        hook.start();
        while (hook.getState() != Thread.State.BLOCKED && hook.isAlive()) {
            Thread.onSpinWait();
        }
        hookWaiting.countDown();
        worker.join();
        hook.join();
        assertEquals("overbook: interrupted; the results written so far are in " + folder.toAbsolutePath()
                + " (1 finished point stored: the same command with --out naming this folder and --resume reuses it)", line.get());
        assertInstanceOf(Lookup.Found.class, store.find(point), "what --resume finds");
    }

    /** A point that finishes once the process has begun to exit (after the hook counted, or before) is not stored. */
    @Test
    void aPointFinishingAsTheProcessExitsIsNotStoredNorCounted() {
        Path folder = directory.resolve("results");
        Path work = folder.resolve(ResultsWriter.WORK);
        PointStore store = ExitingStores.of(work, BUILD, () -> true);
        String line = Interruption.line(List.of(folder));
        store.save(point, result);
        assertEquals(line, Interruption.line(List.of(folder)), "the line said before the point finished holds after");
        assertEquals(0, PointStore.count(work));
        assertInstanceOf(Lookup.Absent.class, store.find(point), "what --resume finds");
    }

    private static void await(CountDownLatch latch) {
        try {
            assertTrue(latch.await(5, TimeUnit.MINUTES));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
