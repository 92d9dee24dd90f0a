package org.overbook.perf.report;

import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import org.overbook.guest.ConfigurationException;

/**
 * One command's claim on the results folder it writes, so that two {@code overbook} processes never interleave
 * their files in one folder: the second is refused before it simulates anything.
 *
 * <h2>Design</h2>
 * The claim is an operating-system lock ({@link FileChannel#tryLock()}) on a hidden file, {@value #FILE}, in the
 * folder itself, so it follows the folder wherever it is named from (a relative path, a symbolic link) and needs
 * nothing outside it. The operating system drops the lock when its process ends, however it ends: a process killed
 * with SIGKILL leaves at most the empty file, which the next command locks and removes as its own. The file holds
 * the holder's process id, for the refusal to name it.
 *
 * <p>{@link #close()} removes the file, while still holding the lock, so that a completed run leaves the folder as
 * it would be without the lock (and removes the folder too if this claim created it and nothing was written, with the
 * folders above it that it created: a command refused once it had claimed {@code results/x} leaves no empty
 * {@code results/}). A
 * process that opened the file just before its removal then locks a file no longer in the folder: after locking, a
 * claim checks that the folder's file is still the one it locked (the same file key before opening, after opening
 * and once locked) and otherwise tries again on the new one.
 *
 * <p>The lock is the process's (POSIX record locks): closing any other channel on the file in the same process
 * would drop it, and a second lock in the same JVM throws {@link OverlappingFileLockException}. So the claims this
 * process holds are kept by the folder's real path, and a second claim on a held folder is refused from there,
 * without opening the file.
 */
public final class ResultsLock implements AutoCloseable {

    /** The name of the lock file in the results folder. */
    public static final String FILE = ".overbook-lock";
    private static final int ATTEMPTS = 8;
    /** The claims this process holds, by the folder's real path: the lock is the process's, whichever command took it. */
    private static final Map<Path, ResultsLock> HELD = new ConcurrentHashMap<>();

    private final Path folder;
    private final Path key;
    /** The folders this claim made, the results folder first, then each parent it made up to the first that existed. */
    private final List<Path> made;
    private FileChannel channel;
    private FileLock lock;

