package org.overbook.hypervisor.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SimulationTest {

    @Test
    void theNextEventTimeIsTheEarliestWaitingOrNoneAtAll() {
        Simulation simulation = new Simulation(1);
        assertEquals(Long.MAX_VALUE, simulation.nextEventTime());
        simulation.scheduleAt(50, () -> { });
        simulation.scheduleAt(20, () -> { });
        assertEquals(20, simulation.nextEventTime());
        simulation.runUntil(30);
        assertEquals(50, simulation.nextEventTime());
        simulation.run();
        assertEquals(Long.MAX_VALUE, simulation.nextEventTime());
    }

    @Test
    void eventsRunInTimeOrderAndTiesInSchedulingOrder() {
        Simulation sim = new Simulation(1);
        List<String> log = new ArrayList<>();
        sim.schedule(30, () -> log.add("c@" + sim.now()));
        sim.schedule(10, () -> log.add("a@" + sim.now()));
        sim.schedule(10, () -> log.add("b@" + sim.now()));
        sim.schedule(0, () -> sim.schedule(10, () -> log.add("d@" + sim.now())));
        sim.run();
        assertEquals(List.of("a@10", "b@10", "d@10", "c@30"), log);
        assertEquals(5, sim.dispatched());
    }

    @Test
    void aFollowUpRunsWhereItsEventWouldWithoutBeingOne() {
        Simulation sim = new Simulation(1);
        List<String> log = new ArrayList<>();
        sim.schedule(10, () -> {
            sim.scheduleNow(() -> log.add("follow-up@" + sim.now()));
            log.add("first@" + sim.now());
            sim.schedule(0, () -> log.add("later@" + sim.now()));
            sim.scheduleNow(() -> log.add("behind-later@" + sim.now()));
        });
        sim.schedule(10, () -> log.add("waiting@" + sim.now()));
        sim.schedule(20, () -> {
            sim.scheduleNow(() -> log.add("alone@" + sim.now()));
            log.add("second@" + sim.now());
        });
        sim.run();
        // "waiting" was queued before the first follow-up, and "later" before the second: both stay events, in
        // their places; at 20 nothing else waits, so "alone" is a follow-up, not an event
        assertEquals(List.of("first@10", "waiting@10", "follow-up@10", "later@10", "behind-later@10",
                "second@20", "alone@20"), log);
        assertEquals(6, sim.dispatched());
    }

    @Test
    void followUpsOfAnEventRunWithinItsDispatch() {
        Simulation sim = new Simulation(1);
        List<String> log = new ArrayList<>();
        sim.schedule(10, () -> {
            sim.scheduleNow(() -> {
                log.add("a@" + sim.now());
                sim.scheduleNow(() -> log.add("c@" + sim.now()));
            });
            sim.scheduleNow(() -> log.add("b@" + sim.now()));
        });
        sim.schedule(20, () -> log.add("d@" + sim.now()));
        sim.step();
        assertEquals(List.of("a@10", "b@10", "c@10"), log);
        assertEquals(1, sim.dispatched());
        assertEquals(1, sim.pending());
    }

    @Test
    void runUntilStopsAtTheGivenTimeAndResumes() {
        Simulation sim = new Simulation(1);
        List<Long> seen = new ArrayList<>();
        for (long t : new long[] {5, 10, 15, 20}) {
            sim.scheduleAt(t, () -> seen.add(sim.now()));
        }
        sim.runUntil(10);
        assertEquals(List.of(5L, 10L), seen);
        assertEquals(10, sim.now());
        assertEquals(2, sim.pending());
        sim.runUntil(100);
        assertEquals(List.of(5L, 10L, 15L, 20L), seen);
        assertEquals(100, sim.now());
    }

    @Test
    void runUntilWithACountStopsAfterThatManyEventsAndResumesInTheSameOrder() {
        Simulation sim = new Simulation(1);
        List<Long> seen = new ArrayList<>();
        for (long t : new long[] {5, 10, 10, 10, 20}) {
            sim.scheduleAt(t, () -> seen.add(sim.now() * 10 + seen.size()));
        }
        assertFalse(sim.runUntil(15, 2));
        assertEquals(List.of(50L, 101L), seen);
        assertEquals(10, sim.now(), "the clock stays at the last event's time, not the target's");
        assertFalse(sim.runUntil(15, 1));
        assertTrue(sim.runUntil(15, 1), "one event left before 15, then none: it got there");
        assertEquals(List.of(50L, 101L, 102L, 103L), seen);
        assertEquals(15, sim.now());
        assertTrue(sim.runUntil(100, 10));
        assertEquals(List.of(50L, 101L, 102L, 103L, 204L), seen);
        assertEquals(100, sim.now());
    }

    @Test
    void schedulingIntoThePastIsRefused() {
        Simulation sim = new Simulation(1);
        sim.runUntil(50);
        assertThrows(IllegalArgumentException.class, () -> sim.schedule(-1, () -> { }));
        assertThrows(IllegalArgumentException.class, () -> sim.scheduleAt(49, () -> { }));
    }

    @Test
    void schedulingPastTheEndOfVirtualTimeIsRefusedAndTheLastInstantIsKept() {
        Simulation sim = new Simulation(1);
        sim.runUntil(50);
        assertThrows(IllegalArgumentException.class, () -> sim.schedule(Long.MAX_VALUE - 49, () -> { }));
        List<Long> seen = new ArrayList<>();
        sim.schedule(Long.MAX_VALUE - 50, () -> seen.add(sim.now()));
        sim.schedule(10, () -> seen.add(sim.now()));
        sim.run();
        assertEquals(List.of(60L, Long.MAX_VALUE), seen);
    }

    @Test
    void anEventAtTheTargetTimeRunsAndStepSaysWhetherOneRan() {
        Simulation sim = new Simulation(1);
        List<Long> seen = new ArrayList<>();
        sim.scheduleAt(15, () -> seen.add(sim.now()));
        assertTrue(sim.runUntil(15, 10));
        assertEquals(List.of(15L), seen, "an event due at the target time is due at or before it");
        sim.scheduleAt(15, () -> seen.add(sim.now())); // now is 15: scheduling for now is not the past
        assertTrue(sim.step());
        assertFalse(sim.step(), "nothing left to run");
        assertEquals(List.of(15L, 15L), seen);
    }

    @Test
    void pendingCountsTheEventsWaitingButNotTheOneRunning() {
        Simulation sim = new Simulation(1);
        int[] seen = new int[2];
        sim.scheduleAt(10, () -> seen[0] = sim.pending());
        sim.scheduleAt(20, () -> seen[1] = sim.pending());
        sim.scheduleAt(30, () -> { });
        assertEquals(3, sim.pending());
        sim.run();
        assertEquals(2, seen[0]);
        assertEquals(1, seen[1]);
    }

    /**
     * After a run stops between events, the next ones already sit in the kernel's bottom tier; an event scheduled
     * from outside any dispatch in between joins them and takes no one's place.
     */
    @Test
    void anEventScheduledBetweenRunsAmongTheNextOnesTakesNoOnesPlace() {
        Simulation sim = new Simulation(1);
        List<Long> seen = new ArrayList<>();
        for (long t : new long[] {10, 20, 30}) {
            sim.scheduleAt(t, () -> seen.add(sim.now()));
        }
        sim.runUntil(10);
        sim.scheduleAt(15, () -> seen.add(sim.now()));
        sim.run();
        assertEquals(List.of(10L, 15L, 20L, 30L), seen);
    }

    @Test
    void manyFollowUpsOfOneEventRunInOrder() {
        Simulation sim = new Simulation(1);
        List<Integer> seen = new ArrayList<>();
        sim.scheduleAt(10, () -> {
            for (int i = 0; i < 20; i++) {
                int k = i;
                sim.scheduleNow(() -> seen.add(k));
            }
        });
        sim.run();
        assertEquals(java.util.stream.IntStream.range(0, 20).boxed().toList(), seen);
        assertEquals(1, sim.dispatched(), "follow-ups are not events");
    }

    @Test
    void followUpsOfAnEventThatThrowsStayQueuedForItsInstant() {
        Simulation sim = new Simulation(1);
        List<String> seen = new ArrayList<>();
        sim.scheduleAt(10, () -> {
            sim.scheduleNow(() -> seen.add("b@" + sim.now()));
            sim.scheduleNow(() -> seen.add("c@" + sim.now()));
            throw new IllegalStateException("the action fails");
        });
        assertThrows(IllegalStateException.class, sim::run);
        assertEquals(List.of(), seen);
        assertEquals(2, sim.pending());
        sim.run();
        assertEquals(List.of("b@10", "c@10"), seen);
    }
}
