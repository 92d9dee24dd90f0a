package org.overbook.nic.pin;

import java.util.Arrays;
import java.util.Objects;
import java.util.function.LongPredicate;

/**
 * The pin-down cache: a bounded cache of registered (pinned) memory regions kept by a tenant's user-level
 * communication library, so that a buffer reused for DMA is registered once rather than on every transfer.
 *
 * <h2>Design</h2>
 * Registering a region (pin its pages, load its translations into the NIC) costs far more than a
 * transfer of a few kilobytes. Tezuka et al. [1] keep regions pinned after use and look each new transfer
 * up in a cache; only on a miss is the region registered, and when the cache is full the least recently
 * used regions are deregistered. MPI libraries still do this (Open MPI's {@code grdma} registration
 * cache [2] keeps an LRU list and counts hits, misses and evictions, as this class does). On Myrinet an
 * all-miss workload reaches about 72 % of the all-hit bandwidth [1], which the model must reproduce.
 * On-demand paging makes the cache unnecessary and pins about 11 times fewer bytes [3].
 *
 * <p><b>Key and hits.</b> A region is keyed by (address, length), one entry per registration.
 * {@link #lookup} hits if some cached region covers the whole range asked for; regions may overlap, and
 * when several cover it the one with the greatest start, then the greatest length, is used (a fixed rule,
 * so runs are reproducible). A hit makes that region the most recently used. A lookup may refuse covering regions
 * (its caller's test, such as the access a registration asks for): those are withdrawn on the way, and the lookup still
 * counts one hit or one miss.
 *
 * <p><b>Bound.</b> Both pinned bytes and region count, either may be unbounded
 * ({@code Long.MAX_VALUE}, {@code Integer.MAX_VALUE}). Bytes are what overcommit pays for (frames that
 * cannot be reclaimed; {@code RLIMIT_MEMLOCK}; the "pinned bytes" metric of [3]). Regions are what the
 * NIC pays for (memory-region and translation-table entries; Tezuka's bound was the NIC's page table).
 * After an insert, least recently used regions are evicted until both bounds hold; the new region is
 * never its own victim. A region its user holds ({@link #use}, until as many {@link #done}) is no victim either, and
 * does not count against the bounds, which are the cache's: what it keeps registered once the application has
 * released it (Open MPI's grdma puts a registration on its LRU list, whence it evicts, only when its reference count
 * falls to 0 [2]). A released region is evicted as soon as the released ones exceed a bound. A region longer than the byte bound is not cached at all: {@link #insert} returns
 * false and the caller deregisters it after use, as MPI libraries do. Pinned bytes are the sum of the
 * cached lengths: overlapping regions count twice, as the libraries' own accounting does.
 *
 * <p><b>Left out.</b> Costs (the memory policy charges registration), the {@code free()}/{@code munmap}
 * hooks that keep a real cache correct [4] (the caller calls {@link #invalidate} instead), merging of
 * adjacent registrations.
 *
 * <p>Regions live in flat arrays indexed by slot, with an LRU list threaded through {@code prev}/{@code next}
 * and a sorted {@code RegionIndex}; nothing is allocated per lookup. Not thread-safe.
 *
 * <p>References: [1] H. Tezuka, F. O'Carroll, A. Hori, Y. Ishikawa, "Pin-down cache: A virtual memory
 * management technique for zero-copy communication", IPPS/SPDP 1998. [2] Open MPI,
 * {@code opal/mca/rcache/grdma/rcache_grdma.h} and {@code rcache_grdma_module.c}. [3] M. Li et al.,
 * "Designing MPI library with on-demand paging (ODP) of InfiniBand: challenges and benefits", SC 2016.
 * [4] P. Wyckoff, J. Wu, "Memory registration caching correctness", CCGrid 2005.
 */
public final class PinDownCache {

    /** What {@link #lookup} returns on a miss; handles are never negative. */
    public static final long MISS = -1;

    private static final int NONE = -1;
    /** What a plain {@link #lookup(long, long)} asks of a covering region: nothing, so it withdraws none. */
    private static final LongPredicate ANY_REGION = handle -> true;
    private static final Withdrawal NO_WITHDRAWAL = (handle, holds) -> { };

    /** Told of each covering region a {@link #lookup(long, long, LongPredicate, Withdrawal) lookup} withdrew. */
    @FunctionalInterface
    public interface Withdrawal {

        /**
         * Region {@code handle} left the cache, not evicted: the caller keeps its registration, which its users held
         * {@code holds} times (0: no one holds it, and the caller deregisters it now).
         */
        void withdrawn(long handle, int holds);
    }

    private final long maxBytes;
    private final int maxRegions;
    private final PinEvictionListener listener;
    private final RegionIndex index = new RegionIndex();

