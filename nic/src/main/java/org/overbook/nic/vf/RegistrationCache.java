package org.overbook.nic.vf;

import java.util.function.Consumer;
import org.eclipse.collections.impl.map.mutable.primitive.LongObjectHashMap;
import org.overbook.guest.verbs.MemoryRegion;
import org.overbook.nic.pin.PinDownCache;

/**
 * A tenant library's registration cache over its VF: a region the application registers is cached and held while
 * the application has it registered (a later registration of a range it covers is a hit and holds it again);
 * deregistered, it stays pinned in the cache until evicted, when the VF deregisters it for real. Only regions no one
 * holds are evicted, and only those count against the cache's bounds ({@link PinDownCache#use}).
 */
final class RegistrationCache {

    private final PinDownCache cache;
    private final LongObjectHashMap<MemoryRegion> regions = new LongObjectHashMap<>();

    /** Returns a cache within {@code bytes} and {@code maxRegions} that hands each region it evicts to {@code release}. */
    RegistrationCache(long bytes, int maxRegions, Consumer<MemoryRegion> release) {
        this.cache = new PinDownCache(bytes, maxRegions, (address, length, handle) -> release.accept(regions.remove(handle)));
    }

    PinDownCache cache() {
        return cache;
    }

    /** Returns a cached region covering the range, now held once more, or null on a miss. */
    MemoryRegion lookup(long address, long length) {
        long handle = cache.lookup(address, length);
        if (handle == PinDownCache.MISS) {
            return null;
        }
        cache.use(handle);
        return regions.get(handle);
    }

    /** Caches a region just registered, held; one longer than the byte bound is not cached, its deregistration real. */
    void insert(MemoryRegion region) {
        if (cache.insert(region.address(), region.length(), region.lkey(), /* held= */ true)) {
            regions.put(region.lkey(), region);
        }
    }

    /** Releases one hold of {@code region} and returns true if the cache keeps it; false if it is not cached. */
    boolean deregister(MemoryRegion region) {
        if (!regions.containsKey(region.lkey())) {
            return false;
        }
        cache.done(region.lkey());
        return true;
    }
}
