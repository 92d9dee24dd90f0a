package org.overbook.perf.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.overbook.hypervisor.sim.Simulation;

class SteppedRunTest {

    /** Schedules {@code count} events at each of {@code times}, each logging its time and its place in the log. */
    private static List<Long> scheduled(Simulation simulation, int count, long... times) {
        List<Long> log = new ArrayList<>();
        for (long time : times) {
            for (int i = 0; i < count; i++) {
                simulation.scheduleAt(time, () -> log.add(simulation.now() * 1000 + log.size()));
            }
        }
        return log;
    }

    @Test
    void stepsCutShortByTheirCountDispatchWhatOneCallWould() {
        Simulation whole = new Simulation(1);
        List<Long> expected = scheduled(whole, 25, 40, 100, 130);
        whole.runUntil(100);

        Simulation stepped = new Simulation(1);
        List<Long> seen = scheduled(stepped, 25, 40, 100, 130);
        new SteppedRun(10, 1_000).run(stepped, 100, 30);

        assertEquals(50, expected.size(), "the events at 40 and at 100 itself, none of those at 130");
        assertEquals(expected, seen);
        assertEquals(100, stepped.now());
        assertEquals(whole.pending(), stepped.pending());
    }

    @Test
    void timeThatStandsStillStopsTheRun() {
        Simulation simulation = new Simulation(1);
        simulation.scheduleAt(50, new Runnable() {
            @Override
            public void run() {
                simulation.schedule(0, this);
            }
        });
        SteppedRun.TimeStoodStill stopped = assertThrows(SteppedRun.TimeStoodStill.class,
                () -> new SteppedRun(10, 95).run(simulation, 100, 30));
        assertEquals(50, simulation.now());
        assertTrue(stopped.getMessage().startsWith("virtual time has not moved for 100 events"),
                stopped.getMessage());
    }

    @Test
    void aStormThatKeepsTimeMovingStopsAtTheEventLimitNotBefore() {
        Simulation storm = new Simulation(1);
        storm.scheduleAt(50, new Runnable() {
            @Override
            public void run() {
                storm.schedule(1, this);
            }
        });
        EventLimitReached stopped = assertThrows(EventLimitReached.class,
                () -> new SteppedRun(10, 95).limitedTo(500).run(storm, 1_000_000, 30));
        assertEquals(500, storm.dispatched(), "exactly its limit: time moved on, so it never stood still");
        assertEquals(549, storm.now());
        assertTrue(stopped.getMessage().startsWith("the run dispatched its limit of 500 events before its end"), stopped.getMessage());

        Simulation within = new Simulation(1);
        List<Long> seen = scheduled(within, 25, 40, 100, 130);
        new SteppedRun(10, 1_000).limitedTo(50).run(within, 100, 30);
        assertEquals(50, seen.size(), "a run of exactly its limit's events ends as without one");
        assertEquals(100, within.now());
    }
}