    /** Per slot: region and handle, and the LRU list (head = least recently used). */
    private long[] addresses = new long[16];
    private long[] lengths = new long[16];
    private long[] handles = new long[16];
    private int[] prev = new int[16];
    private int[] next = new int[16];
    /** Per slot: how many times its user holds it ({@link #use} less {@link #done}); a held region is no victim. */
    private int[] uses = new int[16];
    private int head = NONE;
    private int tail = NONE;
    /** Free slots: a stack threaded through {@code next}. */
    private int freeSlot = NONE;
    private int usedSlots;

    private long pinnedBytes;
    private int regions;
    /** Bytes and regions of the cached regions someone holds, which the bounds leave out. */
    private long heldBytes;
    private int heldRegions;
    private long hits;
    private long misses;
    private long evictions;

    /**
     * Creates an empty cache.
     *
     * @param maxBytes   most bytes held pinned, at least 1 ({@code Long.MAX_VALUE}: no bound)
     * @param maxRegions most regions held, at least 1 ({@code Integer.MAX_VALUE}: no bound)
     * @param listener   told of every region that leaves the cache
     */
    public PinDownCache(long maxBytes, int maxRegions, PinEvictionListener listener) {
        if (maxBytes < 1) {
            throw new IllegalArgumentException("maxBytes = " + maxBytes + "; accepted: >= 1");
        }
        if (maxRegions < 1) {
            throw new IllegalArgumentException("maxRegions = " + maxRegions + "; accepted: >= 1");
        }
        this.maxBytes = maxBytes;
        this.maxRegions = maxRegions;
        this.listener = Objects.requireNonNull(listener, "listener");
    }

    /**
     * Returns the handle of a cached region covering {@code [address, address + length)} and makes it the
     * most recently used, or returns {@link #MISS}; counts a hit or a miss.
     */
    public long lookup(long address, long length) {
        return lookup(address, length, ANY_REGION, NO_WITHDRAWAL);
    }

    /**
     * Looks {@code [address, address + length)} up as {@link #lookup(long, long)} does, but a covering region whose
     * handle {@code suits} refuses (one registered without some access the caller asks for) is no hit: it is withdrawn,
     * taken out of the cache held or not without telling the eviction listener, {@code withdrawn} is told its handle and
     * holds, and the search goes on. The caller keeps a withdrawn registration, as Open MPI's grdma does with one that
     * lacks the access a lookup asks for [2]: it is no longer found, and is deregistered once no one holds it.
     * Withdrawals are not evictions. One call counts one hit or one miss, whatever it withdrew on the way: it stands for
     * one registration.
     */
    public long lookup(long address, long length, LongPredicate suits, Withdrawal withdrawn) {
        checkRange(address, length);
        int slot = index.findCovering(address, address + length);
        while (slot != NONE && !suits.test(handles[slot])) {
            long handle = handles[slot];
            int holds = uses[slot];
            remove(slot);
            withdrawn.withdrawn(handle, holds);
            slot = index.findCovering(address, address + length);
        }
        if (slot == NONE) {
            misses++;
            return MISS;
        }
        hits++;
        unlink(slot);
        linkAsNewest(slot);
        return handles[slot];
    }

    /**
     * Caches a region the caller has just registered, as the most recently used, then evicts least
     * recently used regions until the bounds hold.
     *
     * @return false, caching nothing and evicting nothing, if the region alone exceeds the byte bound
     * @throws IllegalStateException if exactly this region is already cached (a lookup would have hit)
     */
    public boolean insert(long address, long length, long handle) {
        return insert(address, length, handle, /* held= */ false);
    }

    /**
     * Caches a region as {@link #insert(long, long, long)} does, held by its user from the start if {@code held} (as
     * if {@link #use} followed, but with no eviction on its account meanwhile).
     */
    public boolean insert(long address, long length, long handle, boolean held) {
        checkRange(address, length);
        if (handle < 0) {
            throw new IllegalArgumentException("handle = " + handle + "; accepted: >= 0");
        }
        long end = address + length;
        if (index.contains(address, end)) {
            throw new IllegalStateException("region [" + address + ", " + end + ") is already cached");
        }
        if (length > maxBytes) {
            return false;
        }
        int slot = allocateSlot();
        addresses[slot] = address;
        lengths[slot] = length;
        handles[slot] = handle;
        uses[slot] = held ? 1 : 0;
        if (held) {
            heldBytes += length;
            heldRegions++;
        }
        linkAsNewest(slot);
        index.add(address, end, slot);
        pinnedBytes += length;
        regions++;
        evictOver(slot);
        return true;
    }

    /** The user holds cached region {@code handle} (it registered it, or looked it up): no eviction takes it. */
    public void use(long handle) {
        int slot = slotOf(handle);
        if (uses[slot]++ == 0) {
            heldBytes += lengths[slot];
            heldRegions++;
        }
    }

