package org.overbook.hypervisor.swap;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.collections.impl.map.mutable.primitive.LongIntHashMap;

/**
 * The host's swap device: guest pages persisted in Chronicle Map files, keyed by (tenant, guest page).
 *
 * <h2>Design</h2>
 * The store counts pages against a capacity of its own (the scenario's {@code host.swap}) but costs disk
 * only for what is swapped: it is a chain of <em>extents</em>, each a persisted Chronicle Map sized for a
 * fixed number of pages ({@link SwapExtent}), created when the ones before are full. The first holds
 * {@value #FIRST_EXTENT_PAGES} pages (16 MiB of guest pages, about 22 MB of file), each next one twice the
 * last up to {@value #LARGEST_EXTENT_PAGES} pages (1 GiB), and the last is cut to what the store's limit
 * leaves (its capacity, or less when its users cannot swap that much, such as the tenants' memory), so
 * the store never grows past that limit ({@link #maxBytesOnDisk(long)} of it), and its files are never
 * more than about twice (plus one extent) what the peak of swapped pages needs. Creating a store costs
 * the same whatever its capacity.
 *
 * <p>Why not one map grown with Chronicle's {@code maxBloatFactor}: a bloated map chains extra tiers
 * behind every segment, so lookups slow down as it grows past its sizing (Chronicle documents bloat as a
 * safety margin, at most 1000x), and growing past its sizing needs a sparse file whose blocks are only
 * taken when a page is first touched, so a full disk shows up as a fault in the middle of a run. Extents
 * are each sized right, fully allocated when created (a full disk is an error at that moment, and the size
 * on disk is the files' length), and found in one step through an index from key to extent (an Eclipse
 * Collections primitive map, about 16 bytes of heap per swapped page against the page's 4 KiB on disk).
 *
 * <p>A page goes to the first extent with room, so freed slots of early extents are reused before later
 * ones fill. Extents are kept until the store is closed; {@link #bytesOnDisk()} is thus also the peak.
 * Values are whole 4 KiB pages, copied through one reused buffer. The files ({@code swap.cmap},
 * {@code swap.1.cmap}, ...) are removed on {@link #close()} unless the caller asked to keep them.
 */
public final class SwapStore implements AutoCloseable {

    /** Pages in the first extent. */
    static final long FIRST_EXTENT_PAGES = 4_096;
    /** Pages in the largest extent. */
    static final long LARGEST_EXTENT_PAGES = 262_144;

    private static final int PAGE_SIZE = SwapExtent.PAGE_SIZE;

    private final Path file;
    private final boolean keep;
    private final long capacity;
    private final long limit;
    private final List<SwapExtent> extents = new ArrayList<>();
    private final LongIntHashMap extentOfKey = new LongIntHashMap();
    private final byte[] buffer = new byte[PAGE_SIZE];
    private long used;
    private long writes;
    private long reads;
    private long bytesOnDisk;

    private SwapStore(Path file, boolean keep, long capacity, long limit) {
        this.file = file;
        this.keep = keep;
        this.capacity = capacity;
        this.limit = limit;
    }

    /**
     * Creates an empty store of {@code capacityPages} pages whose first file is {@code file} (replacing any
     * file there); only the first extent is created now.
     */
    public static SwapStore create(Path file, long capacityPages, boolean keep) {
        return create(file, capacityPages, capacityPages, keep);
    }

