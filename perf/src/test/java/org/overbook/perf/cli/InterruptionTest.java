package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
}
