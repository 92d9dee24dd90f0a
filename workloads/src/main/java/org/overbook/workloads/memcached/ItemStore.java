package org.overbook.workloads.memcached;

import java.util.Arrays;
import org.overbook.guest.Guest;
import org.overbook.guest.GuestMemory;
import org.overbook.workloads.memcached.protocol.ByteString;

/**
 * The items: slab chunks ({@link SlabAllocator}) found through the hash index ({@link HashIndex}) and
 * ordered by one LRU list per slab class, all in guest memory, with memcached's rules for time,
 * expiry, flush and eviction. The Java heap holds a head and tail per class and a few counters.
 *
 * <p>Time. The store reads the clock once per request ({@link #beginRequest}); memcached's
 * {@code current_time} is whole seconds, and so is expiry here. The epoch (memcached's "unix time 0")
 * is virtual time 0. An exptime of 0 never expires; up to 30 days it is relative to now; above, it is
 * an absolute time in seconds since the epoch; negative means already expired (memcached's
 * {@code realtime()} and {@code process_update_command}). An item is expired once its deadline is
 * at or before the current second, as in memcached's {@code do_item_get}.
 *
 * <p>Flush. {@code flush_all} invalidates every item last stored (set, append, incr...) before the
 * flush takes effect: immediately, or at the first request at or after its delay. Every store takes a
 * fresh cas unique from one counter, so "stored before" is "cas below the counter at that moment", the
 * same device as memcached's {@code oldest_cas}. A later {@code flush_all} replaces a pending one, as
 * memcached keeps one {@code oldest_live}; unlike memcached, it never revives items an earlier flush
 * already invalidated.
 *
 * <p>Dead items (expired or flushed) are unlinked lazily when a lookup meets them, or reused from an
 * LRU tail when a class needs a chunk ({@code reclaimed}); a live tail is evicted ({@code evictions}).
 * LRU bumps on access are rate-limited by the bump interval, as memcached's {@code ITEM_UPDATE_INTERVAL}.
 */
final class ItemStore {

    /** memcached's {@code REALTIME_MAXDELTA}: exptimes up to 30 days are relative. */
    static final int RELATIVE_EXPTIME_MAX = 60 * 60 * 24 * 30;
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    /** Why the last lookup found nothing. */
    enum Miss { NONE, ABSENT, EXPIRED, FLUSHED }

    private final Guest guest;
    private final GuestMemory memory;
    private final Items items;
    private final SlabAllocator slabs;
    private final HashIndex index;
    private final long bumpIntervalNanos;
    private final long[] lruHead;
    private final long[] lruTail;
    /** The header of the item the last {@link #lookup} found, while the reads of a get may use it. */
    private final ItemHeader found;
    private byte[] buffer = new byte[1024];

    private long nowNanos;
    private long nowSeconds;
    private long nextCas = 1;
    private long flushedBelowCas;
    private long pendingFlushSecond = -1;
    private Miss lastMiss = Miss.NONE;

    private long currItems;
    private long totalItems;
    private long bytes;
    private long evictions;
    private long reclaimed;

    ItemStore(Guest guest, MemcachedSettings settings) {
        this.guest = guest;
        this.memory = guest.memory();
        this.items = new Items(memory);
        this.slabs = new SlabAllocator(items, settings.itemSizeMax(), settings.memoryLimit(), settings.minChunkSize(),
                settings.growthFactor());
        this.index = new HashIndex(items, settings.hashPower());
        this.found = new ItemHeader(items);
        this.bumpIntervalNanos = settings.lruBumpIntervalNanos();
        this.lruHead = new long[slabs.classes() + 1];
        this.lruTail = new long[slabs.classes() + 1];
        Arrays.fill(lruHead, Items.NIL);
        Arrays.fill(lruTail, Items.NIL);
    }

    Items items() {
        return items;
    }

    SlabAllocator slabs() {
        return slabs;
    }

    HashIndex index() {
        return index;
    }

    // ---- time and flush ----

    /** Reads the clock for a request and lets a delayed flush take effect. */
    void beginRequest(long nanos) {
        index.forgetLookup();
        nowNanos = nanos;
        nowSeconds = nanos / NANOS_PER_SECOND;
        if (pendingFlushSecond >= 0 && nowSeconds >= pendingFlushSecond) {
            flushedBelowCas = nextCas;
            pendingFlushSecond = -1;
        }
    }

    long nowSeconds() {
        return nowSeconds;
    }

