package org.overbook.hypervisor.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.PriorityQueue;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/**
 * The queue's bottom against {@link PriorityQueue} over (time, order), used as {@link EventQueue} uses it:
 * refilled when empty with buckets (events in scheduling order, times in any order) of either size (a sorted
 * run up to {@link EventHeap#SORTED_LIMIT} events, a heap past it), events added one by one until a sorted run
 * outgrows itself, and dispatches whose first added event replaces the root. Times are drawn from a narrow
 * range so that ties are common.
 */
class EventHeapPropertyTest {

    private record Entry(long time, long order) {
    }

    @Property(tries = 300, seed = "20261126")
    void takesEventsInTheReferenceOrder(@ForAll @LongRange(min = 1, max = Long.MAX_VALUE) long seed,
                                        @ForAll @IntRange(min = 1, max = 3 * EventHeap.SORTED_LIMIT) int largestFill,
                                        @ForAll @IntRange(min = 1, max = 64) int timeSpread) {
        SplittableRandom random = new SplittableRandom(seed);
        EventHeap heap = new EventHeap();
        PriorityQueue<Entry> reference = new PriorityQueue<>((a, b) -> a.time != b.time
                ? Long.compare(a.time, b.time) : Long.compare(a.order, b.order));
        long order = 0;
        long now = 0;
        for (int step = 0; step < 3_000; step++) {
            String context = "seed " + seed + ", step " + step;
            if (reference.isEmpty()) {
                int count = 1 + random.nextInt(largestFill);
                long[] pairs = new long[2 * count];
                for (int i = 0; i < count; i++) {   // a bucket: times in any order, order words in scheduling order
                    pairs[2 * i] = now + random.nextInt(timeSpread);
                    pairs[2 * i + 1] = order++;
                }
                for (int i = 0; i < count; i++) {
                    reference.add(new Entry(pairs[2 * i], pairs[2 * i + 1]));
                }
                heap.fill(pairs, count);
                assertEquals(reference.size(), heap.size(), context);
            }
            Entry first = reference.peek();
            assertEquals(first.time, heap.peekTime(), context);
            assertEquals(first.order, heap.peekOrder(), context);
            now = first.time;
            reference.poll();
            long after = reference.isEmpty() ? Long.MAX_VALUE : reference.peek().time;
            assertEquals(after, heap.peekTimeAfterRoot(), context);
            int added = random.nextInt(4);   // 0: the bottom shrinks; 1: a hold; more: it grows
            for (int k = 0; k < added; k++) {
                long time = now + random.nextInt(timeSpread);
                long newest = order++;
                reference.add(new Entry(time, newest));
                if (k == 0) {
                    heap.replaceRootWithNewest(time, newest);
                } else {
                    heap.addNewest(time, newest);
                }
            }
            if (added == 0) {
                heap.removeRoot();
            }
            assertEquals(reference.size(), heap.size(), context);
        }
    }
}
