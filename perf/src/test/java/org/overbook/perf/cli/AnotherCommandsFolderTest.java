package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --out} naming the results folder of another verb is refused before anything runs, and the folder is left as it
 * was: {@code run} into a density search's folder replaced the search's {@code report.md} and left its {@code density.csv}
 * and probes beside the run's summaries.
 */
class AnotherCommandsFolderTest {

    @TempDir
    Path directory;

    private Path scenario() throws Exception {
        return Files.writeString(directory.resolve("touch.yaml"), """
                duration: 1ms
                warm-up: 0s
                host: {memory: 8MiB, swap: 8MiB}
                tenants: {count: 1, template: {memory: 4MiB, workload: {name: memory-toucher, params: {working-set: 2MiB}}}}
                """);
    }

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