    /** Returns the stored form of a protocol exptime: a deadline in seconds, 0 for never, -1 for already expired. */
    int deadline(int exptime) {
        if (exptime == 0) {
            return 0;
        }
        if (exptime < 0) {
            return -1;
        }
        long at = exptime > RELATIVE_EXPTIME_MAX ? exptime : nowSeconds + exptime;
        return (int) Math.min(at, Integer.MAX_VALUE);
    }

    /** Invalidates every item stored so far, now or after {@code delay} (an exptime-style time). */
    void flushAll(int delay) {
        int at = delay <= 0 ? -1 : deadline(delay);
        if (at <= nowSeconds) {
            flushedBelowCas = nextCas;
            pendingFlushSecond = -1;
        } else {
            pendingFlushSecond = at;
        }
    }

    // ---- lookup ----

    /** Returns the live item under {@code key}, or {@link Items#NIL}, its header {@link #found()}; a dead one is unlinked. */
    long lookup(ByteString requested) {
        found.forget();
        long item = index.find(requested, found);
        if (item == Items.NIL) {
            lastMiss = Miss.ABSENT;
            return Items.NIL;
        }
        if (!found.holds(item)) { // the find read the header with the key, in the same access as this load
            found.load(item);
        }
        Miss dead = deadness(item);
        if (dead != Miss.NONE) {
            found.forget();
            unlink(item, requested);
            lastMiss = dead;
            return Items.NIL;
        }
        lastMiss = Miss.NONE;
        return item;
    }

    /** Returns why the last {@link #lookup} found nothing. */
    Miss lastMiss() {
        return lastMiss;
    }

    /** Returns the header of the item the last lookup found, for the reads of a get that follow at once. */
    ItemHeader found() {
        return found;
    }

    /** Returns {@link Miss#NONE} for a live item, else why it is dead (from the found header if it holds the item). */
    Miss deadness(long item) {
        int exptime = found.exptime(item);
        if (exptime != 0 && exptime <= nowSeconds) {
            return Miss.EXPIRED;
        }
        return found.cas(item) < flushedBelowCas ? Miss.FLUSHED : Miss.NONE;
    }

    /** {@link #bump} for the item just found, right after its lookup: its last access from the found header. */
    void bumpFound(long item) {
        long lastAccess = found.lastAccess(item);
        if (nowNanos - lastAccess >= bumpIntervalNanos) {
            found.forget(); // relinking touches the neighbours' pages
            int slabClass = items.slabClass(item);
            remove(item, slabClass);
            pushHead(item, slabClass);
        }
    }

    // ---- creating, linking, unlinking ----

    /** Returns the slab class for an item of this key and value, or 0 if no class holds it. */
    int classFor(int keyLength, long valueLength) {
        return slabs.classFor(Items.totalSize(keyLength, valueLength));
    }

    /**
     * Allocates an unlinked item in {@code slabClass} with its header and key written, the value left
     * to the caller; evicts or reclaims this class's LRU tail if needed, never {@code protect}. Returns
     * {@link Items#NIL} if no chunk can be had (memcached's "out of memory storing object").
     */
    long create(int slabClass, ByteString itemKey, int flags, int exptime, int valueLength, long protect) {
        found.forget(); // from here on the guest touches other pages
        long item = allocate(slabClass, protect);
        if (item != Items.NIL) {
            items.writeHeader(item, slabClass, itemKey.length(), flags, exptime, valueLength);
            itemKey.writeTo(memory, Items.keyAddress(item));
        }
        return item;
    }

    private long allocate(int slabClass, long protect) {
        long chunk = slabs.take(slabClass);
        if (chunk != Items.NIL) {
            return chunk;
        }
        if (slabs.grow(slabClass)) {
            return slabs.take(slabClass);
        }
        long victim = lruTail[slabClass];
        if (victim != Items.NIL && victim == protect) {
            victim = items.prev(victim);
        }
        if (victim == Items.NIL) {
            return Items.NIL;
        }
        if (deadness(victim) == Miss.NONE) {
            evictions++;
        } else {
            reclaimed++;
        }
        unlink(victim);
        return slabs.take(slabClass);
    }

