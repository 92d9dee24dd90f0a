package org.overbook.nic.pin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Example tests of the pin-down cache. */
class PinDownCacheTest {

    private static final long KIB = 1024;

    private final List<String> unpinned = new ArrayList<>();

    private PinDownCache cache(long maxBytes, int maxRegions) {
        return new PinDownCache(maxBytes, maxRegions, (address, length, handle) ->
                unpinned.add(address / KIB + "K+" + length / KIB + "K#" + handle));
    }

    @Test
    void aCoveringRegionHitsAndAnUncoveredRangeMisses() {
        PinDownCache cache = cache(Long.MAX_VALUE, Integer.MAX_VALUE);
        assertEquals(PinDownCache.MISS, cache.lookup(0, 8 * KIB));
        assertTrue(cache.insert(0, 8 * KIB, /* handle= */ 1));
        assertEquals(1, cache.lookup(0, 8 * KIB));
        assertEquals(1, cache.lookup(4 * KIB, 4 * KIB), "a sub-range is covered");
        assertEquals(PinDownCache.MISS, cache.lookup(4 * KIB, 8 * KIB), "a range that runs past the end is not");
        assertEquals(PinDownCache.MISS, cache.lookup(8 * KIB, 1), "the end is exclusive");
        assertEquals(2, cache.hits());
        assertEquals(3, cache.misses());
        assertEquals(8 * KIB, cache.pinnedBytes());
    }

    @Test
    void amongCoveringRegionsTheGreatestStartThenLengthWins() {
        PinDownCache cache = cache(Long.MAX_VALUE, Integer.MAX_VALUE);
        cache.insert(0, 64 * KIB, 1);
        cache.insert(8 * KIB, 8 * KIB, 2);
        cache.insert(8 * KIB, 16 * KIB, 3);
        cache.insert(12 * KIB, 1 * KIB, 4);
        assertEquals(3, cache.lookup(8 * KIB, 4 * KIB));
        assertEquals(1, cache.lookup(4 * KIB, 8 * KIB));
        assertEquals(4, cache.lookup(12 * KIB, 1 * KIB));
        assertEquals(3, cache.lookup(14 * KIB, 10 * KIB));
    }

    @Test
    void theByteBoundEvictsLeastRecentlyUsedFirst() {
        PinDownCache cache = cache(/* maxBytes= */ 12 * KIB, Integer.MAX_VALUE);
        cache.insert(0, 4 * KIB, 1);
        cache.insert(100 * KIB, 4 * KIB, 2);
        cache.insert(200 * KIB, 4 * KIB, 3);
        cache.lookup(0, 4 * KIB);
        cache.insert(300 * KIB, 8 * KIB, 4);
        assertEquals(List.of("100K+4K#2", "200K+4K#3"), unpinned);
        assertEquals(2, cache.evictions());
        assertEquals(12 * KIB, cache.pinnedBytes());
        assertEquals(2, cache.regions());
        assertEquals(1, cache.lookup(0, 4 * KIB));
    }

    @Test
    void theRegionBoundEvictsToo() {
        PinDownCache cache = cache(Long.MAX_VALUE, /* maxRegions= */ 2);
        cache.insert(0, KIB, 1);
        cache.insert(KIB, KIB, 2);
        cache.insert(2 * KIB, KIB, 3);
        assertEquals(List.of("0K+1K#1"), unpinned);
        assertEquals(2, cache.regions());
    }

    @Test
    void aRegionLargerThanTheBoundIsNotCached() {
        PinDownCache cache = cache(8 * KIB, Integer.MAX_VALUE);
        cache.insert(0, 4 * KIB, 1);
        assertFalse(cache.insert(64 * KIB, 16 * KIB, 2));
        assertEquals(List.of(), unpinned, "nothing evicted for a region that cannot be cached");
        assertEquals(4 * KIB, cache.pinnedBytes());
        assertEquals(PinDownCache.MISS, cache.lookup(64 * KIB, 16 * KIB));
    }

    @Test
    void invalidateDropsOverlappingRegionsWithoutCountingEvictions() {
        PinDownCache cache = cache(Long.MAX_VALUE, Integer.MAX_VALUE);
        cache.insert(8 * KIB, 8 * KIB, 2);
        cache.insert(0, 8 * KIB, 1);
        cache.insert(16 * KIB, 8 * KIB, 3);
        assertEquals(2, cache.invalidate(4 * KIB, 8 * KIB));
        assertEquals(List.of("0K+8K#1", "8K+8K#2"), unpinned, "released in address order");
        assertEquals(0, cache.evictions());
        assertEquals(8 * KIB, cache.pinnedBytes());
        assertEquals(3, cache.lookup(16 * KIB, KIB));
        assertEquals(0, cache.invalidate(0, 16 * KIB));
    }

