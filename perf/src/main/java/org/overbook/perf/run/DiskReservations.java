package org.overbook.perf.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Properties;
import java.util.function.Supplier;

/**
 * The files through which the processes swapping under one root share what disk they have reserved
 * ({@link SwapArea#reserve}): each process folder's {@value #RESERVED} file, the root's {@value #LOCK} file that makes
 * one process's check and reservation one step for the others, and the free space both are checked against.
 */
final class DiskReservations {

    /** The file of a process folder that holds the bytes its open reservations may take in all. */
    static final String RESERVED = "reserved";
    /** The file of the root that one process at a time locks to check and reserve disk; it stays. */
    static final String LOCK = "reserve.lock";

    private DiskReservations() {
    }

    /** Returns the bytes the process of {@code processFolder} has reserved, 0 if it says nothing (gone, or older). */
    static long reservedBy(Path processFolder) {
        Properties reserved = new Properties();
        try (var in = Files.newBufferedReader(processFolder.resolve(RESERVED), StandardCharsets.UTF_8)) {
            reserved.load(in);
            return Long.parseLong(reserved.getProperty("bytes", "0"));
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
    }

    /**
     * Writes {@code total}, what a process's open reservations may take, into its {@code folder} for the other
     * processes, replaced whole, never half-written; with none open (0), removes the file. Nothing without a folder.
     */
    static void publish(Path folder, long total) {
        if (folder == null) {
            return;
        }
        if (total == 0) {
            try {
                Files.deleteIfExists(folder.resolve(RESERVED));
                return;
            } catch (IOException e) {
                throw new UncheckedIOException("cannot remove " + folder.resolve(RESERVED), e);
            }
        }
        Properties reserved = new Properties();
        reserved.setProperty("bytes", Long.toString(total));
        Path written = folder.resolve(RESERVED + ".new");
        try (var out = Files.newBufferedWriter(written, StandardCharsets.UTF_8)) {
            reserved.store(out, "the most this process's running points may still add to their swap files, with what they hold");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + written, e);
        }
        try {
            Files.move(written, folder.resolve(RESERVED), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + folder.resolve(RESERVED), e);
        }
    }

    /**
     * Runs {@code step} holding {@code root}'s lock file, so that no other process checks and reserves disk meanwhile;
     * where the file system cannot lock, runs it anyway (the check is then this process's alone at that instant).
     */
    static <T> T acrossProcesses(Path root, Supplier<T> step) {
        SwapArea.createDirectories(root);
        // a JVM may hold one lock on a file: two areas of one root in this JVM (tests) take turns here first
        synchronized (DiskReservations.class) {
            try (FileChannel channel = FileChannel.open(root.resolve(LOCK), StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                FileLock lock;
                try {
                    lock = channel.lock();
                } catch (IOException unsupported) {
                    return step.get();
                }
                try (lock) {
                    return step.get();
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot open " + root.resolve(LOCK), e);
            }
        }
    }

    /** Returns the free space of the file system {@code path} is on, or would be on once created. */
    static long usableSpace(Path path) {
        Path existing = path.toAbsolutePath();
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        try {
            return Files.getFileStore(existing == null ? Path.of("").toAbsolutePath() : existing).getUsableSpace();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the free space of the file system of " + path, e);
        }
    }
}
