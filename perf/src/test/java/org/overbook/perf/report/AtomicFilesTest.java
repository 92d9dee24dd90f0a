package org.overbook.perf.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An append is a whole write: it keeps what the file held, and one that fails leaves the file as it was. */
class AtomicFilesTest {

    @TempDir
    Path directory;

    @Test
    void appendsMakeTheFileAndKeepEveryEarlierLineInOrder() throws Exception {
        Path file = directory.resolve("timing.txt");
        AtomicFiles.append(file, "first\n");
        AtomicFiles.append(file, "second\n");
        AtomicFiles.write(directory.resolve("other.txt"), "not this file's\n");
        AtomicFiles.append(file, "third, \u00b5s\n");
        assertEquals("first\nsecond\nthird, \u00b5s\n", Files.readString(file));
        assertEquals(List.of(Path.of("other.txt"), file.getFileName()), names(), "no temporary file left");
    }

    @Test
    void anAppendThatCannotWriteLeavesTheFileAsItWas() throws Exception {
        Path file = directory.resolve("timing.txt");
        AtomicFiles.write(file, "point 0: 1.000 s wall\n");
        // the temporary copy cannot be written: a folder (not empty, so not cleared away) holds its name
        Path temporary = directory.resolve("." + file.getFileName() + AtomicFiles.TEMPORARY_SUFFIX);
        Files.createDirectories(temporary.resolve("in-the-way"));
        assertThrows(UncheckedIOException.class, () -> AtomicFiles.append(file, "live session: speed 1x\n"));
        assertEquals("point 0: 1.000 s wall\n", Files.readString(file), "neither torn nor half-appended");
        Files.delete(temporary.resolve("in-the-way"));
        Files.delete(temporary);
        AtomicFiles.append(file, "live session: speed 1x\n");
        assertEquals("point 0: 1.000 s wall\nlive session: speed 1x\n", Files.readString(file));
        assertFalse(Files.exists(temporary));
    }

    private List<Path> names() throws Exception {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(Path::getFileName).sorted().toList();
        }
    }
}