    @Test
    void slotsAreReusedAndTheIndexGrows() {
        PinDownCache cache = cache(Long.MAX_VALUE, /* maxRegions= */ 100);
        for (long i = 0; i < 10_000; i++) {
            assertTrue(cache.insert(i * 2 * KIB, KIB, i));
        }
        assertEquals(100, cache.regions());
        assertEquals(9_900, cache.evictions());
        assertEquals(9_999, cache.lookup(9_999 * 2 * KIB, KIB));
        assertEquals(PinDownCache.MISS, cache.lookup(9_899 * 2 * KIB, KIB));
        assertEquals(100, cache.invalidate(0, Long.MAX_VALUE));
        assertEquals(0, cache.pinnedBytes());
    }

    @Test
    void badArgumentsAreRejectedWithTheAcceptedRange() {
        PinDownCache cache = cache(KIB, 1);
        assertEquals("address = -1; accepted: >= 0",
                assertThrows(IllegalArgumentException.class, () -> cache.lookup(-1, 1)).getMessage());
        assertEquals("length = 0 at address 5; accepted: 1 .. " + (Long.MAX_VALUE - 5),
                assertThrows(IllegalArgumentException.class, () -> cache.lookup(5, 0)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> cache.insert(Long.MAX_VALUE, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> cache.insert(0, 1, -1));
        assertThrows(IllegalArgumentException.class, () -> new PinDownCache(0, 1, PinEvictionListener.NONE));
        assertThrows(IllegalArgumentException.class, () -> new PinDownCache(1, 0, PinEvictionListener.NONE));
        cache.insert(0, 1, 0);
        assertThrows(IllegalStateException.class, () -> cache.insert(0, 1, 7));
    }

    @Test
    void aHeldRegionIsNoVictimUntilItsUserIsDoneWithIt() {
        PinDownCache cache = cache(Long.MAX_VALUE, /* maxRegions= */ 1);
        cache.insert(0, 4 * KIB, 1);
        cache.use(1);
        cache.insert(8 * KIB, 4 * KIB, 2);
        cache.use(2);
        assertEquals(List.of(), unpinned, "both held: held regions do not count against the bound");
        assertEquals(2, cache.regions());
        assertEquals(1, cache.lookup(0, 4 * KIB), "a held region still hits");
        cache.use(1);
        cache.done(1);
        cache.done(1);
        assertEquals(List.of(), unpinned, "released, region 1 is the one the cache keeps");
        cache.done(2);
        assertEquals(List.of("8K+4K#2"), unpinned, "two released over a bound of one: the least recently used goes (2: 1 hit since)");
        assertEquals(1, cache.evictions());
        assertEquals(1, cache.regions(), "within the bound: region 1 kept, pinned, for the next lookup");
        assertThrows(IllegalStateException.class, () -> cache.done(1));
        cache.insert(16 * KIB, 4 * KIB, 3, /* held= */ true);
        assertEquals(2, cache.regions(), "inserted held: nothing evicted on its account");
    }

    /**
     * Held regions count against neither bound, whichever way they came to be held; released, they do. A 100 KiB
     * bound: C (30 KiB) released, A (60 KiB) held through {@code use}, B (50 KiB) inserted held: 140 KiB pinned, 30
     * of them released, nothing evicted. A released: 90 KiB released, still within. B released: 140 KiB released, so
     * the least recently used go, C then A, down to B's 50.
     */
    @Test
    void heldRegionsCountAgainstNoBoundUntilReleased() {
        PinDownCache cache = cache(100 * KIB, Integer.MAX_VALUE);
        cache.insert(0, 30 * KIB, /* handle= */ 3);
        cache.insert(100 * KIB, 60 * KIB, /* handle= */ 1);
        cache.use(1);
        cache.insert(200 * KIB, 50 * KIB, /* handle= */ 2, /* held= */ true);
        assertEquals(3, cache.regions());
        assertEquals(0, cache.evictions());
        cache.done(1);
        assertEquals(0, cache.evictions(), "C and A released: 90 KiB");
        cache.done(2);
        assertEquals(List.of("0K+30K#3", "100K+60K#1"), unpinned);
        assertEquals(50 * KIB, cache.pinnedBytes());
        assertEquals(2, cache.evictions());
    }

    @Test
    void anInvalidationOfABadRangeIsRefused() {
        PinDownCache cache = cache(Long.MAX_VALUE, Integer.MAX_VALUE);
        assertThrows(IllegalArgumentException.class, () -> cache.invalidate(-1, 4 * KIB));
        assertThrows(IllegalArgumentException.class, () -> cache.invalidate(0, 0));
    }
}
