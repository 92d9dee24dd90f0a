package org.overbook.perf.report;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Writes a file whole or not at all: the bytes go to a hidden temporary name in the same folder, which is
 * then renamed over the target with {@link StandardCopyOption#ATOMIC_MOVE}. An interrupted run never leaves
 * a half-written file under the real name: on SIGINT or SIGTERM a shutdown hook removes the temporary files
 * being written, and from then on no temporary file is renamed into place. Only a SIGKILL can leave a
 * {@code .*.tmp} file.
 */
public final class AtomicFiles {

    /** Suffix of the temporary files; anything carrying it is incomplete. */
    static final String TEMPORARY_SUFFIX = ".tmp";

    /** The temporary files being written, and whether the JVM is shutting down; shared by every writer of this process. */
    private static final class InFlight {
        static final Set<Path> FILES = ConcurrentHashMap.newKeySet();
        static volatile boolean shuttingDown;

        static {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                shuttingDown = true;
                for (Path file : FILES) {
                    try {
                        Files.deleteIfExists(file);
                    } catch (IOException ignored) {
                        // nothing more can be done on the way out
                    }
                }
            }, "overbook-results-cleanup"));
        }
    }

    private AtomicFiles() {
    }

    /** Writes {@code text} as UTF-8 to {@code file}, whole or not at all. */
    public static void write(Path file, String text) {
        write(file, text.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Adds {@code text} as UTF-8 at the end of {@code file} (made if missing), whole or not at all: what the file holds
     * and the text go to a temporary name that is renamed over it, as {@link #write(Path, byte[])} does, so an
     * interrupted or failed append leaves the file as it was, never torn.
     */
    public static void append(Path file, String text) {
        byte[] earlier;
        try {
            earlier = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            earlier = new byte[0];
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        byte[] added = text.getBytes(StandardCharsets.UTF_8);
        byte[] whole = Arrays.copyOf(earlier, earlier.length + added.length);
        System.arraycopy(added, 0, whole, earlier.length, added.length);
        write(file, whole);
    }

    /** Removes {@code file} if it is there: a file an earlier write made that the folder's new contents do not have. */
    public static void remove(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + file, e);
        }
    }

    /** Writes {@code bytes} to {@code file}, whole or not at all. */
    public static void write(Path file, byte[] bytes) {
        write(file, out -> out.write(bytes));
    }

    /** What a file holds, written to a stream: a large file goes to disk as it is made, never whole in memory first. */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    /** Writes what {@code content} writes to {@code file}, whole or not at all. */
    public static void write(Path file, Content content) {
        Path temporary = file.resolveSibling("." + file.getFileName() + TEMPORARY_SUFFIX);
        InFlight.FILES.add(temporary);
        try {
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(temporary), 1 << 16)) {
                content.writeTo(out);
            }
            if (InFlight.shuttingDown) {
                throw new IOException("the JVM is shutting down (interrupted); nothing more is published");
            }
            Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            try {
                Files.deleteIfExists(temporary);
            } catch (IOException ignored) {
                // the original failure is the one to report
            }
            throw new UncheckedIOException("cannot write " + file, e);
        } finally {
            InFlight.FILES.remove(temporary);
        }
    }
}
