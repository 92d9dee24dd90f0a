package org.overbook.hypervisor.swap;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import net.openhft.chronicle.map.ChronicleMap;
import net.openhft.chronicle.map.ChronicleMapBuilder;

/**
 * The host's swap device: guest pages persisted in a Chronicle Map file, keyed by (tenant, guest page).
 *
 * <p>The store counts pages against a capacity of its own (the scenario's {@code host.swap}); the
 * map underneath is sized a little larger so that Chronicle's segment layout never refuses a put
 * the model allows. Values are whole 4 KiB pages, copied through one reused buffer. The file is
 * removed on {@link #close()} unless the caller asked to keep it.
 */
public final class SwapStore implements AutoCloseable {

    private static final int PAGE_SIZE = 4096;

    private final Path file;
    private final boolean keep;
    private final long capacity;
    private final ChronicleMap<Long, byte[]> map;
    private final byte[] buffer = new byte[PAGE_SIZE];
    private long used;
    private long writes;
    private long reads;

    private SwapStore(Path file, boolean keep, long capacity, ChronicleMap<Long, byte[]> map) {
        this.file = file;
        this.keep = keep;
        this.capacity = capacity;
        this.map = map;
    }

    /**
     * Creates an empty store of {@code capacityPages} pages in {@code file}, replacing any file there.
     */
    public static SwapStore create(Path file, long capacityPages, boolean keep) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.deleteIfExists(file);
            long entries = Math.max(64, capacityPages + capacityPages / 8 + 64);
            ChronicleMap<Long, byte[]> map = ChronicleMapBuilder.of(Long.class, byte[].class)
                    .name("overbook-swap")
                    .entries(entries)
                    .averageValueSize(PAGE_SIZE)
                    .createPersistedTo(file.toFile());
            return new SwapStore(file, keep, capacityPages, map);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the swap store at " + file, e);
        }
    }

    /** Returns the key of a guest page. */
    public static long key(int tenant, int page) {
        return ((long) tenant << 32) | (page & 0xffffffffL);
    }

    /** Returns the capacity in pages. */
    public long capacity() {
        return capacity;
    }

    /** Returns how many pages the store holds. */
    public long used() {
        return used;
    }

    /** Returns whether another page fits. */
    public boolean hasRoom() {
        return used < capacity;
    }

    /** Returns pages written since creation. */
    public long writes() {
        return writes;
    }

    /** Returns pages read since creation. */
    public long reads() {
        return reads;
    }

    /** Returns whether a copy of the page is stored. */
    public boolean contains(long key) {
        return map.containsKey(key);
    }

    /** Returns the number of entries in the map underneath, for invariant checks. */
    public long mapSize() {
        return map.longSize();
    }

    /**
     * Stores the page at {@code source[offset, offset + 4096)} under a key that holds no copy yet.
     *
     * @throws IllegalStateException if the store is full or already holds the key
     */
    public void write(long key, MemorySegment source, long offset) {
        if (used >= capacity) {
            throw new IllegalStateException("swap store full: " + capacity + " pages");
        }
        MemorySegment.copy(source, ValueLayout.JAVA_BYTE, offset, buffer, 0, PAGE_SIZE);
        if (map.putIfAbsent(key, buffer) != null) {
            throw new IllegalStateException("swap store already holds page " + describe(key));
        }
        used++;
        writes++;
    }

    /**
     * Copies the stored page into {@code target[offset, offset + 4096)}.
     *
     * @throws IllegalStateException if no copy is stored
     */
    public void read(long key, MemorySegment target, long offset) {
        byte[] page = map.getUsing(key, buffer);
        if (page == null) {
            throw new IllegalStateException("swap store holds no copy of page " + describe(key));
        }
        MemorySegment.copy(page, 0, target, ValueLayout.JAVA_BYTE, offset, PAGE_SIZE);
        reads++;
    }

    /** Drops the stored copy of a page; the key must be present. */
    public void remove(long key) {
        if (map.remove(key) == null) {
            throw new IllegalStateException("swap store holds no copy of page " + describe(key));
        }
        used--;
    }

    @Override
    public void close() {
        map.close();
        if (!keep) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot remove the swap store " + file, e);
            }
        }
    }

    private static String describe(long key) {
        return "(tenant " + (key >>> 32) + ", guest page " + (key & 0xffffffffL) + ")";
    }
}