    /** Links a created item whose key is {@code itemKey}: a fresh cas unique, the hash index, the head of its LRU. */
    void link(long item, ByteString itemKey) {
        found.forget();
        if (index.wantsToGrow()) {
            long moved = index.grow();
            if (moved > 0) {
                guest.charge(moved * HashIndex.REHASH_NANOS_PER_ITEM);
            }
        }
        items.setCas(item, nextCas++);
        items.setState(item, Items.LINKED);
        index.insert(item, index.hashOf(item, itemKey));
        pushHead(item, items.slabClass(item));
        currItems++;
        totalItems++;
        bytes += items.totalSize(item);
    }

    /** Unlinks {@code item}, whose key the caller does not know, from the index and its LRU and frees its chunk. */
    void unlink(long item) {
        unlinkWithHash(item, index.hashOf(item));
    }

    /** Unlinks {@code item}, whose key is {@code itemKey}, as {@link #unlink(long)} does. */
    void unlink(long item, ByteString itemKey) {
        unlinkWithHash(item, index.hashOf(item, itemKey));
    }

    private void unlinkWithHash(long item, long hash) {
        found.forget();
        index.remove(item, hash);
        int slabClass = items.slabClass(item);
        remove(item, slabClass);
        currItems--;
        bytes -= items.totalSize(item);
        slabs.give(item, slabClass);
    }

    /** Puts {@code item} in the place of {@code old} (if any), both under {@code itemKey}, as memcached's {@code item_replace}. */
    void replace(long old, long item, ByteString itemKey) {
        if (old != Items.NIL) {
            unlink(old, itemKey);
        }
        link(item, itemKey);
    }

    /** Gives a linked item a fresh cas unique, as memcached does when incr rewrites in place. */
    void restamp(long item, int oldValueLength, int newValueLength) {
        items.setCas(item, nextCas++);
        bytes += newValueLength - oldValueLength;
    }

    /** Moves {@code item} to the head of its LRU unless it got there within the bump interval. */
    void bump(long item) {
        found.forget(); // its last access is read from guest memory
        bumpFound(item);
    }

    // ---- values ----

    /** Returns a scratch buffer of at least {@code size} bytes, reused between calls. */
    byte[] buffer(int size) {
        if (buffer.length < size) {
            buffer = new byte[Math.max(size, buffer.length * 2)];
        }
        return buffer;
    }

    // ---- for giving memory back ----

    /** Returns the LRU tail that was accessed longest ago across all classes, or {@link Items#NIL}. */
    long coldest() {
        long coldest = Items.NIL;
        long oldest = Long.MAX_VALUE;
        for (int c = 1; c < lruTail.length; c++) {
            long tail = lruTail[c];
            if (tail != Items.NIL) {
                long access = items.lastAccess(tail);
                if (access < oldest) {
                    oldest = access;
                    coldest = tail;
                }
            }
        }
        return coldest;
    }

    /** Copies linked {@code item} to the free chunk {@code target} of the same class and relinks it there. */
    void move(long item, long target) {
        int size = (int) items.totalSize(item);
        byte[] copy = buffer(size);
        memory.read(item, copy, 0, size);
        memory.write(target, copy, 0, size);
        index.substitute(item, target, index.hashOf(target));
        int slabClass = items.slabClass(target);
        long prev = items.prev(target);
        long next = items.next(target);
        if (prev == Items.NIL) {
            lruHead[slabClass] = target;
        } else {
            items.setNext(prev, target);
        }
        if (next == Items.NIL) {
            lruTail[slabClass] = target;
        } else {
            items.setPrev(next, target);
        }
        items.setState(item, Items.DETACHED);
    }

    // ---- counters ----

    long currItems() {
        return currItems;
    }

    long totalItems() {
        return totalItems;
    }

    /** Returns the bytes of the items stored (header, key and value of each). */
    long bytes() {
        return bytes;
    }

    long evictions() {
        return evictions;
    }

    long reclaimed() {
        return reclaimed;
    }

    private void pushHead(long item, int slabClass) {
        long head = lruHead[slabClass];
        items.setPrev(item, Items.NIL);
        items.setNext(item, head);
        if (head == Items.NIL) {
            lruTail[slabClass] = item;
        } else {
            items.setPrev(head, item);
        }
        lruHead[slabClass] = item;
        items.setLastAccess(item, nowNanos);
    }

    private void remove(long item, int slabClass) {
        long prev = items.prev(item);
        long next = items.next(item);
        if (prev == Items.NIL) {
            lruHead[slabClass] = next;
        } else {
            items.setNext(prev, next);
        }
        if (next == Items.NIL) {
            lruTail[slabClass] = prev;
        } else {
            items.setPrev(next, prev);
        }
    }
}
