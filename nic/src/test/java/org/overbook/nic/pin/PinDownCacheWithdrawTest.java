package org.overbook.nic.pin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A withdrawn region leaves the cache quietly: the caller, told its holds, keeps the registration. */
class PinDownCacheWithdrawTest {

    private static final long KIB = 1024;

    @Test
    void aWithdrawnRegionIsNoLongerFoundAndTheListenerIsNotTold() {
        List<Long> told = new ArrayList<>();
        PinDownCache cache = new PinDownCache(16 * KIB, 8, (address, length, handle) -> told.add(handle));
        cache.insert(0, 4 * KIB, 1, /* held= */ true);
        cache.use(1);
        cache.insert(0, 8 * KIB, 2);
        assertEquals(2, cache.withdraw(1), "held twice");
        assertEquals(0, cache.withdraw(2), "held by no one");
        assertEquals(PinDownCache.MISS, cache.lookup(0, 4 * KIB));
        assertEquals(0, cache.pinnedBytes());
        assertEquals(0, cache.regions());
        assertEquals(0, cache.evictions(), "a withdrawal is no eviction");
        assertEquals(List.of(), told);
        assertThrows(IllegalArgumentException.class, () -> cache.done(1), "a withdrawn region is not cached any more");
        assertEquals(true, cache.insert(0, 4 * KIB, 3), "its range may be cached again");
    }

    @Test
    void aWithdrawnHeldRegionNoLongerExemptsBytesFromTheBound() {
        List<Long> evicted = new ArrayList<>();
        PinDownCache cache = new PinDownCache(8 * KIB, Integer.MAX_VALUE, (address, length, handle) -> evicted.add(handle));
        cache.insert(0, 4 * KIB, 1, /* held= */ true);
        cache.withdraw(1);
        cache.insert(100 * KIB, 4 * KIB, 2);
        cache.insert(200 * KIB, 4 * KIB, 3);
        cache.insert(300 * KIB, 4 * KIB, 4);
        assertEquals(8 * KIB, cache.pinnedBytes(), "12 KiB released against 8 KiB: the oldest goes");
        assertEquals(List.of(2L), evicted);
    }
}
