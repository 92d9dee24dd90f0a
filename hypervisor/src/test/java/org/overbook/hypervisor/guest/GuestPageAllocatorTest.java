package org.overbook.hypervisor.guest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.overbook.hypervisor.sim.RandomStreams;

class GuestPageAllocatorTest {

    @Test
    void allocatesContiguousRunsAndRefusesWhenFragmented() {
        GuestPageAllocator allocator = new GuestPageAllocator(10);
        assertEquals(0, allocator.allocate(4));
        assertEquals(4, allocator.allocate(4));
        allocator.free(0, 4);
        assertEquals(-1, allocator.allocate(5), "6 pages free, but no run of 5");
        assertEquals(8, allocator.allocate(2));
        assertEquals(0, allocator.allocate(4));
        assertEquals(0, allocator.freePages());
    }

    @Test
    void freeingWhatWasNotAllocatedIsAnError() {
        GuestPageAllocator allocator = new GuestPageAllocator(8);
        allocator.allocate(2);
        assertThrows(IllegalArgumentException.class, () -> allocator.free(1, 2));
        assertThrows(IllegalArgumentException.class, () -> allocator.free(7, 2));
    }

    private record Run(int first, int count) {
    }

    @Property(tries = 100, seed = "7")
    void runsNeverOverlapAndAccountingHolds(@ForAll @IntRange(min = 1, max = 1_000) long seed) {
        var random = new RandomStreams(seed).stream("alloc");
        GuestPageAllocator allocator = new GuestPageAllocator(64);
        BitSet taken = new BitSet();
        List<Run> runs = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            if (runs.isEmpty() || random.nextBoolean()) {
                int count = 1 + random.nextInt(8);
                int first = allocator.allocate(count);
                if (first >= 0) {
                    assertTrue(taken.get(first, first + count).isEmpty(), "seed " + seed + ": overlapping run");
                    taken.set(first, first + count);
                    runs.add(new Run(first, count));
                }
            } else {
                Run run = runs.remove(random.nextInt(runs.size()));
                allocator.free(run.first, run.count);
                taken.clear(run.first, run.first + run.count);
            }
            assertEquals(64 - taken.cardinality(), allocator.freePages(), "seed " + seed);
        }
    }
}
