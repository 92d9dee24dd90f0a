package org.overbook.nic.pin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Invalidating a region its user holds drops its holds with it: the bounds are kept afterwards. */
class PinDownCacheHeldInvalidateTest {

    private static final long KIB = 1024;

    @Test
    void aHeldRegionInvalidatedNoLongerExemptsBytesFromTheBound() {
        List<Long> unpinned = new ArrayList<>();
        PinDownCache cache = new PinDownCache(8 * KIB, Integer.MAX_VALUE, (address, length, handle) -> unpinned.add(handle));
        cache.insert(0, 4 * KIB, 1, /* held= */ true);
        assertEquals(1, cache.invalidate(0, 4 * KIB));
        assertEquals(0, cache.pinnedBytes());

        cache.insert(100 * KIB, 4 * KIB, 2);
        cache.insert(200 * KIB, 4 * KIB, 3);
        cache.insert(300 * KIB, 4 * KIB, 4);
        // 12 KiB released against a bound of 8 KiB: the oldest, 2, goes
        assertEquals(8 * KIB, cache.pinnedBytes());
        assertEquals(2, cache.regions());
        assertEquals(1, cache.evictions());
        assertEquals(List.of(1L, 2L), unpinned);
    }

    @Test
    void aHeldRegionInvalidatedNoLongerExemptsRegionsFromTheBound() {
        PinDownCache cache = new PinDownCache(Long.MAX_VALUE, 2, (address, length, handle) -> { });
        cache.insert(0, 4 * KIB, 1, /* held= */ true);
        cache.invalidate(0, 4 * KIB);
        cache.insert(100 * KIB, 4 * KIB, 2);
        cache.insert(200 * KIB, 4 * KIB, 3);
        cache.insert(300 * KIB, 4 * KIB, 4);
        assertEquals(2, cache.regions());
        assertThrows(IllegalArgumentException.class, () -> cache.done(1), "an invalidated region is not cached any more");
    }
}
