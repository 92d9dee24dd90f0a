package org.overbook.perf.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.overbook.guest.ConfigurationException;

/**
 * Where the swap files of this process's runs live while they run, and the clean-up of those of processes
 * that are gone.
 *
 * <h2>Design</h2>
 * Swap files are scratch space, not results, so they do not live in the results folder, where an
 * interrupted run would strand them. Each process gets a folder of its own under one root ({@link #root()}:
 * {@code $OVERBOOK_SWAP_DIR}, else {@code overbook-swap-USER} under the system's temporary folder), named
 * {@code run-PID} and holding an {@value #OWNER} file with the process's id and start time; each run gets
 * a numbered sub-folder of it. The folder is removed when its run ends, and the whole process folder by a
 * shutdown hook, which the JVM runs on a normal exit, on SIGINT and on SIGTERM. The hook first lets the runs
 * still going stop ({@link Runner} stops at its next progress slice once the process is exiting) and close their
 * swap stores, waiting up to {@value #STOP_WAIT_MILLIS} ms for them, and refuses new ones: a store is never removed
 * under a simulation still using it. After a SIGKILL (or a
 * power cut) nothing runs, so the next process, and {@code overbook clean}, look for process folders whose
 * owner is no longer alive (no process with that id, or one started at another time: ids are reused) and
 * remove them, saying what they removed. A kept swap file ({@code host.keep-swap}) is moved into the results
 * folder after its run, where the user looks.
 *
 * <p>Disk: a run reserves the most its swap files may take before it starts ({@link #reserve}), against the free space
 * of the root's file system less what the other reservations may still write: this process's, and those of every other
 * live process under the same root, which each process keeps in a {@value DiskReservations#RESERVED} file of its folder. A lock file in
 * the root makes one process's check and reservation one step for the others. Not counted: results folders, and swap
 * folders under another root on the same file system; a swap file checks the free space again each time it grows, so a
 * disk filled by them stops a run with a line saying so rather than with a damaged store.
 */
public final class SwapArea {

    /** The environment variable that moves the root of every process's swap folder. */
    public static final String ENVIRONMENT = "OVERBOOK_SWAP_DIR";
    static final String OWNER = "owner";
    private static final String PREFIX = "run-";
    /** How long the shutdown hook waits for the runs still going to stop before it removes their files anyway. */
    static final long STOP_WAIT_MILLIS = 5_000;

    /** A process folder that was removed, and the bytes its files took. */
    public record Removed(Path folder, long bytes) {
    }

    private final Path root;
    private final ProcessHandle self;
    private final AtomicLong runs = new AtomicLong();
    private final List<Reservation> reservations = new ArrayList<>();
    private Path folder;
    /** The run folders handed out and not yet released. */
    private int active;
    /** Set by the shutdown hook: no new run folder is handed out. */
    private boolean closing;

    /** This process's swap area under {@link #defaultRoot()}, created on first use. */
    private static final class Standard {
        static final SwapArea AREA = new SwapArea(defaultRoot());

        static {
            for (Removed removed : AREA.removeStale()) {
                System.err.printf("overbook: removed the stale swap files of a process that is gone: %s (%d MiB)%n",
                        removed.folder(), removed.bytes() >> 20);
            }
        }
    }

    /**
     * Returns this process's swap area under {@link #defaultRoot()}. The first call removes the stale folders of
     * processes that are gone, saying on standard error what it removed.
     */
    public static SwapArea standard() {
        return Standard.AREA;
    }

    /** Returns the swap area of this process under {@code root} (nothing is created until a run asks). */
    public SwapArea(Path root) {
        this(root, ProcessHandle.current());
    }

    SwapArea(Path root, ProcessHandle self) {
        this.root = root.toAbsolutePath();
        this.self = self;
    }

