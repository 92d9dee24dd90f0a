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
import org.overbook.perf.reproduce.ReproduceReport;

/**
 * A reproduction into the folder of an earlier one replaces it: the folder of a preset the earlier one ran and this one
 * does not loses what the earlier one wrote there (and goes, once empty), so the folder holds one run's presets; a
 * user's own files stay, beside them and inside them, and a folder named as a preset that no reproduction wrote is
 * left alone.
 */
class ReproduceIntoAnEarlierFolderTest {

    @TempDir
    Path directory;

    @Test
    void anEarlierRunsOtherPresetsGoAndAUsersOwnFilesStay() throws Exception {
        Path folder = directory.resolve("rq");
        CommandRun first = new CommandRun();
        assertEquals(0, first.execute("reproduce", "pin-down-cache", "part", "netvm", "--quick", "--out", folder.toString(),
                "--threads", "2"), first.err.toString());
        assertTrue(Files.exists(folder.resolve("part").resolve(ResultsWriter.SUMMARY_JSON)));
        assertTrue(Files.exists(folder.resolve("netvm").resolve(ResultsWriter.SUMMARY_JSON)));
        Files.writeString(folder.resolve("part").resolve("my-notes.txt"), "mine\n");
        Files.writeString(folder.resolve("notes.md"), "mine\n");
        Files.createDirectories(folder.resolve("esx"));
        Files.writeString(folder.resolve("esx").resolve(ResultsWriter.SUMMARY_CSV), "a file of mine, in no results folder\n");

        CommandRun second = new CommandRun();
        assertEquals(0, second.execute("reproduce", "pin-down-cache", "--quick", "--out", folder.toString(), "--threads", "2"),
                second.err.toString());

        assertEquals(List.of("my-notes.txt"), names(folder.resolve("part")), "the earlier run's files gone, the user's kept");
        assertFalse(Files.exists(folder.resolve("netvm")), "emptied, so removed");
        assertEquals(List.of(ResultsWriter.SUMMARY_CSV), names(folder.resolve("esx")), "no summary.json: not a results folder");
        assertEquals("mine\n", Files.readString(folder.resolve("notes.md")));
        assertEquals(List.of("esx", "notes.md", "part", "pin-down-cache", ReproduceReport.CSV, ReproduceReport.MARKDOWN),
                names(folder));
        assertTrue(Files.exists(folder.resolve("pin-down-cache").resolve(ResultsWriter.SUMMARY_JSON)));
        List<String> rows = Files.readAllLines(folder.resolve(ReproduceReport.CSV));
        assertEquals(2, rows.size(), "a header and the one figure of this run: " + rows);
        assertTrue(rows.get(1).startsWith("pin-down-cache,"), rows.get(1));
    }

    private static List<String> names(Path folder) throws Exception {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(file -> file.getFileName().toString()).sorted().toList();
        }
    }
}
