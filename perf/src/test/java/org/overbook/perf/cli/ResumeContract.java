package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.report.ResultsWriter;
import org.overbook.perf.resume.BuildStamp;
import org.overbook.perf.resume.PointStore;
import org.overbook.perf.resume.StoreOwner;
import org.overbook.perf.run.Runner;
import org.overbook.perf.run.TimedResult;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

/**
 * What {@code --resume} guarantees a command that asks for its points as it goes ({@code density}, {@code reproduce},
 * {@code sensitivity}), a subclass per command. A command stopped by SIGTERM after it stored some results, in a real
 * child JVM, then taken up with {@code --resume}: the stored results are reused, one whose file was damaged runs again
 * with a line naming its point, and the folder comes out byte for byte as one uninterrupted command's, with no store
 * left. And in-process: a result another build stored for the very point, or a result of another scenario (another
 * seed) under the point's name, is not reused, and lines say why.
 */
abstract class ResumeContract {

    /** How the line about a stored result that cannot be used names its point: {@code point 0 (LABEL), seed 7}. */
    private static final String POINT = "point \\d+( \\([^)]*\\))?, seed -?\\d+";

    @TempDir
    Path directory;

    /**
     * Returns the arguments of a command (but {@code --out} and {@code --resume}) whose first points finish in a
     * second or so while the others take several: stopped after {@link #stopAfter()} are stored, it is still running.
     */
    abstract List<String> interruptible() throws Exception;

    /** Returns how many stored results to wait for before stopping the command. */
    abstract int stopAfter();

    /** Returns the arguments of a cheap command (but {@code --out} and {@code --resume}). */
    abstract List<String> small() throws Exception;

    /** Returns two points the {@link #small()} command asks for, resolved as it resolves them. */
    abstract List<SweepPoint> pointsOfSmall(ScenarioLoader loader) throws Exception;

    /**
     * Checks what a resumed command printed beyond what every command prints, {@code reused} of the {@code asked}
     * points taken from the store; nothing by default.
     */
    void checkResumed(String printed, int reused, int asked) {
    }

    /** Returns the scenario file {@code name} in the test's directory, holding {@code yaml}: written on the first call. */
    Path scenario(String name, String yaml) throws Exception {
        Path file = directory.resolve(name);
        return Files.exists(file) ? file : Files.writeString(file, yaml);
    }

    private List<String> with(List<String> command, Path out, String... more) {
        List<String> args = new ArrayList<>(command);
        args.addAll(List.of("--out", out.toString()));
        args.addAll(List.of(more));
        return args;
    }

    private OverbookProcess start(List<String> args, String name) throws Exception {
        return OverbookProcess.start(directory.resolve("swap"), directory.resolve(name + ".out"), args.toArray(String[]::new));
    }

    @Test
    void anInterruptedCommandResumedWritesTheFolderOfOneUninterruptedCommand() throws Exception {
        Path results = directory.resolve("results");
        String interrupted;
        try (OverbookProcess first = start(with(interruptible(), results), "first")) {
            StoredResults.await(first, results, stopAfter());
            assertEquals(143, first.terminate(), "stopped by SIGTERM while a later point runs:\n" + first.printed());
            interrupted = first.printed();
        }
        int stored = StoredResults.in(results).size();
        assertTrue(stored >= stopAfter(), stored + " stored");
        assertEquals("overbook: interrupted; the results written so far are in " + results.toAbsolutePath() + " (" + stored
                + " finished points stored: the same command with --out naming this folder and --resume reuses them)",
                interrupted.lines().toList().getLast(), interrupted);
        StoredResults.damage(StoredResults.in(results).getFirst());

        try (OverbookProcess resumed = start(with(interruptible(), results, "--resume"), "resumed")) {
            assertEquals(0, resumed.waitFor(OverbookProcess.ENDS_WITHIN), resumed.printed());
            String printed = resumed.printed();
            assertTrue(printed.startsWith("resuming the interrupted run in " + results.toAbsolutePath() + ": " + stored
                    + " finished point" + (stored == 1 ? "" : "s") + " stored, each reused when the command asks for its point\n"),
                    printed);
            assertTrue(Pattern.compile("(?m)^overbook: warning: --resume: the stored result of " + POINT
                    + " cannot be used \\(its checksum does not match\\); it runs again$").matcher(printed).find(), printed);
            Matcher reused = Pattern.compile("(?m)^reused " + (stored - 1) + " of (\\d+) points from an interrupted run$")
                    .matcher(printed);
            assertTrue(reused.find(), printed);
            assertFalse(printed.contains("Exception"), printed);
            checkResumed(printed, stored - 1, Integer.parseInt(reused.group(1)));
        }
        Path uninterrupted = directory.resolve("uninterrupted");
        CommandRun whole = new CommandRun();
        assertEquals(0, whole.execute(with(interruptible(), uninterrupted).toArray(String[]::new)), whole.err.toString());
        SameFolders.assertSameBytes(uninterrupted, results);
        assertFalse(Files.exists(results.resolve(ResultsWriter.WORK)), "the store goes once the folder is written");
    }

