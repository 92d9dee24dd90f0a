package org.overbook.hypervisor.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.PriorityQueue;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/**
 * The ladder queue against {@link PriorityQueue} over (time, sequence), on schedules big and skewed enough to
 * use every tier: thousands of events, so the top is spread into rungs and crowded buckets into finer ones;
 * bursts at one instant larger than a bucket may hold; delays mixing nanoseconds with milliseconds; times
 * near the end of time. Each run compares every dispatched action and every peeked time with the reference.
 */
class EventQueueLadderPropertyTest {

    /** How the delay of a new event from "now" is drawn. */
    enum Delays {
        /** Uniform in 0..1 ms, as in the benchmark's hold model. */
        UNIFORM,
        /** 90 % a few ns to 1 µs (a NIC hop), 10 % about 1 ms (a timeout or a CPU slice). */
        BIMODAL,
        /** Mostly zero or one of a handful of fixed delays: long runs of equal times. */
        BURSTS,
        /** Uniform in 0..1 µs, now and then one far in the future, up to the end of time. */
        FAR_FUTURE,
        /** Exponential with a mean of 10 µs: a few long delays among many short ones. */
        EXPONENTIAL
    }

    private record Entry(long time, long sequence, Action action) {
    }

    private static PriorityQueue<Entry> reference() {
        return new PriorityQueue<>((a, b) -> a.time != b.time
                ? Long.compare(a.time, b.time) : Long.compare(a.sequence, b.sequence));
    }

    @Property(tries = 60, seed = "20261123")
    void holdModelDispatchesInReferenceOrder(@ForAll @LongRange(min = 1, max = Long.MAX_VALUE) long seed,
                                             @ForAll Delays delays,
                                             @ForAll @IntRange(min = 1, max = 5_000) int depth) {
        SplittableRandom random = new SplittableRandom(seed);
        EventQueue queue = new EventQueue(16);
        PriorityQueue<Entry> reference = reference();
        long sequence = 0;
        for (int i = 0; i < depth; i++) {
            long time = delay(delays, random, 0);
            Action action = Action.of(() -> { });
            queue.add(time, action);
            reference.add(new Entry(time, sequence++, action));
        }
        int dispatches = 4 * depth + 1_000;
        for (int i = 0; i < dispatches && !reference.isEmpty(); i++) {
            Entry expected = reference.poll();
            String context = "seed " + seed + ", " + delays + ", depth " + depth + ", dispatch " + i;
            assertEquals(expected.time, queue.peekTime(), context);
            assertEquals(expected.action, queue.beginDispatch(), context);
            int scheduled = i % 7 == 0 ? random.nextInt(3) : 1; // mostly holds; the queue drifts in size
            for (int k = 0; k < scheduled; k++) {
                long time = delay(delays, random, expected.time);
                Action action = Action.of(() -> { });
                queue.add(time, action);
                reference.add(new Entry(time, sequence++, action));
            }
            queue.endDispatch();
            assertEquals(reference.size(), queue.size(), context);
        }
        drainAndCompare(queue, reference, "seed " + seed + ", " + delays);
    }

    /**
     * Adds and removals in any mix, with times drawn around a moving "now" that may also lie before events
     * already taken: the queue does not rely on times only ever growing.
     */
    @Property(tries = 60, seed = "20261124")
    void anyMixOfAddsAndPollsKeepsReferenceOrder(@ForAll @LongRange(min = 1, max = Long.MAX_VALUE) long seed,
                                                 @ForAll Delays delays,
                                                 @ForAll @IntRange(min = 1, max = 20_000) int operations) {
        SplittableRandom random = new SplittableRandom(seed);
        EventQueue queue = new EventQueue(4);
        PriorityQueue<Entry> reference = reference();
        long sequence = 0;
        long now = 0;
        for (int i = 0; i < operations; i++) {
            if (reference.isEmpty() || random.nextInt(5) > 1) {
                long base = random.nextInt(8) == 0 ? Math.max(0, now - random.nextLong(1_000_000)) : now;
                long time = delay(delays, random, base);
                Action action = Action.of(() -> { });
                queue.add(time, action);
                reference.add(new Entry(time, sequence++, action));
            } else {
                Entry expected = reference.poll();
                now = expected.time;
                assertEquals(expected.time, queue.peekTime(), "seed " + seed + ", " + delays + ", operation " + i);
                assertEquals(expected.action, queue.poll(), "seed " + seed + ", " + delays + ", operation " + i);
            }
            assertEquals(reference.size(), queue.size(), "seed " + seed);
        }
        drainAndCompare(queue, reference, "seed " + seed + ", " + delays);
    }

    /** A burst at one instant, far larger than a bucket, keeps scheduling order among itself and with others. */
    @Property(tries = 20, seed = "20261125")
    void aBurstAtOneInstantKeepsSchedulingOrder(@ForAll @IntRange(min = 49, max = 5_000) int burst,
                                                @ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long instant) {
        EventQueue queue = new EventQueue(16);
        PriorityQueue<Entry> reference = reference();
        long sequence = 0;
        for (int i = 0; i < burst; i++) {
            long time = i % 5 == 0 ? instant / 2 : instant;
            Action action = Action.of(() -> { });
            queue.add(time, action);
            reference.add(new Entry(time, sequence++, action));
        }
        drainAndCompare(queue, reference, "instant " + instant + ", burst " + burst);
    }

    private static void drainAndCompare(EventQueue queue, PriorityQueue<Entry> reference, String context) {
        while (!reference.isEmpty()) {
            Entry expected = reference.poll();
            assertEquals(expected.time, queue.peekTime(), context);
            assertEquals(expected.action, queue.poll(), context);
        }
        assertEquals(0, queue.size(), context);
    }

    /** Returns {@code now} plus a delay drawn as {@code delays} says, capped at the end of time. */
    private static long delay(Delays delays, SplittableRandom random, long now) {
        long delay = switch (delays) {
            case UNIFORM -> random.nextLong(1_000_001);
            case BIMODAL -> random.nextInt(10) == 0
                    ? 1_000_000 + random.nextLong(50_000) : 5 + random.nextLong(1_000);
            case BURSTS -> random.nextInt(3) == 0 ? 0 : new long[] {1, 1_000, 1_000_000}[random.nextInt(3)];
            case FAR_FUTURE -> switch (random.nextInt(50)) {
                case 0 -> Long.MAX_VALUE;
                case 1 -> random.nextLong(Long.MAX_VALUE);
                case 2 -> 1L << (20 + random.nextInt(40));
                default -> random.nextLong(1_001);
            };
            case EXPONENTIAL -> (long) (-10_000 * Math.log(1 - random.nextDouble()));
        };
        return delay > Long.MAX_VALUE - now ? Long.MAX_VALUE : now + delay;
    }
}
