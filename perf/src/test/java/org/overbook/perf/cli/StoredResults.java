package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.overbook.perf.report.ResultsWriter;
import org.overbook.perf.resume.PointStore;

/** The results a command stores in its folder for {@code --resume}, as the tests of resuming look at them. */
final class StoredResults {

    private StoredResults() {
    }

    /** Returns the stored results in {@code folder}, in name order (none if it stores none). */
    static List<Path> in(Path folder) throws IOException {
        Path store = folder.resolve(ResultsWriter.WORK).resolve(PointStore.FOLDER);
        try (Stream<Path> files = Files.exists(store) ? Files.list(store) : Stream.empty()) {
            return files.filter(file -> !file.getFileName().toString().startsWith(".")).sorted().toList();
        }
    }

    /** Waits until {@code command}, still running, has stored {@code count} results in {@code folder}. */
    static void await(OverbookProcess command, Path folder, int count) throws IOException, InterruptedException {
        for (int waited = 0; in(folder).size() < count; waited++) {
            assertTrue(command.process.isAlive(), "overbook ended early:\n" + command.printed());
            assertTrue(waited < OverbookProcess.ENDS_WITHIN * 20, count + " results not stored within " + OverbookProcess.ENDS_WITHIN
                    + " s:\n" + command.printed());
            Thread.sleep(50);
        }
    }

    /** Flips a bit in the middle of {@code file}, as a disk might. */
    static void damage(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        bytes[bytes.length / 2] ^= 0x01;
        Files.write(file, bytes);
    }

    /** Copies the folder {@code from}, hidden files included, to {@code to}. */
    static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path path : walk.toList()) {
                Path target = to.resolve(from.relativize(path));
                if (Files.isDirectory(path)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(path, target);
                }
            }
        }
    }
}
