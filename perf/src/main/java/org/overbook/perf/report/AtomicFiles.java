package org.overbook.perf.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes a file whole or not at all: the bytes go to a hidden temporary name in the same folder, which is
 * then renamed over the target with {@link StandardCopyOption#ATOMIC_MOVE}. An interrupted run leaves at
 * most a {@code .*.tmp} file, never a half-written file under the real name.
 */
public final class AtomicFiles {

    /** Suffix of the temporary files; anything carrying it is incomplete. */
    static final String TEMPORARY_SUFFIX = ".tmp";

    private AtomicFiles() {
    }

    /** Writes {@code text} as UTF-8 to {@code file}, whole or not at all. */
    public static void write(Path file, String text) {
        write(file, text.getBytes(StandardCharsets.UTF_8));
    }

    /** Writes {@code bytes} to {@code file}, whole or not at all. */
    public static void write(Path file, byte[] bytes) {
        Path temporary = file.resolveSibling("." + file.getFileName() + TEMPORARY_SUFFIX);
        try {
            Files.write(temporary, bytes);
            Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            try {
                Files.deleteIfExists(temporary);
            } catch (IOException ignored) {
                // the original failure is the one to report
            }
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
