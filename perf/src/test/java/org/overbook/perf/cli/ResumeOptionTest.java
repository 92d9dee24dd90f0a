package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.report.ResultsWriter;
import org.overbook.perf.resume.BuildStamp;
import org.overbook.perf.resume.PointStore;
import org.overbook.perf.resume.StoreOwner;
import org.overbook.perf.run.Runner;
import org.overbook.perf.run.SmallScenarios;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

/**
 * {@code --resume} in-process: a point the folder stores for this build is reused and the folder comes out as a whole
 * run's; with nothing stored every point runs, and it says so; without {@code --out} it is refused; and without
 * {@code --resume} the stored results of the run it replaces are removed.
 */
class ResumeOptionTest {

    @TempDir
    Path directory;

    /** Stores, in {@code folder}, the result of the first point of {@link SmallScenarios#SWEEP}, as an interrupted sweep would. */
    private void storeFirstPoint(Path folder) {
        storeFirstPoint(folder, BuildStamp.ofThisProcess(List.of()), "sweep");
    }

    /** As {@link #storeFirstPoint(Path)}, as a {@code command} of build {@code stamp} would. */
    private void storeFirstPoint(Path folder, BuildStamp stamp, String command) {
        ScenarioLoader loader = ScenarioLoader.standard();
        ScenarioFile file = loader.parse(SmallScenarios.SWEEP, "two.yaml");
        SweepPoint first = file.points().getFirst();
        new PointStore(folder.resolve(ResultsWriter.WORK), stamp, StoreOwner.of(command, "two", file))
                .save(first, Runner.standard(loader.registry()).run(first, directory.resolve("scratch")));
    }

    @Test
    void aStoredPointIsReusedAndTheFolderIsAWholeRunsByteForByte() throws Exception {
        Path file = Files.writeString(directory.resolve("two.yaml"), SmallScenarios.SWEEP);
        Path whole = directory.resolve("whole");
        CommandRun plain = new CommandRun();
        assertEquals(0, plain.execute("sweep", file.toString(), "--out", whole.toString(), "--threads", "1"), plain.err.toString());

        for (String verb : List.of("sweep", "run")) {
            Path resumed = directory.resolve("resumed-" + verb);
            storeFirstPoint(resumed);
            CommandRun command = new CommandRun();
            assertEquals(0, command.execute(verb, file.toString(), "--out", resumed.toString(), "--resume"), command.err.toString());
            String out = command.out.toString();
            assertTrue(out.startsWith("reused 1 of 2 points from an interrupted run\n"), out);
            assertFalse(out.contains("running point 0 of 2"), "the reused point does not run: " + out);
            assertTrue(verb.equals("run") || out.contains("2 points, 1 simulations run"), "the reused point does not run: " + out);
            assertEquals("", command.err.toString());
            SameFolders.assertSameBytes(whole, resumed);
        }
    }

    @Test
    void aPointStoredByAnotherBuildRunsAgainAndALineSaysWhy() throws Exception {
        Path file = Files.writeString(directory.resolve("two.yaml"), SmallScenarios.SWEEP);
        Path results = directory.resolve("other-build");
        storeFirstPoint(results, BuildStamp.of(List.of(Path.of("another-build.jar"))), "sweep");
        CommandRun command = new CommandRun();
        assertEquals(0, command.execute("sweep", file.toString(), "--out", results.toString(), "--resume"), command.err.toString());
        assertEquals("overbook: warning: --resume: 1 stored result was computed by another build of Overbook or on another"
                + " class path (its code or a plug-in changed since, or a run on threads stored it and this one has --master,"
                + " or the other way round); its point runs again\n", command.err.toString());
        assertTrue(command.out.toString().startsWith("reused 0 of 2 points from an interrupted run\n"), command.out.toString());
        assertTrue(command.out.toString().contains("2 points, 2 simulations run"), command.out.toString());
    }

