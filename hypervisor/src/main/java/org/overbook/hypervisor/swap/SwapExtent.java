package org.overbook.hypervisor.swap;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import net.openhft.chronicle.map.ChronicleMap;
import net.openhft.chronicle.map.ChronicleMapBuilder;

/**
 * One file of the swap store: a persisted Chronicle Map of whole pages, sized for a fixed number of them.
 *
 * <p>Values are declared constant-size (one page), so Chronicle lays entries out without per-entry
 * slack; the map is sized a little above its page count so that the hash's segment layout never
 * refuses a put the store allows. The file is created fully allocated (Chronicle's default, not a
 * sparse file): its blocks are reserved when the extent is created, so a full disk shows up as an
 * error here, never as a fault on a mapped page in the middle of a run, and its size on disk is its
 * length, the same on every machine.
 *
 * <p>Only its store closes the map: Chronicle's own hook, which closes every map when the JVM exits, is
 * skipped, since it would close the map under a simulation still running (a Ctrl-C), which would then fail
 * with {@code ChronicleHashClosedException}. Whoever runs the simulation stops it and closes the store first.
 */
final class SwapExtent {

    static final int PAGE_SIZE = 4096;
    /** Bytes of file per entry the map is sized for, an upper bound measured on Chronicle Map 2026.1 (~4.9 KB). */
    static final long FILE_BYTES_PER_ENTRY = 5_120;
    /** Bytes of file an extent needs besides its entries (header, segment tables), an upper bound. */
    static final long FILE_BYTES_FIXED = 1L << 20;

    private final Path file;
    private final long pages;
    private final ChronicleMap<Long, byte[]> map;
    private final long bytesOnDisk;
    private long used;

    private SwapExtent(Path file, long pages, ChronicleMap<Long, byte[]> map, long bytesOnDisk) {
        this.file = file;
        this.pages = pages;
        this.map = map;
        this.bytesOnDisk = bytesOnDisk;
    }

    /** Creates an empty extent of {@code pages} pages in {@code file}, replacing any file there. */
    static SwapExtent create(Path file, long pages) {
        ChronicleAccess.require();
        try {
            Files.deleteIfExists(file);
            ChronicleMap<Long, byte[]> map = ChronicleMapBuilder.of(Long.class, byte[].class)
                    .name("overbook-swap")
                    .entries(entries(pages))
                    .constantValueSizeBySample(new byte[PAGE_SIZE])
                    .skipCloseOnExitHook(true)
                    .createPersistedTo(file.toFile());
            return new SwapExtent(file, pages, map, Files.size(file));
        } catch (IOException | RuntimeException e) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException ignored) {
                // the failure to create is the one to report
            }
            throw new UncheckedIOException("cannot create the swap store's file " + file + ": " + e.getMessage(),
                    e instanceof IOException io ? io : new IOException(e));
        }
    }

    /** Returns the most bytes of file an extent of {@code pages} pages takes. */
    static long maxBytesOnDisk(long pages) {
        return FILE_BYTES_FIXED + entries(pages) * FILE_BYTES_PER_ENTRY;
    }

    private static long entries(long pages) {
        return pages + pages / 8 + 64;
    }

    Path file() {
        return file;
    }

    long pages() {
        return pages;
    }

    long used() {
        return used;
    }

    boolean hasRoom() {
        return used < pages;
    }

    /** Returns the file's length, which is also its allocated size (the file is not sparse). */
    long bytesOnDisk() {
        return bytesOnDisk;
    }

    long mapSize() {
        return map.longSize();
    }

    boolean contains(long key) {
        return map.containsKey(key);
    }

    /** Stores {@code page} under {@code key}; returns false, storing nothing, if the key is present. */
    boolean putIfAbsent(long key, byte[] page) {
        if (map.putIfAbsent(key, page) != null) {
            return false;
        }
        used++;
        return true;
    }

    /** Returns the page under {@code key}, read into {@code buffer}, or null. */
    byte[] get(long key, byte[] buffer) {
        return map.getUsing(key, buffer);
    }

    /** Removes {@code key}; returns false if it was absent. */
    boolean remove(long key) {
        if (map.remove(key) == null) {
            return false;
        }
        used--;
        return true;
    }

    /** Closes the map and, unless {@code keep}, removes its file. */
    void close(boolean keep) {
        map.close();
        if (!keep) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot remove the swap store's file " + file, e);
            }
        }
    }
}
