package org.overbook.hypervisor.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class VcpuTest {

    private final Simulation sim = new Simulation(7);
    private final Vcpu vcpu = new Vcpu(sim);
    private final List<String> log = new ArrayList<>();

    @Test
    void chargesDelayWhatAHandlerPosts() {
        sim.schedule(100, () -> vcpu.submit(() -> {
            vcpu.charge(50);
            log.add("post at " + vcpu.now());
            vcpu.schedule(0, () -> log.add("posted ran at " + vcpu.now()));
        }));
        sim.run();
        assertEquals(List.of("post at 150", "posted ran at 150"), log);
        assertEquals(50, vcpu.busyNanos());
    }

    @Test
    void aTaskThatThrowsIsKeptAsTheVcpusAndItsExceptionGoesOnAsItWas() {
        Vcpu other = new Vcpu(sim);
        IllegalStateException bug = new IllegalStateException("the task's own bug");
        sim.schedule(100, () -> other.submit(() -> log.add("other ran")));
        sim.schedule(200, () -> vcpu.submit(() -> {
            throw bug;
        }));
        assertSame(bug, assertThrows(IllegalStateException.class, sim::run));
        assertEquals(List.of("other ran"), log);
        assertTrue(vcpu.taskThrew(), "the vCPU whose task threw");
        assertFalse(other.taskThrew(), "a vCPU whose tasks ran to their end");
    }

    @Test
    void workArrivingWhileBusyWaitsInArrivalOrder() {
        sim.schedule(0, () -> vcpu.submit(() -> {
            log.add("A starts " + vcpu.now());
            vcpu.charge(1_000);
        }));
        sim.schedule(10, () -> vcpu.submit(() -> {
            log.add("B starts " + vcpu.now());
            vcpu.charge(5);
        }));
        sim.schedule(20, () -> vcpu.submit(() -> log.add("C starts " + vcpu.now())));
        sim.schedule(2_000, () -> vcpu.submit(() -> log.add("D starts " + vcpu.now())));
        sim.run();
        assertEquals(List.of("A starts 0", "B starts 1000", "C starts 1005", "D starts 2000"), log);
        assertEquals(4, vcpu.tasksRun());
    }

    @Test
    void aTimerFromAHandlerCountsFromTheChargedTime() {
        sim.schedule(0, () -> vcpu.submit(() -> {
            vcpu.charge(300);
            vcpu.schedule(700, () -> log.add("timer at " + vcpu.now()));
        }));
        sim.run();
        assertEquals(List.of("timer at 1000"), log);
    }

    @Test
    void aSpinningVcpuRunsNothingElseAndIsChargedForTheSpin() {
        sim.schedule(0, () -> vcpu.submit(() -> {
            vcpu.charge(100);
            vcpu.beginSpin(); // the spin starts when this task ends, at 100
        }));
        sim.schedule(500, () -> vcpu.submit(() -> log.add("queued work ran at " + vcpu.now())));
        sim.schedule(2_000, () -> vcpu.endSpin(2_000));
        sim.run();
        assertEquals(List.of("queued work ran at 2000"), log);
        assertEquals(100 + 1_900, vcpu.busyNanos());
    }

    /**
     * One pCPU, a 300 ns slice. A runs 200 ns tasks back to back; B wakes at 50 and waits. A's second task (200 to 400)
     * ends its slice, so A yields the pCPU, which goes to B at 400. A spin A began at 300 from outside its tasks would
     * spin on that yielded pCPU (the one A ran on last) and hold it from B, though A runs nothing; it is refused.
     */
    @Test
    void aSpinBegunOutsideATaskOfTheVcpuIsRefused() {
        PhysicalCpus one = new PhysicalCpus(sim, 1, 300);
        Vcpu a = new Vcpu(sim, one, false);
        Vcpu b = new Vcpu(sim, one, false);
        Runnable[] busy = new Runnable[1];
        busy[0] = () -> {
            a.charge(200);
            a.submit(busy[0]);
        };
        sim.schedule(0, () -> a.submit(busy[0]));
        sim.schedule(50, () -> b.submit(() -> log.add("B ran at " + b.now())));
        sim.schedule(300, () -> {
            assertFalse(a.inTask());
            a.beginSpin();
        });
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> sim.runUntil(1_000));
        assertTrue(refused.getMessage().startsWith("Vcpu.beginSpin() outside a task of this vCPU"), refused.getMessage());
        sim.runUntil(1_000);
        assertEquals(List.of("B ran at 400"), log, "B takes the pCPU A yielded");
    }

    @Test
    void hostWorkPreemptsASpinHoldingTheOnlyPcpu() {
        PhysicalCpus one = new PhysicalCpus(sim, 1, 3_000_000);
        Vcpu spinner = new Vcpu(sim, one, false);
        sim.schedule(0, () -> spinner.submit(() -> {
            spinner.charge(100);
            spinner.beginSpin(); // holds the one pCPU from 100 until the spin ends
        }));
        long[] done = new long[2];
        sim.schedule(500, () -> {
            done[0] = one.runHostWork(400);        // a fault worker woken now
            done[1] = one.runHostWork(2_000, 300); // one booked to start later
        });
        sim.schedule(5_000, () -> spinner.endSpin(5_000));
        sim.run();
        assertEquals(900, done[0], "now plus its CPU time, not after a spin without end");
        assertEquals(2_300, done[1]);
    }
}
