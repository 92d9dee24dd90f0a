package org.overbook.perf.resume;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.overbook.perf.report.AtomicFiles;
import org.overbook.perf.run.ProcessExit;
import org.overbook.perf.run.TimedResult;
import org.overbook.perf.scenario.SweepPoint;

/**
 * The results of a command's finished simulations, kept in its results folder's work area ({@code .work/points/}) so
 * that the command ({@code run}, {@code sweep}, {@code density}, {@code reproduce}, {@code sensitivity}), if it is
 * interrupted, can be taken up again ({@code --resume}) without running them again.
 *
 * <h2>Design</h2>
 * One file per simulation, written whole as the simulation finishes, under a temporary name renamed into place
 * ({@link AtomicFiles}): a process killed while writing leaves at most a hidden {@code .*.tmp} file, never a torn one
 * under a real name. A file is named by a digest of the simulation it holds: the replica's resolved YAML and its seed,
 * all a result depends on (a replication differs from its point by its seed alone). So a point's file is found
 * without reading the others; it holds that point again, whole, with the {@link BuildStamp} of the build that
 * computed it ({@link StoredFile}): a result is used only for the same point and the same build, and a file that
 * fails a check is reported and its point runs again (its new result then takes the file's place). The store is the
 * command's alone: a command that replaces the folder clears it first, and one that completes clears it once its
 * folder is written. Beside the results, a hidden file names the command that wrote them and what its points follow
 * from ({@link StoreOwner}), written with the first: a command that asks for its points as it goes can then tell,
 * before it runs anything, a store it would only replace.
 *
 * <p>The store holds what finished before the process began to exit (Ctrl-C, SIGTERM), and nothing after: a
 * simulation that finishes while the process exits is not stored, as no results file is published then
 * ({@link AtomicFiles}). Storing a result and counting the store ({@link #count}, which the line of an interrupted
 * command gives) take one lock, so the count waits for a result being stored and every result stored after it finds
 * the process exiting: the count an interrupted command prints is what {@code --resume} will find.
 */
public final class PointStore {

    /** The store's folder in a results folder's work area. */
    public static final String FOLDER = "points";
    private static final String SUFFIX = ".result";

    /** Held while a result is stored and while a store is counted: a count sees every result whole or not at all. */
    private static final Object STORING = new Object();

    /** The file, beside the results, naming what wrote them ({@link StoreOwner}); hidden, so no result. */
    private static final String OWNER = ".owner";

    private final Path directory;
    private final BuildStamp stamp;
    /** What this store's command is, recorded with its first result; null for a store that records none. */
    private final StoreOwner owner;
    /** Whether the process has begun to exit, from when on nothing is stored. */
    private final BooleanSupplier exiting;
    /** The files written by this store, so that two points of one scenario write it once. */
    private final Set<String> written = ConcurrentHashMap.newKeySet();

    /**
     * Returns the store in {@code workDirectory} (a results folder's {@code .work}), of results of build {@code stamp},
     * written by {@code owner}'s command: recorded with its first result, unless the store records an owner already.
     */
    public PointStore(Path workDirectory, BuildStamp stamp, StoreOwner owner) {
        this(workDirectory, stamp, owner, ProcessExit::underway);
    }

    /** Returns a store that records no owner, as a build before owners wrote it. */
    public PointStore(Path workDirectory, BuildStamp stamp) {
        this(workDirectory, stamp, null, ProcessExit::underway);
    }

    /** Returns the store, told by {@code exiting} whether the process has begun to exit (a test's own signal). */
    PointStore(Path workDirectory, BuildStamp stamp, StoreOwner owner, BooleanSupplier exiting) {
        this.directory = workDirectory.resolve(FOLDER);
        this.stamp = stamp;
        this.owner = owner;
        this.exiting = exiting;
    }

