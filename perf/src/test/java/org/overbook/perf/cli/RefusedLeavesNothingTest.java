package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.report.ResultsLock;

/**
 * A command refused before it runs creates nothing: not its results folder, nor the folders above it (an empty
 * {@code results/} in the working folder, when no {@code --out} is given). Its options are judged before its folder is
 * claimed; what can only refuse it later (a cluster, with {@code --master}) takes back every folder the claim made.
 */
class RefusedLeavesNothingTest {

    @TempDir
    Path directory;

    private static String refused(String... args) {
        CommandRun command = new CommandRun();
        assertEquals(2, command.execute(args), command.out + "\n" + command.err);
        return command.err.toString().strip();
    }

    private static String[] into(Path out, String... args) {
        return Stream.concat(Arrays.stream(args), Stream.of("--out", out.toString())).toArray(String[]::new);
    }

    private Path scenario() throws Exception {
        return Files.writeString(directory.resolve("touch.yaml"), """
                duration: 1ms
                warm-up: 0s
                host: {memory: 8MiB, swap: 8MiB}
                tenants: {count: 1, template: {memory: 4MiB, workload: {name: memory-toucher, params: {working-set: 2MiB}}}}
                """);
    }

    private String[][] withZeroThreads() throws Exception {
        String file = scenario().toString();
        return new String[][] {{"run", file, "--threads", "0"}, {"sweep", file, "--threads", "0"},
                {"density", file, "--slo", "p99=1ms", "--max", "1", "--threads", "0"}, {"sensitivity", file, "--threads", "0"},
                {"reproduce", "esx", "--quick", "--threads", "0"}};
    }

    @Test
    void zeroThreadsIsRefusedAndNoFolderIsLeft() throws Exception {
        Path results = directory.resolve("results");
        for (String[] args : withZeroThreads()) {
            String message = refused(into(results.resolve("out"), args));
            assertEquals("overbook: configuration error: --threads: 0; accepted: 1 or more", message, String.join(" ", args));
            assertFalse(Files.exists(results), String.join(" ", args) + " was refused, and yet made " + results);
        }
    }

    /**
     * A folder whose name is longer than the file system takes (255 bytes on Linux's) is a configuration error naming
     * {@code --out}, one line, and the folders made above it on the way are taken back.
     */
    @Test
    void aNameTooLongForTheFileSystemIsRefusedNamingOutAndLeavesNothing() throws Exception {
        Path above = directory.resolve("above");
        Path tooLong = above.resolve("r".repeat(300));
        String file = scenario().toString();
        for (String verb : List.of("run", "sweep")) {
            String message = refused(verb, file, "--threads", "1", "--out", tooLong.toString());
            assertTrue(message.startsWith("overbook: configuration error: --out: '"), message);
            assertTrue(message.contains(" cannot be made ("), message);
            assertTrue(message.endsWith("; accepted: a folder this user may make, its path within the file system's limits"
                    + " (a name of at most 255 bytes on most)"), message);
            assertEquals(1, message.lines().count(), message);
            assertFalse(Files.exists(above), verb + " was refused, and yet made " + above);
        }
    }

    /** The folder is claimed last: with another command writing it, the option is still what is refused. */
    @Test
    void theOptionsAreJudgedBeforeTheFolderIsClaimed() throws Exception {
        Path held = directory.resolve("held");
        try (ResultsLock other = ResultsLock.acquire(held, "--out")) {
            for (String[] args : withZeroThreads()) {
                assertEquals("overbook: configuration error: --threads: 0; accepted: 1 or more", refused(into(held, args)),
                        String.join(" ", args));
            }
        }
    }

    @Test
    void aClusterThatRefusesTheCommandTakesBackTheFoldersItsClaimMade() throws Exception {
        Path results = directory.resolve("results");
        String message = refused(into(results.resolve("sweep"), "sweep", scenario().toString(), "--master", "local[2]"));
        assertTrue(message.startsWith("overbook: configuration error: --master: local[2]: Spark support"), message);
        assertFalse(Files.exists(results), "refused once it had claimed results/sweep, and yet left " + results);
    }

    // --out naming the results folder of another verb is refused and the folder left as it was: run into a density
    // search's folder replaced its report.md and left its density.csv and probes beside the run's summaries

    private static List<String> listing(Path folder) throws Exception {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aRunIntoADensitySearchsFolderIsRefusedAndTheSearchIsKept() throws Exception {
        Path density = Files.createDirectories(directory.resolve("density"));
        Files.writeString(density.resolve("density.csv"), "tenants,verdict\n4,meets\n");
        Files.writeString(density.resolve("report.md"), "# the density search\n");
        for (String verb : List.of("run", "sweep")) {
            CommandRun command = new CommandRun();
            assertEquals(2, command.execute(verb, scenario().toString(), "--out", density.toString()), command.err.toString());
            assertEquals("overbook: configuration error: --out: '" + density + "' holds the results of overbook density"
                    + " (density.csv), which this command's would be mixed with; accepted: a new folder, or an earlier results"
                    + " folder of overbook run, sweep, serve or replay, which this command replaces", command.err.toString().strip());
            assertEquals(List.of("density.csv", "report.md"), listing(density));
            assertEquals("# the density search\n", Files.readString(density.resolve("report.md")));
        }
    }

    @Test
    void aDensitySearchIntoARunsFolderIsRefused() throws Exception {
        Path run = Files.createDirectories(directory.resolve("run"));
        Files.writeString(run.resolve("summary.json"), "{}");
        Files.writeString(run.resolve("report.md"), "# the run\n");
        CommandRun command = new CommandRun();
        assertEquals(2, command.execute("density", scenario().toString(), "--slo", "p99=1ms", "--max", "1", "--out",
                run.toString()), command.err.toString());
        assertTrue(command.err.toString().contains("holds the results of overbook run, sweep, serve or replay (summary.json)"),
                command.err.toString());
        assertEquals(List.of("report.md", "summary.json"), listing(run));
    }

    @Test
    void aRunIntoItsOwnEarlierFolderOrAFolderOfTheUsersOwnFilesStillRuns() throws Exception {
        Path mine = Files.createDirectories(directory.resolve("mine"));
        Files.writeString(mine.resolve("notes.txt"), "mine\n");
        CommandRun first = new CommandRun();
        assertEquals(0, first.execute("run", scenario().toString(), "--out", mine.toString()), first.err.toString());
        CommandRun again = new CommandRun();
        assertEquals(0, again.execute("run", scenario().toString(), "--out", mine.toString()), again.err.toString());
        assertTrue(Files.exists(mine.resolve("summary.json")) && Files.exists(mine.resolve("notes.txt")));
    }
}
