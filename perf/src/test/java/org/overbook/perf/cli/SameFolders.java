package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.overbook.perf.report.ResultsWriter;

/**
 * Compares two results folders file by file, hidden ones included, but every {@code timing.txt} (wall-clock time: the
 * folder's own and its sub-folders', a density search's {@code probes/} or a reproduction's presets).
 */
final class SameFolders {

    private SameFolders() {
    }

    /** Checks that {@code actual} holds the files {@code expected} holds, byte for byte, and no other. */
    static void assertSameBytes(Path expected, Path actual) throws IOException {
        List<Path> files = files(expected);
        assertEquals(files, files(actual), "the same files in " + actual + " as in " + expected);
        for (Path file : files) {
            assertArrayEquals(Files.readAllBytes(expected.resolve(file)), Files.readAllBytes(actual.resolve(file)),
                    file + " differs");
        }
    }

    private static List<Path> files(Path folder) throws IOException {
        try (Stream<Path> walk = Files.walk(folder)) {
            return walk.filter(Files::isRegularFile).map(folder::relativize)
                    .filter(file -> !file.getFileName().toString().equals(ResultsWriter.TIMING)).sorted().toList();
        }
    }
}