    /**
     * Creates an empty store as {@link #create(Path, long, boolean)} does, whose files never hold more than
     * {@code limitPages} pages (of at most {@code capacityPages}): the most its users can ever have swapped at
     * once, such as every guest page of the host's tenants. {@link #maxBytesOnDisk(long)} of the smaller of
     * the two bounds its disk use.
     */
    public static SwapStore create(Path file, long capacityPages, long limitPages, boolean keep) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the swap store at " + file, e);
        }
        SwapStore store = new SwapStore(file, keep, capacityPages, Math.min(capacityPages, limitPages));
        if (store.limit > 0) {
            store.grow();
        }
        return store;
    }

    /**
     * Returns the most bytes of disk a store limited to {@code limitPages} pages may take: every extent it
     * may create. A run whose swap file system has less free space may fail part way.
     */
    public static long maxBytesOnDisk(long limitPages) {
        long bytes = 0;
        long pages = FIRST_EXTENT_PAGES;
        for (long left = limitPages; left > 0; left -= pages, pages = Math.min(LARGEST_EXTENT_PAGES, pages * 2)) {
            bytes += SwapExtent.maxBytesOnDisk(Math.min(pages, left));
        }
        return bytes;
    }

    /** Returns the bytes free to this process on the file system of {@code directory} (or its nearest existing ancestor). */
    public static long usableSpace(Path directory) {
        Path existing = directory.toAbsolutePath();
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            throw new IllegalArgumentException("no existing folder above " + directory);
        }
        try {
            return Files.getFileStore(existing).getUsableSpace();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the free space of the file system of " + existing, e);
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

    /**
     * Returns the bytes the store's files take on disk (allocated, not sparse; the same on every machine).
     * Extents are only added, so this is also the peak since creation.
     */
    public long bytesOnDisk() {
        return bytesOnDisk;
    }

    /** Returns how many files (extents) the store has. */
    public int extents() {
        return extents.size();
    }

    /** Returns whether a copy of the page is stored. */
    public boolean contains(long key) {
        return extentOfKey.containsKey(key);
    }

    /** Returns the number of entries in the maps underneath, for invariant checks. */
    public long mapSize() {
        long size = 0;
        for (SwapExtent extent : extents) {
            size += extent.mapSize();
        }
        return size;
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
        if (extentOfKey.containsKey(key)) {
            throw new IllegalStateException("swap store already holds page " + describe(key));
        }
        int index = extentWithRoom();
        MemorySegment.copy(source, ValueLayout.JAVA_BYTE, offset, buffer, 0, PAGE_SIZE);
        if (!extents.get(index).putIfAbsent(key, buffer)) {
            throw new IllegalStateException("swap store's file holds page " + describe(key) + " it had no record of");
        }
        extentOfKey.put(key, index);
        used++;
        writes++;
    }

    /**
     * Copies the stored page into {@code target[offset, offset + 4096)}.
     *
     * @throws IllegalStateException if no copy is stored
     */
    public void read(long key, MemorySegment target, long offset) {
        byte[] page = extentOf(key).get(key, buffer);
        if (page == null) {
            throw new IllegalStateException("swap store's file lost page " + describe(key));
        }
        MemorySegment.copy(page, 0, target, ValueLayout.JAVA_BYTE, offset, PAGE_SIZE);
        reads++;
    }

    /** Drops the stored copy of a page; the key must be present. */
    public void remove(long key) {
        if (!extentOf(key).remove(key)) {
            throw new IllegalStateException("swap store's file lost page " + describe(key));
        }
        extentOfKey.remove(key);
        used--;
    }

    @Override
    public void close() {
        RuntimeException failure = null;
        for (SwapExtent extent : extents) {
            try {
                extent.close(keep);
            } catch (RuntimeException e) {
                failure = failure == null ? e : failure;
            }
        }
        extents.clear();
        extentOfKey.clear();
        if (failure != null) {
            throw failure;
        }
    }

    private SwapExtent extentOf(long key) {
        int index = extentOfKey.getIfAbsent(key, -1);
        if (index < 0) {
            throw new IllegalStateException("swap store holds no copy of page " + describe(key));
        }
        return extents.get(index);
    }

    /** Returns the first extent with room, creating the next one if every one is full. */
    private int extentWithRoom() {
        for (int index = 0; index < extents.size(); index++) {
            if (extents.get(index).hasRoom()) {
                return index;
            }
        }
        grow();
        return extents.size() - 1;
    }

    private void grow() {
        int index = extents.size();
        long pages = extentPages(index, limit);
        if (pages == 0) {
            throw new IllegalStateException("swap store reached its limit of " + limit + " pages on disk");
        }
        Path next = index == 0 ? file : file.resolveSibling(file.getFileName().toString().replaceFirst("(\\.[^.]*)?$", "." + index + "$1"));
        requireFreeSpace(next, pages);
        SwapExtent extent = SwapExtent.create(next, pages);
        extents.add(extent);
        bytesOnDisk += extent.bytesOnDisk();
    }

    private void requireFreeSpace(Path next, long pages) {
        long need = SwapExtent.maxBytesOnDisk(pages);
        long free = usableSpace(next.toAbsolutePath().getParent());
        if (free < need) {
            throw new IllegalStateException("swap store cannot grow past " + used + " pages: its next file " + next
                    + " needs " + (need >> 20) + " MiB but its file system has " + (free >> 20) + " MiB free");
        }
    }

    /** Returns the pages of extent {@code index} of a store limited to {@code limit} pages, the last one cut. */
    private static long extentPages(int index, long limit) {
        long start = 0;
        long pages = FIRST_EXTENT_PAGES;
        for (int i = 0; i < index; i++) {
            start += pages;
            pages = Math.min(LARGEST_EXTENT_PAGES, pages * 2);
        }
        return Math.max(0, Math.min(pages, limit - start));
    }

    private static String describe(long key) {
        return "(tenant " + (key >>> 32) + ", guest page " + (key & 0xffffffffL) + ")";
    }
}