    @Test
    void aResumeWithAnotherScenarioThanTheInterruptedRunsIsRefusedAndKeepsWhatItStored() throws Exception {
        // the folder stores a point of two.yaml; resuming it with another file would reuse nothing and replace them all
        Path other = Files.writeString(directory.resolve("other.yaml"), SmallScenarios.SWEEP.replace("[lru, fifo]", "[fifo]"));
        Path results = directory.resolve("interrupted");
        storeFirstPoint(results);
        List<Path> stored = StoredResults.in(results);
        for (String verb : List.of("run", "sweep")) {
            CommandRun command = new CommandRun();
            assertEquals(2, command.execute(verb, other.toString(), "--out", results.toString(), "--resume"), command.err.toString());
            assertEquals("overbook: configuration error: --resume: '" + results + "' stores 1 finished point of an interrupted"
                    + " run, none of them a point of this scenario (that run was of another scenario file, or of this one before"
                    + " its points were edited), and resuming would replace them; accepted: the interrupted command with its"
                    + " scenario as it was, or the command without --resume to replace that run", command.err.toString().strip());
            assertEquals(stored, StoredResults.in(results), "what the interrupted run stored is kept");
            assertFalse(Files.exists(results.resolve("summary.json")), "nothing ran");
        }
    }

    /**
     * A folder a density search stored a point in, though the point is one of this file's, is not taken up by run or sweep:
     * that search's other points would be replaced.
     */
    @Test
    void aResumeOfAFolderAnotherCommandStoredIsRefusedAndKeepsWhatItStored() throws Exception {
        Path file = Files.writeString(directory.resolve("two.yaml"), SmallScenarios.SWEEP);
        Path results = directory.resolve("density");
        storeFirstPoint(results, BuildStamp.ofThisProcess(List.of()), "density");
        List<Path> stored = StoredResults.in(results);
        for (String verb : List.of("run", "sweep")) {
            CommandRun command = new CommandRun();
            assertEquals(2, command.execute(verb, file.toString(), "--out", results.toString(), "--resume"), command.err.toString());
            assertEquals("overbook: configuration error: --resume: '" + results + "' stores 1 finished point of an interrupted"
                    + " overbook density, which overbook " + verb + " does not take up, and resuming would replace them;"
                    + " accepted: the interrupted command as it was (overbook density with its scenarios), or this command"
                    + " without --resume to replace that run", command.err.toString().strip());
            assertEquals(stored, StoredResults.in(results), "what the interrupted search stored is kept");
            assertFalse(Files.exists(results.resolve("summary.json")), "nothing ran");
        }
    }

    @Test
    void aSweepResumedOnAFolderStoringNothingRunsEveryPointAndSaysSo() throws Exception {
        Path file = Files.writeString(directory.resolve("two.yaml"), SmallScenarios.SWEEP);
        Path results = directory.resolve("new");
        CommandRun command = new CommandRun();
        assertEquals(0, command.execute("sweep", file.toString(), "--out", results.toString(), "--resume"), command.err.toString());
        assertTrue(command.out.toString().startsWith("nothing to resume in " + results.toAbsolutePath()
                + " (no finished point of an interrupted run is stored there); running all 2 points\n"), command.out.toString());
        assertTrue(command.out.toString().contains("2 points, 2 simulations run"), command.out.toString());
        assertFalse(Files.exists(results.resolve(ResultsWriter.WORK)), "the store goes once the folder is written");
    }

    @Test
    void resumeWithoutOutIsRefusedBeforeAnythingRuns() throws Exception {
        Path file = Files.writeString(directory.resolve("two.yaml"), SmallScenarios.SWEEP);
        CommandRun command = new CommandRun();
        assertEquals(ErrorReporter.CONFIGURATION_ERROR, command.execute("run", file.toString(), "--resume"));
        assertEquals("overbook: configuration error: --resume: needs --out DIR, the results folder of the run to take up"
                + " (without --out every run writes a new folder); accepted: --resume --out DIR\n", command.err.toString());
        assertEquals("", command.out.toString());
    }

    @Test
    void withoutResumeTheReplacedRunsStoredResultsGoBeforeAnyPointRuns() {
        Path results = directory.resolve("replaced");
        storeFirstPoint(results);
        assertEquals(1, PointStore.count(results.resolve(ResultsWriter.WORK)));
        StringWriter out = new StringWriter();
        Resumption replacing = Resumption.of(false, results, ScenarioLoader.standard().parse(SmallScenarios.SWEEP, "two.yaml")
                .points(), 1, BuildStamp.ofThisProcess(List.of()), new StoreOwner("sweep", List.of()), new PrintWriter(out),
                new PrintWriter(out));
        assertEquals(0, replacing.reused());
        assertFalse(Files.exists(results.resolve(ResultsWriter.WORK).resolve(PointStore.FOLDER)), "removed with the run it replaces");
        assertEquals("", out.toString(), "replacing a run says nothing of it");
    }
}