    private ResultsLock(Path folder, Path key, List<Path> made, FileChannel channel, FileLock lock) {
        this.folder = folder;
        this.key = key;
        this.made = made;
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Claims {@code folder} (made if missing) for this command until {@link #close()}.
     *
     * @throws ConfigurationException naming {@code option} when the folder cannot be made (a name too long for the file
     *         system, a parent this user may not write), taking back the parents it made, or when another overbook
     *         process, or another command of this one, is writing the folder
     */
    public static synchronized ResultsLock acquire(Path folder, String option) {
        List<Path> made = missing(folder);
        Path key;
        try {
            createDirectories(folder);
            key = folder.toRealPath();
        } catch (IOException e) {
            deleteIfEmpty(made.stream().filter(Files::isDirectory).toList()); // those it made before the one refused
            throw new ConfigurationException(option, "'" + folder + "' cannot be made (" + reason(e) + "); accepted: a folder"
                    + " this user may make, its path within the file system's limits (a name of at most 255 bytes on most)");
        }
        if (HELD.containsKey(key)) {
            throw new ConfigurationException(option, "'" + folder + "' is being written by another overbook command of this"
                    + " process; accepted: a folder no other command is writing");
        }
        try {
            ResultsLock claim = lock(folder, key, made, option);
            HELD.put(key, claim);
            return claim;
        } catch (RuntimeException e) {
            deleteIfEmpty(made);
            throw e;
        }
    }

    /** Returns what the file system said, without the path it repeats ({@code File name too long}). */
    private static String reason(IOException e) {
        return e instanceof FileSystemException refused && refused.getReason() != null ? refused.getReason()
                : e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
    }

    /** Returns the folders that making {@code folder} would create: it, then each missing parent, outwards. */
    private static List<Path> missing(Path folder) {
        List<Path> missing = new ArrayList<>();
        for (Path up = folder.toAbsolutePath(); up != null && !Files.isDirectory(up); up = up.getParent()) {
            missing.add(up);
        }
        return List.copyOf(missing);
    }

    /**
     * Makes {@code folder} and its missing parents, again if another command's claim removed a parent it had made (its
     * command refused) between this one's steps.
     */
    private static void createDirectories(Path folder) throws IOException {
        for (int attempt = 1; ; attempt++) {
            try {
                Files.createDirectories(folder);
                return;
            } catch (NoSuchFileException e) {
                if (attempt == ATTEMPTS) {
                    throw e;
                }
            }
        }
    }

    private static ResultsLock lock(Path folder, Path key, List<Path> made, String option) {
        Path file = folder.resolve(FILE);
        for (int attempt = 1; ; attempt++) {
            try {
                Object before = fileKey(file);
                FileChannel channel = FileChannel.open(file, CREATE, READ, WRITE);
                try {
                    Object opened = fileKey(file);
                    FileLock lock = channel.tryLock();
                    if (lock == null) {
                        String holder = read(channel);
                        throw new ConfigurationException(option, "'" + folder + "' is being written by another overbook process"
                                + (holder.isEmpty() ? "" : " (" + holder + ")") + "; wait for it to end, or choose another folder");
                    }
                    if ((before == null || before.equals(opened)) && Objects.equals(opened, fileKey(file))) {
                        channel.truncate(0);
                        channel.write(ByteBuffer.wrap(("pid " + ProcessHandle.current().pid() + "\n")
                                .getBytes(StandardCharsets.UTF_8)), 0);
                        return new ResultsLock(folder, key, made, channel, lock);
                    }
                    // the holder before us removed the file we opened: claim the folder's new one
                    lock.release();
                } catch (OverlappingFileLockException e) {
                    // the claims held keep this JVM's own commands apart, so a lock taken past them is other code's; the
                    // channel stays open, as closing it would drop that lock (the process's) too
                    throw new ConfigurationException(option, "'" + folder + "' is locked by other code in this process;"
                            + " accepted: a folder no other command is writing");
                } catch (RuntimeException | IOException e) {
                    channel.close();
                    throw e;
                }
                channel.close();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot lock the results folder " + folder + " (" + FILE + ")", e);
            }
            if (attempt == ATTEMPTS) {
                throw new UncheckedIOException(new IOException("cannot lock the results folder " + folder + ": its "
                        + FILE + " was replaced " + ATTEMPTS + " times while locking it"));
            }
        }
    }

    /**
     * Releases every claim this process holds, as {@link #close()} does, for a process that is exiting; returns
     * the folders that remain (results were written in them), as their commands named them.
     */
    public static List<Path> releaseAll() {
        List<Path> remaining = new ArrayList<>();
        for (ResultsLock claim : List.copyOf(HELD.values())) {
            claim.close();
            if (Files.isDirectory(claim.folder)) {
                remaining.add(claim.folder);
            }
        }
        return remaining;
    }

    /** Returns the folder this claim holds. */
    public Path folder() {
        return folder;
    }

    /**
     * Removes the lock file and releases the lock; removes the folder too if this claim made it and it is empty, and
     * then each parent this claim made that is left empty. Closing twice does nothing.
     */
    @Override
    public synchronized void close() {
        if (channel == null) {
            return;
        }
        try {
            Files.deleteIfExists(folder.resolve(FILE));
            lock.release();
            channel.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot release the results folder " + folder, e);
        } finally {
            channel = null;
            lock = null;
            HELD.remove(key, this);
            deleteIfEmpty(made);
        }
    }

    private static Object fileKey(Path file) throws IOException {
        try {
            return Files.readAttributes(file, BasicFileAttributes.class).fileKey();
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    private static String read(FileChannel channel) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(64);
        channel.read(buffer, 0);
        return new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8).strip();
    }

    /** Deletes {@code folders}, innermost first, each if it is empty; the first that stays keeps those above it. */
    private static void deleteIfEmpty(List<Path> folders) {
        for (Path folder : folders) {
            try {
                Files.deleteIfExists(folder);
            } catch (DirectoryNotEmptyException e) {
                return; // results were written (or another command's folder is beside it): they stay
            } catch (IOException e) {
                return; // nothing more to do: the folder stays
            }
        }
    }
}
