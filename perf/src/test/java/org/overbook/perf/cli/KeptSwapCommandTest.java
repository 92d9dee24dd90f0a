package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.report.ResultsWriter;
import org.overbook.perf.run.SmallScenarios;

/**
 * {@code host.keep-swap: true}: the swap files are kept in the results folder's hidden {@code .work} folder, and
 * the command's last line and {@code report.md} say where; without it, neither says anything of the kind.
 */
class KeptSwapCommandTest {

    private static final String KEPT = SmallScenarios.SWEEP.replace("swap: 64MiB}", "swap: 64MiB, keep-swap: true}");

    @TempDir
    Path directory;

    private List<Path> keptFiles(Path results) throws Exception {
        Path work = results.resolve(ResultsWriter.WORK);
        try (Stream<Path> files = Files.exists(work) ? Files.walk(work) : Stream.empty()) {
            return files.filter(Files::isRegularFile).toList();
        }
    }

    @Test
    void theLastLineAndTheReportSayWhereTheKeptSwapIs() throws Exception {
        Path file = Files.writeString(directory.resolve("kept.yaml"), KEPT);
        Path results = directory.resolve("results");
        CommandRun command = new CommandRun();
        assertEquals(0, command.execute("sweep", file.toString(), "--out", results.toString(), "--threads", "2"), command.err.toString());
        List<Path> kept = keptFiles(results);
        assertEquals(2, kept.size(), "a swap file per simulation: " + kept);
        for (Path swap : kept) {
            assertTrue(results.resolve(ResultsWriter.WORK).relativize(swap).toString().matches("run-[12]/server-host/.+"), swap.toString());
        }
        List<String> lines = command.out.toString().lines().toList();
        String last = lines.getLast();
        assertTrue(last.startsWith("swap kept (host.keep-swap): " + results.toAbsolutePath().resolve(".work/run-N/server-host")
                + ", one folder per simulation (2 folders, "), last);
        assertTrue(lines.get(lines.size() - 2).startsWith("results: "), "after the results line: " + lines);
        assertTrue(Files.readString(results.resolve(ResultsWriter.REPORT)).contains("and the server host's swap files, kept"
                + " (`host.keep-swap: true`) in `.work/run-N/server-host/`, a folder per simulation"));
    }

    @Test
    void withoutKeepSwapNothingIsKeptAndNothingSaysSo() throws Exception {
        Path file = Files.writeString(directory.resolve("plain.yaml"), SmallScenarios.MEMCACHED);
        Path results = directory.resolve("results");
        CommandRun command = new CommandRun();
        assertEquals(0, command.execute("run", file.toString(), "--out", results.toString()), command.err.toString());
        assertFalse(Files.exists(results.resolve(ResultsWriter.WORK)));
        assertFalse(command.out.toString().contains("swap kept"), command.out.toString());
        assertFalse(Files.readString(results.resolve(ResultsWriter.REPORT)).contains("keep-swap"));
    }
}