    /** Returns the root given by {@value #ENVIRONMENT}, else {@code overbook-swap-USER} under {@code java.io.tmpdir}. */
    public static Path defaultRoot() {
        String configured = System.getenv(ENVIRONMENT);
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured);
        }
        String user = System.getProperty("user.name", "user").replaceAll("[^A-Za-z0-9._-]", "-");
        return Path.of(System.getProperty("java.io.tmpdir"), "overbook-swap-" + user);
    }

    public Path root() {
        return root;
    }

    /**
     * Returns a new, empty folder for one run's swap files; {@link #release} it when the run ends. The first call
     * creates this process's folder with its owner file and its shutdown hook.
     *
     * @throws CancellationException once the process is exiting: the run is not started
     */
    public synchronized Path newRunFolder() {
        if (closing) {
            throw new CancellationException("the process is exiting (interrupted): no new run starts");
        }
        if (folder == null) {
            folder = createProcessFolder();
        }
        Path created = createDirectories(folder.resolve(Long.toString(runs.incrementAndGet())));
        active++;
        return created;
    }

    /** Removes a folder of {@link #newRunFolder} and everything in it, once its run has closed its swap stores. */
    public void release(Path runFolder) {
        try {
            deleteTree(runFolder);
        } finally {
            synchronized (this) {
                active--;
                notifyAll();
            }
        }
    }

    /**
     * The shutdown hook: refuses new runs, waits (up to {@value #STOP_WAIT_MILLIS} ms) for those still going to stop
     * and release their folders, then removes this process's folder.
     */
    void closeOnExit() {
        closeOnExit(STOP_WAIT_MILLIS);
    }

    /** The shutdown hook, waiting up to {@code waitMillis} ms for the runs still going (a test waits for its own signal). */
    void closeOnExit(long waitMillis) {
        Path processFolder;
        synchronized (this) {
            closing = true;
            processFolder = folder;
            long deadline = System.nanoTime() + waitMillis * 1_000_000;
            try {
                for (long left = waitMillis; active > 0 && left > 0; left = (deadline - System.nanoTime()) / 1_000_000) {
                    wait(left);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // remove the files now
            }
        }
        if (processFolder != null) {
            deleteTree(processFolder);
        }
    }

    /**
     * Reserves disk for a run whose swap files, in {@code runFolder}, may grow to {@code maxBytes}: the disk it
     * may still take, with what the runs holding reservations may still take, must be free on the folder's
     * file system. Close the reservation when the run ends.
     *
     * @throws ConfigurationException naming {@code host.swap} when it is not
     */
    public synchronized Reservation reserve(Path runFolder, long maxBytes) {
        return DiskReservations.acrossProcesses(root, () -> {
            long free = DiskReservations.usableSpace(runFolder);
            long others = 0;
            for (Reservation r : reservations) {
                others += Math.max(0, r.maxBytes - bytes(r.folder));
            }
            long elsewhere = otherProcessesMayWrite();
            if (others + elsewhere + maxBytes > free) {
                throw new ConfigurationException("host.swap", "the swap of this point may take up to " + (maxBytes >> 20)
                        + " MiB of disk" + (reservations.isEmpty() ? "" : " and the " + reservations.size()
                        + " point(s) running beside it up to " + (others >> 20) + " MiB more") + elsewhere(elsewhere)
                        + ", but the file system of " + root + " has " + (free >> 20) + " MiB free; lower host.swap or the"
                        + " tenants' memory (swap holds what they do not fit in RAM), run fewer points at once (--threads),"
                        + " or set " + ENVIRONMENT + " to a folder on a larger file system");
            }
            Reservation reservation = new Reservation(runFolder, maxBytes);
            reservations.add(reservation);
            publishReserved();
            return reservation;
        });
    }

    /**
     * Checks, before anything runs, that the {@code parallel} largest of {@code maxBytes} (the most disk each
     * point's swap may take) fit together in the free space of the root's file system.
     *
     * @throws ConfigurationException naming {@code host.swap} when they do not
     */
    public void requireRoom(List<Long> maxBytes, int parallel) {
        List<Long> largest = maxBytes.stream().sorted(Comparator.reverseOrder()).limit(Math.max(1, parallel)).toList();
        long need = largest.stream().mapToLong(Long::longValue).sum();
        long free = DiskReservations.usableSpace(root);
        long elsewhere = otherProcessesMayWrite();
        if (need + elsewhere > free) {
            throw new ConfigurationException("host.swap", (largest.size() == 1 ? "the swap of a point" : "the swap of the "
                    + largest.size() + " points that may run at once") + " may take up to " + (need >> 20) + " MiB of disk"
                    + elsewhere(elsewhere) + ", but the file system of " + root + " has " + (free >> 20) + " MiB free; lower"
                    + " host.swap or the tenants' memory (swap holds what they do not fit in RAM)"
                    + (largest.size() == 1 ? "" : ", run fewer points at once (--threads)") + ", or set " + ENVIRONMENT
                    + " to a folder on a larger file system");
        }
    }

    /** Disk reserved for one run's swap files; closing it hands the disk back. */
    public final class Reservation implements AutoCloseable {
        private final Path folder;
        private final long maxBytes;

        private Reservation(Path folder, long maxBytes) {
            this.folder = folder;
            this.maxBytes = maxBytes;
        }

        @Override
        public void close() {
            synchronized (SwapArea.this) {
                reservations.remove(this);
                publishReserved();
            }
        }
    }

    /** Says what the other processes under the root may still write, if anything: {@code  and other ... 300 MiB more}. */
    private String elsewhere(long bytes) {
        return bytes == 0 ? "" : " and other overbook processes swapping under " + root + " up to " + (bytes >> 20) + " MiB more";
    }

    /**
     * Returns what the live processes other than this one under the root may still write into their swap folders: what
     * each has reserved, less what its folder holds already.
     */
    private long otherProcessesMayWrite() {
        if (!Files.isDirectory(root)) {
            return 0;
        }
        long bytes = 0;
        try (Stream<Path> folders = Files.list(root)) {
            for (Path other : folders.filter(p -> p.getFileName().toString().startsWith(PREFIX) && !p.equals(folder)).toList()) {
                long reserved = DiskReservations.reservedBy(other);
                if (reserved > 0 && ownerAlive(other)) {
                    bytes += Math.max(0, reserved - bytes(other));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot look for the swap reservations of other processes under " + root, e);
        }
        return bytes;
    }

    /** Writes what this process's open reservations may take, for the other processes under the root. */
    private void publishReserved() {
        DiskReservations.publish(folder, reservations.stream().mapToLong(r -> r.maxBytes).sum());
    }

    /** Removes every process folder under the root whose owner is gone; returns what it removed. */
    public List<Removed> removeStale() {
        List<Removed> removed = new ArrayList<>();
        if (!Files.isDirectory(root)) {
            return removed;
        }
        try (Stream<Path> folders = Files.list(root)) {
            for (Path candidate : folders.filter(p -> p.getFileName().toString().startsWith(PREFIX)).sorted().toList()) {
                if (!ownerAlive(candidate)) {
                    long bytes = bytes(candidate);
                    deleteTree(candidate);
                    removed.add(new Removed(candidate, bytes));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot look for stale swap files under " + root, e);
        }
        return removed;
    }

    /**
     * Returns the bytes the files under {@code path} take (their lengths: swap files are not sparse). A file or folder
     * removed while it is counted (a run beside this one that ended and closed its swap store) counts as nothing.
     */
    public static long bytes(Path path) {
        long[] total = {0};
        try {
            Files.walkFileTree(path, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                    total[0] += attributes.isRegularFile() ? attributes.size() : 0;
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException gone) {
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path folder, IOException gone) {
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            return total[0];
        }
        return total[0];
    }

    /** Deletes a folder and everything under it, if it exists. */
    public static void deleteTree(Path path) {
        if (!Files.exists(path)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(path)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + path, e);
        }
    }

    private Path createProcessFolder() {
        Path created = createDirectories(root.resolve(PREFIX + self.pid()));
        Properties owner = new Properties();
        owner.setProperty("pid", Long.toString(self.pid()));
        owner.setProperty("started", startOf(self).map(Instant::toString).orElse(""));
        try (var out = Files.newBufferedWriter(created.resolve(OWNER), StandardCharsets.UTF_8)) {
            owner.store(out, "the process whose swap files these are; removed when it is gone");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + created.resolve(OWNER), e);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(this::closeOnExit, "overbook-swap-cleanup"));
        return created;
    }

    private boolean ownerAlive(Path candidate) {
        Properties owner = new Properties();
        try (var in = Files.newBufferedReader(candidate.resolve(OWNER), StandardCharsets.UTF_8)) {
            owner.load(in);
        } catch (IOException e) {
            // no owner file: created by a process killed before it wrote one; the name alone says whose it is
        }
        long pid;
        try {
            // an owner file without its id is one its process is writing now, or was killed writing: the name says whose
            pid = Long.parseLong(owner.getProperty("pid", candidate.getFileName().toString().substring(PREFIX.length())));
        } catch (NumberFormatException e) {
            return false;
        }
        if (pid == self.pid()) {
            return true;
        }
        Optional<ProcessHandle> process = ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
        if (process.isEmpty()) {
            return false;
        }
        String started = owner.getProperty("started", "");
        return started.isEmpty() || startOf(process.get()).map(Instant::toString).map(started::equals).orElse(true);
    }

    private static Optional<Instant> startOf(ProcessHandle process) {
        return process.info().startInstant();
    }

    static Path createDirectories(Path path) {
        try {
            return Files.createDirectories(path);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the swap folder " + path, e);
        }
    }
}
