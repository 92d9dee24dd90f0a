package org.overbook.hypervisor.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/**
 * Events whose handlers schedule 0 to 3 further events, some at zero delay (the same instant), run in
 * (time, scheduling order) exactly as a plain priority-queue model says: the in-place replacement of
 * the dispatched event must not reorder anything.
 */
class DispatchOrderPropertyTest {

    private record Pending(long time, long sequence, int id) {
    }

    @Property(tries = 200, seed = "9001")
    void dispatchOrderMatchesAReferenceQueue(@ForAll @LongRange(min = 1) long seed,
                                             @ForAll @IntRange(min = 1, max = 40) int initial,
                                             @ForAll @IntRange(min = 0, max = 20) int maxDelay) {
        checkAgainstReferenceQueue(seed, initial, maxDelay, false);
    }

    /**
     * The same with every other event for the same instant scheduled by {@link Simulation#scheduleNow}: follow-ups
     * of the dispatched event, or events when one waits for the instant before them, run in the same order.
     */
    @Property(tries = 200, seed = "9003")
    void followUpsRunWhereTheirEventsWould(@ForAll @LongRange(min = 1) long seed,
                                           @ForAll @IntRange(min = 1, max = 40) int initial,
                                           @ForAll @IntRange(min = 0, max = 20) int maxDelay) {
        checkAgainstReferenceQueue(seed, initial, maxDelay, true);
    }

    private void checkAgainstReferenceQueue(long seed, int initial, int maxDelay, boolean followUps) {
        // The simulation under test.
        Simulation sim = new Simulation(seed);
        List<Integer> order = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(seed);
        int[] nextId = {0};
        int budget = 2_000;
        int[][] children = new int[budget + initial + 8][]; // child delays decided per event id, shared with the model
        class Event implements Runnable {
            final int id;

            Event(int id) {
                this.id = id;
            }

            @Override
            public void run() {
                order.add(id);
                for (int delay : childrenOf(children, id)) {
                    int child = nextId[0]++;
                    if (followUps && delay == 0 && child % 2 == 0) {
                        sim.scheduleNow(new Event(child));
                    } else {
                        sim.schedule(delay, new Event(child));
                    }
                }
            }
        }
        // Decide every event's children up front, so the model can replay them.
        SplittableRandom plan = new SplittableRandom(seed + 1);
        for (int id = 0; id < children.length; id++) {
            int count = id + 4 >= children.length ? 0 : plan.nextInt(4);
            children[id] = new int[count];
            for (int c = 0; c < count; c++) {
                children[id][c] = maxDelay == 0 ? 0 : plan.nextInt(maxDelay + 1);
            }
        }
        for (int i = 0; i < initial; i++) {
            sim.schedule(random.nextInt(maxDelay + 1), new Event(nextId[0]++));
        }
        while (sim.pending() > 0 && order.size() < budget) {
            sim.step();
        }

        // The model: the same plan on java.util.PriorityQueue ordered by (time, sequence).
        PriorityQueue<Pending> model = new PriorityQueue<>((a, b) -> a.time != b.time
                ? Long.compare(a.time, b.time) : Long.compare(a.sequence, b.sequence));
        SplittableRandom replay = new SplittableRandom(seed);
        long sequence = 0;
        int modelNextId = 0;
        for (int i = 0; i < initial; i++) {
            model.add(new Pending(replay.nextInt(maxDelay + 1), sequence++, modelNextId++));
        }
        List<Integer> expected = new ArrayList<>();
        while (!model.isEmpty() && expected.size() < budget) {
            Pending event = model.poll();
            expected.add(event.id);
            for (int delay : childrenOf(children, event.id)) {
                model.add(new Pending(event.time + delay, sequence++, modelNextId++));
            }
        }
        if (followUps) {
            // a step also runs the dispatched event's follow-ups, so the run may go a little past the budget
            assertEquals(expected, order.subList(0, Math.min(order.size(), expected.size())), "seed " + seed);
            assertEquals(expected.size(), Math.min(order.size(), expected.size()), "seed " + seed + ": events run");
        } else {
            assertEquals(expected, order, "seed " + seed);
            assertEquals(model.size(), sim.pending(), "seed " + seed + ": events left");
        }
    }

    /** Events past the plan schedule nothing, so the run ends. */
    private static int[] childrenOf(int[][] children, int id) {
        return id < children.length ? children[id] : new int[0];
    }

    @Property(tries = 50, seed = "9002")
    void anExceptionInAnActionLeavesTheQueueConsistent(@ForAll @IntRange(min = 1, max = 50) int events) {
        Simulation sim = new Simulation(1);
        List<Integer> ran = new ArrayList<>();
        for (int i = 0; i < events; i++) {
            int id = i;
            sim.schedule(i, () -> {
                ran.add(id);
                if (id % 3 == 0) {
                    throw new IllegalStateException("boom " + id);
                }
            });
        }
        int thrown = 0;
        while (sim.pending() > 0) {
            try {
                sim.step();
            } catch (IllegalStateException e) {
                thrown++;
            }
        }
        assertEquals(events, ran.size());
        assertEquals((events + 2) / 3, thrown);
        for (int i = 0; i < events; i++) {
            assertEquals(i, ran.get(i));
        }
    }
}