    /**
     * A folder whose stored result another command wrote (an interrupted sweep), or this command of other scenarios, is
     * refused with one line naming {@code --resume}, the folder and what wrote it, before anything runs: resuming would
     * reuse none of it and replace it all. What was stored is kept.
     */
    @Test
    void aFolderStoredByAnotherCommandOrOtherScenariosIsRefusedAndKeepsWhatItStored() throws Exception {
        String verb = small().getFirst();
        ScenarioLoader loader = ScenarioLoader.standard();
        ScenarioFile tiny = loader.parse("""
                duration: 1ms
                warm-up: 0s
                host: {memory: 8MiB, swap: 8MiB}
                tenants: {count: 1, template: {memory: 4MiB, workload: {name: memory-toucher, params: {working-set: 2MiB}}}}
                """, "tiny.yaml");
        TimedResult result = Runner.standard(loader.registry()).run(tiny.points().getFirst(), directory.resolve("scratch"));
        for (StoreOwner other : List.of(StoreOwner.of("sweep", "tiny", tiny), new StoreOwner(verb, List.of(StoreOwner.subject("tiny",
                List.of(tiny)))))) {
            Path results = directory.resolve("stored-by-" + other.command());
            new PointStore(results.resolve(ResultsWriter.WORK), BuildStamp.ofThisProcess(List.of()), other)
                    .save(tiny.points().getFirst(), result);
            List<Path> stored = StoredResults.in(results);

            CommandRun command = new CommandRun();
            assertEquals(2, command.execute(with(small(), results, "--resume").toArray(String[]::new)), command.err.toString());
            String what = other.command().equals(verb) ? "an interrupted " + verb + " of other scenarios than this one's (another"
                    + " scenario file or preset, one edited since, or --quick given to one and not to the other)"
                    : "an interrupted overbook sweep, which overbook " + verb + " does not take up";
            assertEquals("overbook: configuration error: --resume: '" + results + "' stores 1 finished point of " + what
                    + ", and resuming would replace them; accepted: the interrupted command as it was (overbook "
                    + other.command() + " with its scenarios), or this command without --resume to replace that run",
                    command.err.toString().strip());
            assertEquals("", command.out.toString(), "nothing ran");
            assertEquals(stored, StoredResults.in(results), "what the interrupted command stored is kept");
        }
    }

    @Test
    void aResultOfAnotherBuildOrOfAnotherScenarioIsNotReused() throws Exception {
        ScenarioLoader loader = ScenarioLoader.standard();
        List<SweepPoint> points = pointsOfSmall(loader);
        TimedResult result = Runner.standard(loader.registry()).run(points.get(0), directory.resolve("scratch"));
        Path results = directory.resolve("foreign");
        Path work = results.resolve(ResultsWriter.WORK);
        new PointStore(work, BuildStamp.of(List.of(Path.of("another-build.jar")))).save(points.get(0), result);
        PointStore thisBuild = new PointStore(work, BuildStamp.ofThisProcess(List.of()));
        List<Path> before = StoredResults.in(results);
        thisBuild.save(points.get(1), result);
        Path second = StoredResults.in(results).stream().filter(file -> !before.contains(file)).findFirst().orElseThrow();
        SweepPoint otherSeed = new SweepPoint(points.get(1).index(), points.get(1).label(), points.get(1).values(),
                points.get(1).scenario().withSeed(points.get(1).scenario().seed() + 1), points.get(1).yaml());
        List<Path> withSecond = StoredResults.in(results);
        thisBuild.save(otherSeed, result);
        Path foreign = StoredResults.in(results).stream().filter(file -> !withSecond.contains(file)).findFirst().orElseThrow();
        Files.move(foreign, second, StandardCopyOption.REPLACE_EXISTING);

        CommandRun command = new CommandRun();
        assertEquals(0, command.execute(with(small(), results, "--resume").toArray(String[]::new)), command.err.toString());
        String err = command.err.toString();
        assertTrue(err.contains("overbook: warning: --resume: 1 stored result was computed by another build of Overbook or on"
                + " another class path (its code or a plug-in changed since, or a run on threads stored it and this one has"
                + " --master, or the other way round); its point runs again\n"), err);
        assertTrue(Pattern.compile("(?m)^overbook: warning: --resume: the stored result of " + POINT + " cannot be used \\(it is"
                + " the result of another point\\); it runs again$").matcher(err).find(), err);
        assertEquals(2, err.lines().count(), err);
        String out = command.out.toString();
        assertTrue(out.startsWith("resuming the interrupted run in " + results.toAbsolutePath() + ": 2 finished points stored"), out);
        assertTrue(Pattern.compile("(?m)^reused 0 of \\d+ points from an interrupted run$").matcher(out).find(), out);
        assertFalse(Files.exists(work), "the store goes once the folder is written");
    }
}
