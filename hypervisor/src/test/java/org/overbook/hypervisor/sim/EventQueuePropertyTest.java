package org.overbook.hypervisor.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.PriorityQueue;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/**
 * The 4-ary heap against {@link PriorityQueue} over (time, sequence): same order for any schedule, whether
 * events are added between dispatches or by the event being dispatched (the first of which replaces it at
 * the root).
 */
class EventQueuePropertyTest {

    private record Entry(long time, long sequence, Action action) {
    }

    @Property(tries = 200, seed = "20261122")
    void pollsInTheSameOrderAsAReferenceQueue(@ForAll @LongRange(min = 1, max = Long.MAX_VALUE) long seed,
                                              @ForAll @IntRange(min = 1, max = 2000) int operations,
                                              @ForAll @IntRange(min = 1, max = 50) int timeSpread) {
        var random = new RandomStreams(seed).stream("queue");
        EventQueue queue = new EventQueue(4);
        PriorityQueue<Entry> reference = new PriorityQueue<>((a, b) -> a.time != b.time
                ? Long.compare(a.time, b.time) : Long.compare(a.sequence, b.sequence));
        long sequence = 0;
        for (int i = 0; i < operations; i++) {
            if (reference.isEmpty() || random.nextInt(3) > 0) {
                long time = random.nextInt(timeSpread);
                Action action = Action.of(() -> { });
                queue.add(time, action);
                reference.add(new Entry(time, sequence++, action));
            } else {
                Entry expected = reference.poll();
                assertEquals(expected.time, queue.peekTime(), "seed " + seed);
                assertEquals(expected.action, queue.poll(), "seed " + seed);
            }
            assertEquals(reference.size(), queue.size());
        }
        while (!reference.isEmpty()) {
            assertEquals(reference.poll().action, queue.poll(), "seed " + seed);
        }
    }

    @Property(tries = 200, seed = "20261122")
    void dispatchesInTheSameOrderWhenEventsScheduleEvents(@ForAll @LongRange(min = 1, max = Long.MAX_VALUE) long seed,
                                                          @ForAll @IntRange(min = 1, max = 2000) int dispatches,
                                                          @ForAll @IntRange(min = 1, max = 50) int timeSpread) {
        var random = new RandomStreams(seed).stream("hold");
        EventQueue queue = new EventQueue(4);
        PriorityQueue<Entry> reference = new PriorityQueue<>((a, b) -> a.time != b.time
                ? Long.compare(a.time, b.time) : Long.compare(a.sequence, b.sequence));
        long sequence = 0;
        for (int i = 0; i < 8; i++) {
            Action action = Action.of(() -> { });
            queue.add(i % 3, action);
            reference.add(new Entry(i % 3, sequence++, action));
        }
        for (int i = 0; i < dispatches && !reference.isEmpty(); i++) {
            Entry expected = reference.poll();
            assertEquals(expected.time, queue.peekTime(), "seed " + seed);
            assertEquals(expected.action, queue.beginDispatch(), "seed " + seed);
            int scheduled = random.nextInt(4); // 0: the queue shrinks; 1: a hold; more: it grows
            for (int k = 0; k < scheduled; k++) {
                long time = expected.time + random.nextInt(timeSpread); // often "now": ties with waiting events
                Action action = Action.of(() -> { });
                queue.add(time, action);
                reference.add(new Entry(time, sequence++, action));
            }
            queue.endDispatch();
            assertEquals(reference.size(), queue.size(), "seed " + seed);
        }
        while (!reference.isEmpty()) {
            assertEquals(reference.poll().action, queue.poll(), "seed " + seed);
        }
    }
}
