package org.overbook.nic.vf;

import java.util.function.Consumer;
import java.util.function.IntFunction;
import org.eclipse.collections.impl.map.mutable.primitive.LongIntHashMap;
import org.eclipse.collections.impl.map.mutable.primitive.LongObjectHashMap;
import org.overbook.guest.verbs.MemoryRegion;
import org.overbook.nic.VfCounters;
import org.overbook.nic.pin.PinDownCache;

/**
 * A tenant library's registration cache over its VF: a region the application registers is cached and held while
 * the application has it registered (a later registration of a range it covers, asking for no access it lacks, is a
 * hit and holds it again); deregistered, it stays pinned in the cache until evicted, when the VF deregisters it for
 * real. Only regions no one holds are evicted, and only those count against the cache's bounds ({@link PinDownCache#use}).
 *
 * <p>A covering region registered without some of the access a registration asks for is not used: as Open MPI's grdma
 * does ({@code mca_rcache_grdma_check_cached} in {@code opal/mca/rcache/grdma/rcache_grdma_module.c}), it leaves the
 * cache, its access is added to what the new registration asks for (so either kind of caller hits the new region
 * later), and it is deregistered for real once no one holds it: at once if no one does, else at its last
 * deregistration.
 */
final class RegistrationCache {

    private final PinDownCache cache;
    private final Consumer<MemoryRegion> release;
    private final VfCounters counters;
    private final LongObjectHashMap<MemoryRegion> regions = new LongObjectHashMap<>();
    /** Regions taken out of the cache while held, by lkey: the holds their users have yet to release. */
    private final LongIntHashMap withdrawnHolds = new LongIntHashMap();

    /**
     * Returns a cache within {@code bytes} and {@code maxRegions} that hands each region it evicts, or withdraws once no
     * one holds it, to {@code release}, and counts its hits and misses in {@code counters}.
     */
    RegistrationCache(long bytes, int maxRegions, Consumer<MemoryRegion> release, VfCounters counters) {
        this.release = release;
        this.counters = counters;
        this.cache = new PinDownCache(bytes, maxRegions, (address, length, handle) -> release.accept(regions.remove(handle)));
    }

    PinDownCache cache() {
        return cache;
    }

    /**
     * Returns a cached region covering the range with at least {@code access}, now held once more (a hit); or else
     * registers the range through {@code registrar}, with {@code access} and that of every covering region that lacked
     * some of it and so left the cache on the way, and caches the new region, held (a miss). Counts the hit or miss,
     * once, here and in the cache.
     */
    MemoryRegion register(long address, long length, int access, IntFunction<MemoryRegion> registrar) {
        int[] merged = {access};
        long handle = cache.lookup(address, length, lkey -> (regions.get(lkey).access() & access) == access,
                (lkey, holds) -> merged[0] |= withdrawn(lkey, holds));
        if (handle != PinDownCache.MISS) {
            cache.use(handle);
            counters.countRegistrationCache(/* hit= */ true);
            return regions.get(handle);
        }
        counters.countRegistrationCache(/* hit= */ false);
        MemoryRegion region = registrar.apply(merged[0]);
        if (cache.insert(region.address(), region.length(), region.lkey(), /* held= */ true)) {
            regions.put(region.lkey(), region);
        } // one longer than the byte bound is not cached: its deregistration is real
        return region;
    }

    /**
     * Forgets region {@code lkey}, which left the cache while its users held it {@code holds} times: deregistered now if
     * no one does, else at its last release. Returns its access.
     */
    private int withdrawn(long lkey, int holds) {
        MemoryRegion region = regions.remove(lkey);
        if (holds == 0) {
            release.accept(region);
        } else {
            withdrawnHolds.put(lkey, holds);
        }
        return region.access();
    }

    /**
     * Releases one hold of {@code region} and returns true if the cache keeps it, or its user still holds it; false if
     * the caller is to deregister it for real (it is not cached, or was withdrawn and this was its last hold).
     */
    boolean deregister(MemoryRegion region) {
        long lkey = region.lkey();
        if (regions.containsKey(lkey)) {
            cache.done(lkey);
            return true;
        }
        int holds = withdrawnHolds.removeKeyIfAbsent(lkey, 0);
        if (holds > 1) {
            withdrawnHolds.put(lkey, holds - 1);
            return true;
        }
        return false;
    }
}
