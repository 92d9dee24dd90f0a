package org.overbook.nic.pin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;

/**
 * Model-based test: random lookups (inserting on a miss, as a library does), duplicate inserts and
 * invalidations of overlapping regions, against {@link ReferencePinCache}; results, released regions in
 * order, counters and the LRU order must agree after every step.
 */
class PinDownCachePropertyTest {

    sealed interface Op permits Use, Invalidate {}

    /** Look the range up; on a miss register it and insert it with a fresh handle. */
    record Use(long address, long length) implements Op {}

    record Invalidate(long address, long length) implements Op {}

    @Property(tries = 300, seed = "8001")
    void agreesWithTheReferenceModel(@ForAll("ops") @Size(min = 1, max = 300) List<Op> ops,
                                     @ForAll @LongRange(min = 1, max = 40) long maxBytes,
                                     @ForAll @IntRange(min = 1, max = 6) int maxRegions) {
        List<ReferencePinCache.Region> released = new ArrayList<>();
        PinDownCache cache = new PinDownCache(maxBytes, maxRegions,
                (address, length, handle) -> released.add(new ReferencePinCache.Region(address, length, handle)));
        ReferencePinCache reference = new ReferencePinCache(maxBytes, maxRegions);
        long nextHandle = 0;
        int step = 0;
        for (Op op : ops) {
            String where = "bytes " + maxBytes + " regions " + maxRegions + " step " + step++ + " " + op;
            switch (op) {
                case Use(long address, long length) -> {
                    long expected = reference.lookup(address, length);
                    assertEquals(expected, cache.lookup(address, length), where);
                    if (expected == PinDownCache.MISS) {
                        long handle = nextHandle++;
                        assertEquals(reference.insert(address, length, handle), cache.insert(address, length, handle), where);
                    } else if (reference.contains(address, length)) {
                        assertThrows(IllegalStateException.class, () -> cache.insert(address, length, 99), where);
                    }
                }
                case Invalidate(long address, long length) ->
                        assertEquals(reference.invalidate(address, length), cache.invalidate(address, length), where);
            }
            assertEquals(reference.released, released, where);
            assertEquals(reference.hits, cache.hits(), where);
            assertEquals(reference.misses, cache.misses(), where);
            assertEquals(reference.evictions, cache.evictions(), where);
            assertEquals(reference.pinnedBytes(), cache.pinnedBytes(), where);
            assertEquals(reference.oldestFirst.size(), cache.regions(), where);
            List<ReferencePinCache.Region> actual = new ArrayList<>();
            for (long[] r : cache.regionsOldestFirst()) {
                actual.add(new ReferencePinCache.Region(r[0], r[1], r[2]));
            }
            assertEquals(reference.oldestFirst, actual, where);
        }
    }

    @Provide
    Arbitrary<List<Op>> ops() {
        Arbitrary<Long> address = Arbitraries.longs().between(0, 24);
        Arbitrary<Long> length = Arbitraries.frequencyOf(
                Tuple.of(8, Arbitraries.longs().between(1, 8)),
                Tuple.of(1, Arbitraries.longs().between(9, 48)));
        Arbitrary<Op> op = Arbitraries.frequencyOf(
                Tuple.of(9, Combinators.combine(address, length).as(Use::new)),
                Tuple.of(1, Combinators.combine(address, length).as(Invalidate::new)));
        return op.list();
    }
}