    /** Returns what wrote the results the store holds, or null if it records nothing (or cannot be read). */
    public StoreOwner owner() {
        try {
            return StoreOwner.parse(Files.readString(directory.resolve(OWNER), StandardCharsets.UTF_8));
        } catch (IOException e) {
            return null; // none recorded (a store of an earlier build), or gone meanwhile
        }
    }

    /**
     * Returns how many results the store in {@code workDirectory} holds, whoever wrote them (0 if there is none); once
     * a result being stored is, or is not, there.
     */
    public static int count(Path workDirectory) {
        Path directory = workDirectory.resolve(FOLDER);
        synchronized (STORING) {
            if (!Files.isDirectory(directory)) {
                return 0;
            }
            try (Stream<Path> files = Files.list(directory)) {
                return (int) files.filter(PointStore::isResult).count();
            } catch (IOException e) {
                return 0; // gone meanwhile
            }
        }
    }

    /** Returns how many results this store holds. */
    public int size() {
        return count(directory.getParent());
    }

    /** Returns what the store holds for {@code replica} (a point, or one replication of it). */
    public Lookup find(SweepPoint replica) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file(replica));
        } catch (NoSuchFileException e) {
            return new Lookup.Absent();
        } catch (IOException e) {
            return new Lookup.Unusable("it cannot be read (" + e.getMessage() + ")");
        }
        return StoredFile.decode(bytes, stamp, replica);
    }

    /**
     * Returns how many stored results another build of the model computed (files that pass their checksum and name
     * another {@link BuildStamp}): results that no point of this build will reuse. Reads every file.
     */
    public int ofOtherBuilds() {
        if (!Files.isDirectory(directory)) {
            return 0;
        }
        List<Path> files;
        try (Stream<Path> listed = Files.list(directory)) {
            files = listed.filter(PointStore::isResult).sorted().toList();
        } catch (IOException e) {
            return 0; // gone meanwhile
        }
        int other = 0;
        for (Path file : files) {
            try {
                other += StoredFile.isOfAnotherBuild(Files.readAllBytes(file), stamp) ? 1 : 0;
            } catch (IOException e) {
                // unreadable: told when its point looks it up
            }
        }
        return other;
    }

    /**
     * Stores {@code result}, of {@code replica}, whole or not at all; not at all once the process has begun to exit (a
     * run that finished as the command was interrupted).
     */
    public void save(SweepPoint replica, TimedResult result) {
        Path file = file(replica);
        byte[] bytes = StoredFile.encode(stamp, replica, result);
        synchronized (STORING) {
            if (exiting.getAsBoolean() || !written.add(file.getFileName().toString())) {
                return;
            }
            try {
                Files.createDirectories(directory);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create " + directory, e);
            }
            if (owner != null && !Files.exists(directory.resolve(OWNER))) {
                AtomicFiles.write(directory.resolve(OWNER), owner.text().getBytes(StandardCharsets.UTF_8));
            }
            AtomicFiles.write(file, bytes);
        }
    }

    /** Removes every stored result (and any temporary file a killed process left), and the store's folder. */
    public void clear() {
        if (!Files.isDirectory(directory)) {
            return;
        }
        try {
            List<Path> files;
            try (Stream<Path> listed = Files.list(directory)) {
                files = listed.filter(Files::isRegularFile).toList();
            }
            for (Path file : files) {
                Files.deleteIfExists(file);
            }
            Files.deleteIfExists(directory);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove the stored results in " + directory, e);
        }
        written.clear();
    }

    private Path file(SweepPoint replica) {
        MessageDigest digest = BuildStamp.sha256();
        digest.update(replica.yaml().getBytes(StandardCharsets.UTF_8));
        digest.update(("\nseed " + replica.scenario().seed()).getBytes(StandardCharsets.UTF_8));
        return directory.resolve(HexFormat.of().formatHex(digest.digest(), 0, 16) + SUFFIX);
    }

    private static boolean isResult(Path file) {
        String name = file.getFileName().toString();
        return name.endsWith(SUFFIX) && !name.startsWith(".");
    }
}
