package org.overbook.perf.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** A directory for a benchmark's swap files, removed with everything in it on {@link #close()}. */
final class TemporaryDirectory implements AutoCloseable {

    private final Path path;

    TemporaryDirectory() throws IOException {
        path = Files.createTempDirectory("overbook-bench-");
    }

    Path path() {
        return path;
    }

    @Override
    public void close() throws IOException {
        try (Stream<Path> paths = Files.walk(path)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