    /**
     * The user released one hold of cached region {@code handle} (it deregistered it); once none is left it may be
     * evicted, and least recently used regions no one holds are evicted until the bounds hold.
     */
    public void done(long handle) {
        int slot = slotOf(handle);
        if (uses[slot] == 0) {
            throw new IllegalStateException("region " + handle + " is not held");
        }
        if (--uses[slot] == 0) {
            heldBytes -= lengths[slot];
            heldRegions--;
        }
        evictOver(NONE);
    }

    /** Evicts least recently used regions no one holds, other than {@code spared}, while they exceed a bound. */
    private void evictOver(int spared) {
        int slot = head;
        while ((pinnedBytes - heldBytes > maxBytes || regions - heldRegions > maxRegions) && slot != NONE) {
            int after = next[slot];
            if (slot != spared && uses[slot] == 0) {
                evictions++;
                release(slot);
            }
            slot = after;
        }
    }

    private int slotOf(long handle) {
        for (int slot = head; slot != NONE; slot = next[slot]) {
            if (handles[slot] == handle) {
                return slot;
            }
        }
        throw new IllegalArgumentException("no cached region " + handle);
    }

    /**
     * Drops every cached region that overlaps {@code [address, address + length)} (memory freed or
     * unmapped), held or not, telling the listener of each in (address, length) order; returns how many. Not
     * counted as evictions. A held region's holds go with it: it no longer counts as held.
     */
    public int invalidate(long address, long length) {
        checkRange(address, length);
        int[] overlapping = index.overlapping(address, address + length);
        for (int slot : overlapping) {
            release(slot);
        }
        return overlapping.length;
    }

    /** Returns lookups that found a covering region. */
    public long hits() {
        return hits;
    }

    /** Returns lookups that did not. */
    public long misses() {
        return misses;
    }

    /** Returns regions evicted to respect the bounds (invalidations not included). */
    public long evictions() {
        return evictions;
    }

    /** Returns the bytes held pinned: the sum of the cached regions' lengths. */
    public long pinnedBytes() {
        return pinnedBytes;
    }

    /** Returns the number of cached regions. */
    public int regions() {
        return regions;
    }

    /** Returns the byte bound. */
    public long maxBytes() {
        return maxBytes;
    }

    /** Returns the region bound. */
    public int maxRegions() {
        return maxRegions;
    }

    /** Returns the cached regions from least to most recently used, as {address, length, handle} triples. */
    long[][] regionsOldestFirst() {
        long[][] out = new long[regions][];
        int i = 0;
        for (int slot = head; slot != NONE; slot = next[slot]) {
            out[i++] = new long[] {addresses[slot], lengths[slot], handles[slot]};
        }
        return out;
    }

    private void release(int slot) {
        long address = addresses[slot];
        long length = lengths[slot];
        long handle = handles[slot];
        remove(slot);
        listener.evicted(address, length, handle);
    }

    private void remove(int slot) {
        long address = addresses[slot];
        long length = lengths[slot];
        if (uses[slot] > 0) { // invalidated or withdrawn while held: its holds go with it
            uses[slot] = 0;
            heldBytes -= length;
            heldRegions--;
        }
        index.remove(address, address + length);
        unlink(slot);
        next[slot] = freeSlot;
        freeSlot = slot;
        pinnedBytes -= length;
        regions--;
    }

    private int allocateSlot() {
        if (freeSlot != NONE) {
            int slot = freeSlot;
            freeSlot = next[slot];
            return slot;
        }
        if (usedSlots == addresses.length) {
            int capacity = usedSlots * 2;
            addresses = Arrays.copyOf(addresses, capacity);
            lengths = Arrays.copyOf(lengths, capacity);
            handles = Arrays.copyOf(handles, capacity);
            prev = Arrays.copyOf(prev, capacity);
            next = Arrays.copyOf(next, capacity);
            uses = Arrays.copyOf(uses, capacity);
        }
        return usedSlots++;
    }

    private void linkAsNewest(int slot) {
        prev[slot] = tail;
        next[slot] = NONE;
        if (tail == NONE) {
            head = slot;
        } else {
            next[tail] = slot;
        }
        tail = slot;
    }

    private void unlink(int slot) {
        int before = prev[slot];
        int after = next[slot];
        if (before == NONE) {
            head = after;
        } else {
            next[before] = after;
        }
        if (after == NONE) {
            tail = before;
        } else {
            prev[after] = before;
        }
    }

    private static void checkRange(long address, long length) {
        if (address < 0) {
            throw new IllegalArgumentException("address = " + address + "; accepted: >= 0");
        }
        if (length < 1 || length > Long.MAX_VALUE - address) {
            throw new IllegalArgumentException("length = " + length + " at address " + address
                    + "; accepted: 1 .. " + (Long.MAX_VALUE - address));
        }
    }
}
