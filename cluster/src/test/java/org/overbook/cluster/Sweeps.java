package org.overbook.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.overbook.perf.cli.Overbook;
import org.overbook.perf.report.ResultsWriter;
import picocli.CommandLine;

/** Runs the {@code overbook} command in-process for the cluster tests, and compares results folders. */
final class Sweeps {

    /** The four-point sweep of the tests, as a file under {@code directory}. */
    static Path fourPoints(Path directory) throws IOException {
        return resource(directory, "four-points.yaml");
    }

    /** The test resource {@code name}, as a file under {@code directory}. */
    static Path resource(Path directory, String name) throws IOException {
        Path file = directory.resolve(name);
        try (InputStream in = Sweeps.class.getResourceAsStream(name)) {
            Files.write(file, in.readAllBytes());
        }
        return file;
    }

    /** What one command printed, and its exit code. */
    record Outcome(int exit, String out, String err) {
        @Override
        public String toString() {
            return "exit " + exit + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    static Outcome overbook(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine commandLine = Overbook.commandLine();
        commandLine.setOut(new PrintWriter(out));
        commandLine.setErr(new PrintWriter(err));
        int exit = commandLine.execute(args);
        return new Outcome(exit, out.toString(), err.toString());
    }

    /** Asserts that two results folders hold the same files with the same bytes, wall-clock timing aside. */
    static void assertSameResults(Path expected, Path actual) {
        List<Path> files = files(expected);
        assertEquals(files, files(actual), "the same files in " + expected + " and " + actual);
        for (Path file : files) {
            try {
                assertArrayEquals(Files.readAllBytes(expected.resolve(file)), Files.readAllBytes(actual.resolve(file)),
                        file + " differs");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private static List<Path> files(Path folder) {
        try (Stream<Path> walk = Files.walk(folder)) {
            List<Path> out = new ArrayList<>(walk.filter(Files::isRegularFile).map(folder::relativize)
                    .filter(p -> !p.getFileName().toString().equals(ResultsWriter.TIMING)).sorted().toList());
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Sweeps() {
    }
}
