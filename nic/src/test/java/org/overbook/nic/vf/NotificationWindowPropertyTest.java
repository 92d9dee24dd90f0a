package org.overbook.nic.vf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/**
 * NetVM's sequence window under injected reordering: notifications offered in a shuffled order
 * (each displaced by less than the window), some duplicated, are applied exactly once each and in
 * the order they were sent.
 */
class NotificationWindowPropertyTest {

    @Property(tries = 300, seed = "77")
    void appliesEachNotificationOnceInSendOrder(@ForAll @LongRange(min = 1) long seed,
                                                @ForAll @IntRange(min = 1, max = 400) int count,
                                                @ForAll @IntRange(min = 2, max = 64) int window) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] counters = new int[count];
        for (int i = 0; i < count; i++) {
            counters[i] = random.nextInt(5);
        }
        // Deliver in blocks of `window`, each block shuffled, with duplicates of earlier ones mixed in.
        List<Integer> order = new ArrayList<>();
        for (int start = 0; start < count; start += window) {
            List<Integer> block = new ArrayList<>();
            for (int i = start; i < Math.min(count, start + window); i++) {
                block.add(i);
            }
            java.util.Collections.shuffle(block, new java.util.Random(random.nextLong()));
            order.addAll(block);
            if (start > 0 && random.nextBoolean()) {
                order.add(random.nextInt(start)); // a retransmitted duplicate
            }
        }
        NotificationWindow windowUnderTest = new NotificationWindow(window);
        List<Integer> applied = new ArrayList<>();
        for (int sequence : order) {
            assertTrue(windowUnderTest.offer(sequence, counters[sequence], applied::add), "seed " + seed + ": in the window");
        }
        assertEquals(count, applied.size(), "seed " + seed + ": each applied once");
        for (int i = 0; i < count; i++) {
            assertEquals(counters[i], applied.get(i), "seed " + seed + ": applied in send order at " + i);
        }
        assertEquals(count, windowUnderTest.next());
    }

    @Property(tries = 50, seed = "78")
    void refusesWhatLiesBeyondTheWindow(@ForAll @IntRange(min = 2, max = 32) int window) {
        NotificationWindow w = new NotificationWindow(window);
        List<Integer> applied = new ArrayList<>();
        assertTrue(!w.offer(window, 0, applied::add), "one past the window is refused");
        assertTrue(w.offer(window - 1, 0, applied::add), "the last slot of the window waits");
        assertEquals(0, applied.size());
    }
}
