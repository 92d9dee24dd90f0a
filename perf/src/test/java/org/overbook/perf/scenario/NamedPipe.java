package org.overbook.perf.scenario;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

/** A named pipe (a FIFO) for a test, made with {@code mkfifo}; the test is skipped on a system without it. */
public final class NamedPipe {

    private NamedPipe() {
    }

    /** Makes a named pipe at {@code path}, which nothing writes to, and returns it. */
    public static Path at(Path path) throws Exception {
        int exit;
        try {
            exit = new ProcessBuilder("mkfifo", path.toString()).inheritIO().start().waitFor();
        } catch (java.io.IOException e) {
            exit = -1;
        }
        assumeTrue(exit == 0 && Files.exists(path) && !Files.isRegularFile(path), "a system without mkfifo");
        return path;
    }
}
