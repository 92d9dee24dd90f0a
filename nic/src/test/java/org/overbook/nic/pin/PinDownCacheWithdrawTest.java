package org.overbook.nic.pin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A lookup that passes over covering regions it refuses withdraws them quietly (the caller, told their holds, keeps the
 * registrations), and counts one hit or one miss for all it did: one lookup is one registration.
 */
class PinDownCacheWithdrawTest {

    private static final long KIB = 1024;

    @Test
    void aWithdrawnRegionIsNoLongerFoundAndTheListenerIsNotTold() {
        List<Long> told = new ArrayList<>();
        PinDownCache cache = new PinDownCache(16 * KIB, 8, (address, length, handle) -> told.add(handle));
        cache.insert(0, 4 * KIB, 1, /* held= */ true);
        cache.use(1);
        cache.insert(0, 8 * KIB, 2);
        List<String> withdrawn = new ArrayList<>();
        assertEquals(PinDownCache.MISS, cache.lookup(0, 4 * KIB, handle -> false,
                (handle, holds) -> withdrawn.add(handle + " held " + holds)));
        assertEquals(List.of("2 held 0", "1 held 2"), withdrawn, "the region the fixed rule picks first, then the other");
        assertEquals(PinDownCache.MISS, cache.lookup(0, 4 * KIB));
        assertEquals(0, cache.pinnedBytes());
        assertEquals(0, cache.regions());
        assertEquals(0, cache.evictions(), "a withdrawal is no eviction");
        assertEquals(List.of(), told);
        assertThrows(IllegalArgumentException.class, () -> cache.done(1), "a withdrawn region is not cached any more");
        assertEquals(true, cache.insert(0, 4 * KIB, 3), "its range may be cached again");
    }

    @Test
    void aLookupThatWithdrawsCountsOneMissOrOneHitForAllItDid() {
        PinDownCache cache = new PinDownCache(64 * KIB, 8, PinEvictionListener.NONE);
        cache.insert(0, 4 * KIB, 1);
        cache.insert(0, 8 * KIB, 2);
        cache.insert(0, 16 * KIB, 3);
        List<Long> withdrawn = new ArrayList<>();
        assertEquals(1, cache.lookup(0, 4 * KIB, handle -> handle == 1, (handle, holds) -> withdrawn.add(handle)));
        assertEquals(List.of(3L, 2L), withdrawn, "two covering regions refused on the way");
        assertEquals(1, cache.hits(), "one lookup, one hit");
        assertEquals(0, cache.misses());
        assertEquals(PinDownCache.MISS, cache.lookup(0, 4 * KIB, handle -> false, (handle, holds) -> withdrawn.add(handle)));
        assertEquals(List.of(3L, 2L, 1L), withdrawn);
        assertEquals(1, cache.hits());
        assertEquals(1, cache.misses(), "one lookup that withdrew a region and found none: one miss, no hit");
        assertEquals(PinDownCache.MISS, cache.lookup(0, 4 * KIB));
        assertEquals(2, cache.misses());
    }

    @Test
    void aWithdrawnHeldRegionNoLongerExemptsBytesFromTheBound() {
        List<Long> evicted = new ArrayList<>();
        PinDownCache cache = new PinDownCache(8 * KIB, Integer.MAX_VALUE, (address, length, handle) -> evicted.add(handle));
        cache.insert(0, 4 * KIB, 1, /* held= */ true);
        cache.lookup(0, 4 * KIB, handle -> false, (handle, holds) -> assertEquals(1, holds));
        cache.insert(100 * KIB, 4 * KIB, 2);
        cache.insert(200 * KIB, 4 * KIB, 3);
        cache.insert(300 * KIB, 4 * KIB, 4);
        assertEquals(8 * KIB, cache.pinnedBytes(), "12 KiB released against 8 KiB: the oldest goes");
        assertEquals(List.of(2L), evicted);
    }
}
