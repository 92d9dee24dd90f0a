package org.overbook.balloon.testing;

import java.util.Arrays;
import java.util.random.RandomGenerator;
import org.overbook.guest.Guest;
import org.overbook.guest.GuestMemory;
import org.overbook.guest.Workload;

/**
 * A cache in guest memory, serving random reads with a hot/cold skew in a closed loop, one request per
 * vCPU task. Each item fills one guest page; the index and LRU order are the workload's own metadata.
 * A hit reads the item's page and checks its stamp; a miss charges a backend fetch, then stores the
 * item in a fresh page or, when the guest allocator has none, in the page of the least recently used
 * item. So the cache grows into whatever memory the guest lets it have. Under memory pressure it drops
 * its coldest items and frees their pages, as memcached would.
 *
 * <p>Uses the guest API only, like any workload in {@code workloads}.
 */
public final class CacheWorkload implements Workload {

    /**
     * @param keys           distinct keys requested
     * @param hotKeys        keys {@code [0, hotKeys)} are hot
     * @param hotProbability the chance a request is for a hot key
     * @param hitNanos       vCPU time of a request that hits
     * @param fetchNanos     extra vCPU time of a miss: the backend fetch
     * @param activeUntil    virtual time after which no request is sent (the tenant goes idle)
     */
    public record Settings(int keys, int hotKeys, double hotProbability, long hitNanos, long fetchNanos, long activeUntil) {
    }

    private static final int NONE = -1;

    private final Settings settings;
    private final long[] address;
    private final long[] stamp;
    private final int[] newer;
    private final int[] older;
    private int mru = NONE;
    private int lru = NONE;
    private int items;
    private Guest guest;
    private GuestMemory memory;
    private RandomGenerator random;
    private long requests;
    private long hits;
    private long mismatches;
    private long dropped;

    public CacheWorkload(Settings settings) {
        this.settings = settings;
        this.address = new long[settings.keys()];
        this.stamp = new long[settings.keys()];
        this.newer = new int[settings.keys()];
        this.older = new int[settings.keys()];
        Arrays.fill(address, NONE);
    }

    @Override
    public void start(Guest guest) {
        this.guest = guest;
        this.memory = guest.memory();
        this.random = guest.random("cache");
        guest.onMemoryPressure(this::release);
        guest.schedule(0, this::request);
    }

    /** Returns requests served. */
    public long requests() {
        return requests;
    }

    /** Returns requests that hit. */
    public long hits() {
        return hits;
    }

    /** Returns items cached now. */
    public int items() {
        return items;
    }

    /** Returns items dropped under memory pressure. */
    public long dropped() {
        return dropped;
    }

    /** Returns hits whose page held something other than what was stored: must stay zero. */
    public long mismatches() {
        return mismatches;
    }

    private void request() {
        if (guest.now() >= settings.activeUntil()) {
            return;
        }
        int hot = settings.hotKeys();
        int key = random.nextDouble() < settings.hotProbability() ? random.nextInt(hot)
                : hot + random.nextInt(settings.keys() - hot);
        requests++;
        guest.charge(settings.hitNanos());
        if (address[key] != NONE) {
            hits++;
            if (memory.readLong(address[key]) != stamp[key]) {
                mismatches++;
            }
            unlink(key);
            linkNewest(key);
        } else {
            guest.charge(settings.fetchNanos());
            store(key);
        }
        guest.schedule(0, this::request);
    }

    private void store(int key) {
        long page;
        if (memory.freeBytes() >= GuestMemory.PAGE_SIZE) {
            page = memory.allocate(GuestMemory.PAGE_SIZE);
        } else if (lru != NONE) {
            int victim = lru;
            page = address[victim];
            unlink(victim);
            address[victim] = NONE;
            items--;
        } else {
            return; // the guest has no page at all to give: serve without caching
        }
        address[key] = page;
        stamp[key] = random.nextLong();
        memory.writeLong(page, stamp[key]);
        linkNewest(key);
        items++;
    }

    /** The memory-pressure callback: drops the coldest items until {@code bytes} are freed. */
    private long release(long bytes) {
        long freed = 0;
        while (freed < bytes && lru != NONE) {
            int victim = lru;
            unlink(victim);
            memory.free(address[victim], GuestMemory.PAGE_SIZE);
            address[victim] = NONE;
            items--;
            dropped++;
            freed += GuestMemory.PAGE_SIZE;
        }
        return freed;
    }

    private void linkNewest(int key) {
        older[key] = mru;
        newer[key] = NONE;
        if (mru != NONE) {
            newer[mru] = key;
        }
        mru = key;
        if (lru == NONE) {
            lru = key;
        }
    }

    private void unlink(int key) {
        if (newer[key] != NONE) {
            older[newer[key]] = older[key];
        } else {
            mru = older[key];
        }
        if (older[key] != NONE) {
            newer[older[key]] = newer[key];
        } else {
            lru = newer[key];
        }
    }
}
