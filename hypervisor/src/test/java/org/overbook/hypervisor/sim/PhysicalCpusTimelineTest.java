package org.overbook.hypervisor.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.overbook.hypervisor.resource.ResourceSnapshot;

/**
 * The pCPUs' bookings timed by hand: host work on the pCPU that frees first, a spin that holds its pCPU and is
 * accounted to it, and CFS's wakeup granularity scaled by the CPU count. Every figure below follows from the rules
 * in {@link PhysicalCpus}'s comment, step by step.
 */
class PhysicalCpusTimelineTest {

    private static final long SLICE = 3_000_000;
    private final Simulation sim = new Simulation(3);

    /**
     * Two idle pCPUs; at 1,000 five pieces of host work arrive (the last booked to start at 1,060). Each takes the
     * pCPU free first, the lower-numbered one on a tie:
     * 100 on pCPU 0 (1,000 to 1,100); 50 on pCPU 1 (1,000 to 1,050); 30 on pCPU 1 (1,050 to 1,080, waited 50);
     * 45 on pCPU 1 (1,080 to 1,125, waited 80); 20 from 1,060: expected when the first pCPU frees, 1,100, so done at
     * 1,120, and booked at 1,060 on pCPU 0 (free at 1,100 before pCPU 1's 1,125), waiting 40.
     */
    @Test
    void hostWorkTakesThePcpuThatFreesFirst() {
        PhysicalCpus cpus = new PhysicalCpus(sim, 2, SLICE);
        long[] done = new long[5];
        sim.schedule(1_000, () -> {
            done[0] = cpus.runHostWork(100);
            done[1] = cpus.runHostWork(50);
            done[2] = cpus.runHostWork(30);
            done[3] = cpus.runHostWork(45);
            done[4] = cpus.runHostWork(1_060, 20);
        });
        sim.run();
        assertArrayEquals(new long[] {1_100, 1_050, 1_080, 1_125, 1_120}, done);
        assertArrayEquals(new long[] {100 + 20, 50 + 30 + 45}, cpus.busyNanos(), "each pCPU's busy time");
        ResourceSnapshot s = cpus.snapshot();
        assertEquals(5, s.requests());
        assertEquals(50 + 80 + 40, s.waitNanos(), "the run-queue waits of the work that found both pCPUs busy");
        assertEquals(100 + 50 + 30 + 45 + 20, s.busyNanos());
        assertEquals(2, cpus.count());
        assertTrue(cpus.contended());
    }

    @Test
    void withUnlimitedPcpusHostWorkRunsAtOnce() {
        PhysicalCpus unlimited = PhysicalCpus.unlimited(sim);
        long[] done = new long[2];
        sim.schedule(1_000, () -> {
            done[0] = unlimited.runHostWork(100);
            done[1] = unlimited.runHostWork(500, 40); // asked for a time already past: from now
        });
        sim.run();
        assertArrayEquals(new long[] {1_100, 1_040}, done);
        assertEquals(0, unlimited.count());
        assertFalse(unlimited.contended());
    }

    /**
     * One pCPU. A's task runs 0 to 100, then A spins until 2,000: the pCPU is A's meanwhile, so B, ready at 500,
     * waits until the spin ends and runs at 2,000 (a wait of 1,500); the pCPU was busy 100 + 1,900 + B's 10.
     */
    @Test
    void aSpinHoldsItsPcpuAndIsAccountedToIt() {
        PhysicalCpus one = new PhysicalCpus(sim, 1, SLICE);
        Vcpu a = new Vcpu(sim, one, false);
        Vcpu b = new Vcpu(sim, one, false);
        List<String> log = new ArrayList<>();
        sim.schedule(0, () -> a.submit(() -> {
            a.charge(100);
            a.beginSpin();
        }));
        sim.schedule(500, () -> b.submit(() -> {
            log.add("B ran at " + b.now());
            b.charge(10);
        }));
        int[] waiting = new int[1];
        sim.schedule(1_000, () -> waiting[0] = one.waiting());
        sim.schedule(2_000, () -> a.endSpin(2_000));
        sim.run();
        assertEquals(1, waiting[0], "B waits for the pCPU during the spin");
        assertEquals(2, one.snapshot().requests(), "A's task and B's each took the pCPU once");
        assertEquals(List.of("B ran at 2000"), log);
        assertEquals(1_500, b.runQueueWaitNanos());
        assertArrayEquals(new long[] {100 + 1_900 + 10}, one.busyNanos());
        assertEquals(100 + 1_900 + 10, one.snapshot().busyNanos());
    }

    /**
     * Host work goes ahead of a waiting vCPU. One pCPU: A runs a 1,000 ns task from 0; B's 100 ns task at 500 waits
     * for it; 200 ns of host work at 600 takes the pCPU when it frees, 1,000 to 1,200, and B runs after it, at 1,200
     * (a wait of 700, where it would have run at 1,000 without the host work).
     */
    @Test
    void hostWorkTakesThePcpuAheadOfAWaitingVcpu() {
        PhysicalCpus one = new PhysicalCpus(sim, 1, SLICE);
        Vcpu a = new Vcpu(sim, one, false);
        Vcpu b = new Vcpu(sim, one, false);
        long[] times = new long[2];
        sim.schedule(0, () -> a.submit(() -> a.charge(1_000)));
        sim.schedule(500, () -> b.submit(() -> {
            times[1] = b.now();
            b.charge(100);
        }));
        sim.schedule(600, () -> times[0] = one.runHostWork(200));
        sim.run();
        assertArrayEquals(new long[] {1_200, 1_200}, times, "the host work done, and B's start");
        assertEquals(700, b.runQueueWaitNanos());
        assertArrayEquals(new long[] {1_000 + 200 + 100}, one.busyNanos());
    }

    /** Host work that finds the only pCPU held by a spin preempts it: done its CPU time from now, counted once. */
    @Test
    void hostWorkPreemptsASpinAndIsCountedAsARequest() {
        PhysicalCpus one = new PhysicalCpus(sim, 1, SLICE);
        Vcpu a = new Vcpu(sim, one, false);
        sim.schedule(0, () -> a.submit(a::beginSpin));
        long[] done = new long[1];
        sim.schedule(1_000, () -> done[0] = one.runHostWork(30));
        sim.schedule(2_000, () -> a.endSpin(2_000));
        sim.run();
        assertEquals(1_030, done[0]);
        assertEquals(2, one.snapshot().requests(), "the spinning vCPU's task and the host work");
        assertArrayEquals(new long[] {2_000}, one.busyNanos(), "the spin from 0 to 2,000; the host work ran inside it");
        assertEquals(2_000, one.snapshot().busyNanos(), "the resource's busy time counts the 30 ns inside the spin once");
    }

    /**
     * CFS's wakeup granularity, 1 ms times 1 + log2(CPUs) up to 8 CPUs: a vCPU with work ready keeps its pCPU
     * (within its slice) until it has run that much longer than the waiter with the least virtual runtime. N + 1
     * CPU-bound vCPUs (100 µs tasks) start together on N pCPUs; the last waits, with no CPU time, while each of the
     * N runs: it gets a pCPU once one of them is a granularity ahead, after exactly one granularity.
     */
    @Test
    void aWaiterGetsAPcpuOnceTheRunnerIsAWakeupGranularityAhead() {
        long millisecond = 1_000_000;
        assertEquals(1 * millisecond, firstWaitOnCpus(1));
        assertEquals(2 * millisecond, firstWaitOnCpus(2));
        assertEquals(3 * millisecond, firstWaitOnCpus(4));
        assertEquals(4 * millisecond, firstWaitOnCpus(8));
        assertEquals(4 * millisecond, firstWaitOnCpus(16));
    }

    /**
     * The sleeper credit, to the task. One pCPU, 3 ms slices, 1 ms wakeup granularity, 100 µs tasks. A vCPU whose
     * task ends keeps the pCPU for its next one while its slice lasts and no waiter is a granularity behind it; one
     * that gives the pCPU up goes back into the run queue at that instant, and the pCPU goes to the least virtual
     * runtime, its own included.
     * <ul>
     *   <li>A runs alone from 0; at each slice's end (every 3 ms of its virtual runtime) it is the least virtual
     *       runtime and keeps the pCPU.</li>
     *   <li>At 1 s A's next task runs first (its drain was due before B's) and ends with no one waiting; B, asleep
     *       since the start, is placed a slice behind the least virtual runtime as it stands then: A's, 1,000 ms
     *       received (its task from 1 s has just begun), so 997 ms.</li>
     *   <li>A's task ending at 1,000.2 ms finds B 3.2 ms behind it, more than a granularity: B runs from 1,000.2 ms
     *       until its slice ends at 1,003.2 ms (its virtual runtime 1,000 ms, short of A's 1,000.2 + 1).</li>
     *   <li>B is still the least virtual runtime (1,000 against A's 1,000.2 ms) and keeps the pCPU for a new slice,
     *       until it is a granularity past A: 1.2 ms more, to 1,004.4 ms.</li>
     *   <li>A runs from 1,004.4 ms until it is a granularity past B's 1,001.2 ms: 2 ms, to 1,006.4 ms.</li>
     * </ul>
     * Placed at the least virtual runtime plus a slice instead, B would not get the pCPU before A had run another
     * 3.8 ms; not placed at all, B's virtual runtime of 0 would keep A off the pCPU for 1 s. A least taken only when
     * A's slices ended (the model until the test of a waking vCPU's placement against running ones was written) was
     * 999 ms, and B was placed at 996 ms: A ran again from 1,005.4 ms.
     */
    @Test
    void aVcpuWakingFromSleepIsPlacedOneSliceBehindTheLeastVirtualRuntime() {
        PhysicalCpus one = new PhysicalCpus(sim, 1, SLICE);
        long task = 100_000;
        long wake = 1_000_000_000L;
        List<String> switches = new ArrayList<>();
        String[] last = {""};
        Vcpu[] ab = {new Vcpu(sim, one, false), new Vcpu(sim, one, false)};
        for (int i = 0; i < 2; i++) {
            Vcpu vcpu = ab[i];
            String name = i == 0 ? "A" : "B";
            Runnable[] run = new Runnable[1];
            run[0] = () -> {
                if (!last[0].equals(name)) {
                    switches.add(name + " from " + vcpu.now());
                    last[0] = name;
                }
                vcpu.charge(task);
                vcpu.submit(run[0]);
            };
            sim.schedule(i == 0 ? 0 : wake, () -> vcpu.submit(run[0]));
        }
        sim.runUntil(wake + 8_000_000);
        long ms = 1_000_000;
        long bSlices = wake + 2 * task + 3 * ms; // B's first slice ends
        assertEquals(List.of("A from 0", "B from " + (wake + 2 * task), "A from " + (bSlices + 12 * task),
                "B from " + (bSlices + 32 * task)), switches);
    }

    /**
     * The hand-off at a slice's end, to the task: the vCPU whose slice ends goes back into the run queue at that
     * instant and the pCPU goes to the least virtual runtime, which may be its own (CFS's {@code put_prev_entity}
     * then {@code pick_next_entity}). One pCPU (wakeup granularity 1 ms, never reached here), a 250 µs slice; A runs
     * 100 µs tasks back to back, B 500 µs tasks, both from 0; a slice ends with the task that reaches 250 µs.
     * Times in µs, virtual runtimes in brackets:
     * <ul>
     *   <li>A runs from 0 (B queues at 0 behind it): tasks at 0, 100, 200; its slice ends at 300 [A 300, B 0].</li>
     *   <li>B is leftmost: its task at 300 ends the slice at 800 [B 500]. A waited from 300 in the queue, and is
     *       leftmost [A 300]: tasks at 800, 900, 1,000, to 1,100 [A 600].</li>
     *   <li>B [500] from 1,100 to 1,600 [B 1,000]; A [600] at 1,600, 1,700, 1,800, to 1,900 [A 900].</li>
     *   <li>At 1,900 A's slice ends still leftmost (900 against B's 1,000): it keeps the pCPU for a new slice, tasks
     *       at 1,900, 2,000, 2,100, to 2,200 [A 1,200].</li>
     *   <li>B [1,000] from 2,200 to 2,700 [B 1,500]; A [1,200] at 2,700, 2,800, 2,900, to 3,000 [A 1,500].</li>
     *   <li>At 3,000 A and B are level at 1,500: the tie goes to the lower id, A's, as in the run queue: A again at
     *       3,000, 3,100, 3,200, to 3,300 [A 1,800]; then B from 3,300.</li>
     * </ul>
     * B's tasks each end a slice, so a hand-off that queued the yielder in an event of its own after it (the model
     * until this test was written) let B take the pCPU back at every task's end: A waited from 300 on, for ever.
     */
    @Test
    void aVcpuWhoseSliceEndsRequeuesAtOnceAndKeepsThePcpuWhileItIsLeftmost() {
        List<String> starts = startsOnOnePcpu(250_000, 100_000, 500_000, 3_750_000);
        assertEquals(List.of("A 0", "A 100", "A 200", "B 300", "A 800", "A 900", "A 1000", "B 1100", "A 1600",
                "A 1700", "A 1800", "A 1900", "A 2000", "A 2100", "B 2200", "A 2700", "A 2800", "A 2900", "A 3000",
                "A 3100", "A 3200", "B 3300"), starts);
    }

    /**
     * The hand-off on wakeup preemption: the vCPU preempted goes back into the run queue as it gives the pCPU up, so
     * the waiter it hands the pCPU to sees it from its first task on. One pCPU, 3 ms slices, 1 ms wakeup granularity;
     * A runs 100 µs tasks, B 2 ms tasks, both from 0 (B queues behind A). Times and virtual runtimes in ms:
     * <ul>
     *   <li>A runs until B is a granularity behind it: tasks at 0, 0.1, ..., 0.9, to 1 [A 1, B 0].</li>
     *   <li>B runs from 1; its task ends at 3 [B 2], a granularity past A's 1 and within its slice: B gives the
     *       pCPU back to A.</li>
     *   <li>A [1] runs until it is a granularity past B's 2: 20 tasks, 3 to 5 [A 3]; B [2] from 5 to 7 [B 4], and
     *       so on: each runs 2 ms in turn, half the pCPU each.</li>
     * </ul>
     * A hand-off that queued A in an event of its own after it (the model until this test was written) let B's first
     * task find no one waiting and run a second (3 to 5), to its slice's end: B took 4 ms a turn to A's 3.
     */
    @Test
    void aVcpuPreemptedOnWakeupIsInTheQueueWhenTheWaitersFirstTaskEnds() {
        PhysicalCpus one = new PhysicalCpus(sim, 1, SLICE);
        List<String> starts = new ArrayList<>();
        Vcpu a = cpuBound(one, "A", 100_000, starts);
        Vcpu b = cpuBound(one, "B", 2_000_000, starts);
        sim.runUntil(8_450_000);
        List<String> expected = new ArrayList<>();
        for (int k = 0; k < 10; k++) {
            expected.add("A " + 100 * k);
        }
        expected.add("B 1000");
        for (int k = 0; k < 20; k++) {
            expected.add("A " + (3_000 + 100 * k));
        }
        expected.add("B 5000");
        for (int k = 0; k < 15; k++) {
            expected.add("A " + (7_000 + 100 * k));
        }
        assertEquals(expected, starts);
        assertEquals(1_000_000 + 2_000_000 + 1_500_000, a.busyNanos());
        assertEquals(2 * 2_000_000, b.busyNanos());
    }

    /**
     * A tie between equal virtual runtimes goes to the lower id whichever of the two is asking: here the waiter. One
     * pCPU, a 300 µs slice (wakeup granularity 1 ms, never reached); A (the lower id) and B run 100 µs tasks back to
     * back from 0. Times in µs, virtual runtimes in brackets:
     * <ul>
     *   <li>A runs from 0 (B queues behind it): tasks at 0, 100, 200; its slice ends at 300 [A 300, B 0], and B, the
     *       least, takes the pCPU: 300, 400, 500.</li>
     *   <li>At 600 B's slice ends level with A, who waits [A 300, B 300]: the pCPU goes to A, the lower id, and B
     *       waits in its turn: A at 600, 700, 800; B at 900, 1,000, 1,100; level again at 1,200, and A.</li>
     * </ul>
     * A comparison that put B, the yielder, first on a tie would let B keep the pCPU at 600 for a second slice.
     * ({@link #aVcpuWhoseSliceEndsRequeuesAtOnceAndKeepsThePcpuWhileItIsLeftmost} has the other tie: the yielder is
     * the lower id.)
     */
    @Test
    void aTieBetweenEqualVirtualRuntimesGoesToTheLowerIdWhenItIsTheWaiter() {
        List<String> starts = startsOnOnePcpu(300_000, 100_000, 100_000, 1_250_000);
        assertEquals(List.of("A 0", "A 100", "A 200", "B 300", "B 400", "B 500", "A 600", "A 700", "A 800", "B 900",
                "B 1000", "B 1100", "A 1200"), starts);
    }

    /**
     * A vCPU that kept its pCPU for its next tasks and then has none hands the pCPU to the vCPU waiting for it. One
     * pCPU, 3 ms slices: A is given three 100 µs tasks at 0, B one at 50 µs. B waits while A keeps the pCPU (B is not
     * a granularity behind it); A's third task ends at 300 with nothing after it, and B runs then, having waited 250.
     */
    @Test
    void aVcpuThatRunsOutOfWorkHandsItsKeptPcpuToTheWaiter() {
        PhysicalCpus one = new PhysicalCpus(sim, 1, SLICE);
        Vcpu a = new Vcpu(sim, one, false);
        Vcpu b = new Vcpu(sim, one, false);
        List<String> starts = new ArrayList<>();
        sim.schedule(0, () -> {
            for (int k = 0; k < 3; k++) {
                a.submit(() -> {
                    starts.add("A " + a.now());
                    a.charge(100);
                });
            }
        });
        sim.schedule(50, () -> b.submit(() -> {
            starts.add("B " + b.now());
            b.charge(100);
        }));
        sim.run();
        assertEquals(List.of("A 0", "A 100", "A 200", "B 300"), starts);
        assertEquals(250, b.runQueueWaitNanos());
    }

    /**
     * A dispatch hands out as many pCPUs as vCPUs wait, and leaves the rest free. Two pCPUs: A and B each run one
     * 1,000 ns task from 0, one on each; C's 100 ns task at 500 waits for both. At 1,000 both free at once: C takes
     * the first, pCPU 0, and pCPU 1 stays idle.
     */
    @Test
    void aDispatchWithMorePcpusFreeThanWaitersHandsOutOneAWaiter() {
        PhysicalCpus two = new PhysicalCpus(sim, 2, SLICE);
        Vcpu a = new Vcpu(sim, two, false);
        Vcpu b = new Vcpu(sim, two, false);
        Vcpu c = new Vcpu(sim, two, false);
        long[] cStart = new long[1];
        sim.schedule(0, () -> a.submit(() -> a.charge(1_000)));
        sim.schedule(0, () -> b.submit(() -> b.charge(1_000)));
        sim.schedule(500, () -> c.submit(() -> {
            cStart[0] = c.now();
            c.charge(100);
        }));
        sim.run();
        assertEquals(1_000, cStart[0]);
        assertEquals(500, c.runQueueWaitNanos());
        assertArrayEquals(new long[] {1_000 + 100, 1_000}, two.busyNanos(), "C on pCPU 0, the first free");
        assertEquals(0, two.waiting());
    }

    /**
     * A vCPU goes back to the pCPU it last ran on when that one is free, not to the first free one. Two pCPUs, 300 µs
     * slices: A runs one 100 µs task from 0 on pCPU 0; B, CPU-bound with 100 µs tasks from 0, finds pCPU 0 taken and
     * runs on pCPU 1. At each of B's slice ends (300, 600, 900 µs) B yields with no one waiting and takes the pCPU
     * again: pCPU 1, its own, though pCPU 0 has been free since 100 µs. So pCPU 0 served A's 100 µs and pCPU 1 all of
     * B's.
     */
    @Test
    void aVcpuGoesBackToThePcpuItLastRanOnWhileThatOneIsFree() {
        PhysicalCpus two = new PhysicalCpus(sim, 2, 300_000);
        Vcpu a = new Vcpu(sim, two, false);
        sim.schedule(0, () -> a.submit(() -> a.charge(100_000)));
        Vcpu b = cpuBound(two, "B", 100_000, new ArrayList<>());
        sim.runUntil(1_050_000);
        assertEquals(11 * 100_000, b.busyNanos(), "B's tasks from 0 to 1,000 µs, each charged as it starts");
        assertArrayEquals(new long[] {100_000, 11 * 100_000}, two.busyNanos());
    }

    /**
     * A vCPU that wakes is placed against the least virtual runtime as it stands at that instant, the vCPUs on the pCPUs
     * included, each at the CPU time it has received so far: CFS brings the running entity's virtual runtime up to date
     * ({@code update_curr}) before it places a waking one ({@code place_entity}), and its {@code min_vruntime} never
     * passes the running entity's ({@code update_min_vruntime}). Two pCPUs, 3 ms slices, a 2 ms wakeup granularity (1 ms
     * scaled for 2 CPUs). Y runs 100 µs tasks back to back from 0; X runs one 20 ms task from 0, on the other pCPU; Z
     * wakes at 5.05 ms and then runs 100 µs tasks back to back. Times and virtual runtimes in ms:
     * <ul>
     *   <li>At 5.05 X has received 5.05 of its task, and Y 5.05 (its task from 5 to 5.1 is half done): Z, new, is
     *       placed a slice behind that least [Z 2.05]. Both pCPUs are taken: Z waits.</li>
     *   <li>Y's task ending at 5.2 leaves it more than a granularity past Z [Y 5.2]: Z runs from 5.2.</li>
     *   <li>Z's slice ends at 8.2 [Z 5.05] left of Y, so it keeps the pCPU for a new slice, until it is a granularity
     *       past Y: its 22nd task ends at 10.4 [Z 7.25]. Then a slice each, as each ends left of the other: Y from 10.4
     *       to 13.4 [Y 8.2], Z to 16.4 [Z 10.25], Y to 19.4 [Y 11.2], Z from 19.4.</li>
     * </ul>
     * Counting X's whole task as received at 0 (the model until this test was written: a task's CPU is charged as it
     * starts, and the least was taken from the vCPU giving its pCPU up and the run queue's head only) put the least at
     * 20 ms from the start, 15 ms past Y: Z was placed at 17 ms and first ran at 18 ms, when a slice of Y's ended with
     * Y past it.
     */
    @Test
    void aWakingVcpuIsPlacedAgainstTheCpuTimeTheRunningVcpusHaveReceivedSoFar() {
        PhysicalCpus two = new PhysicalCpus(sim, 2, SLICE);
        Switches switches = new Switches();
        Vcpu y = new Vcpu(sim, two, false);
        Vcpu x = new Vcpu(sim, two, false);
        Vcpu z = new Vcpu(sim, two, false);
        sim.schedule(0, () -> y.submit(switches.backToBack(y, "Y", Long.MAX_VALUE)));
        sim.schedule(0, () -> x.submit(() -> x.charge(20_000_000)));
        sim.schedule(5_050_000, () -> z.submit(switches.backToBack(z, "Z", Long.MAX_VALUE)));
        sim.runUntil(19_450_000);
        assertEquals(List.of("Y 0", "Z 5200", "Y 10400", "Z 13400", "Y 16400", "Z 19400"), switches.log);
        assertEquals(150_000 + 3_000_000 + 3_000_000, z.runQueueWaitNanos(), "Z waits 5.05 to 5.2, 10.4 to 13.4, 16.4 to 19.4");
    }

    /**
     * A vCPU whose task ends at the very instant another wakes counts in the least with the whole of that task, as CFS
     * brings an entity up to date ({@code update_curr}) before it leaves the queue. One pCPU, 3 ms slices, a 1 ms wakeup
     * granularity. A runs one 5 ms task from 0; at 5 ms B wakes for the first time, then A again, each to run 100 µs
     * tasks back to back. Times and virtual runtimes in ms:
     * <ul>
     *   <li>B is placed a slice behind A's 5: at 2. It takes the free pCPU and A waits [A 5].</li>
     *   <li>B's slice ends at 8 [B 5], level with A: the tie goes to A, the lower id, which runs until it is a
     *       granularity past B, at 9 [A 6]; B from 9.</li>
     * </ul>
     * Leaving A out of the least as its task ends put B at 0, a slice further back: B kept the pCPU until 11.
     */
    @Test
    void aVcpuWhoseTaskEndsAsAnotherWakesCountsWithAllItsCpu() {
        PhysicalCpus one = new PhysicalCpus(sim, 1, SLICE);
        Switches switches = new Switches();
        Vcpu a = new Vcpu(sim, one, false);
        Vcpu b = new Vcpu(sim, one, false);
        sim.schedule(0, () -> a.submit(() -> {
            switches.started(a, "A");
            a.charge(5_000_000);
        }));
        sim.schedule(5_000_000, () -> b.submit(switches.backToBack(b, "B", Long.MAX_VALUE)));
        sim.schedule(5_000_000, () -> a.submit(switches.backToBack(a, "A", Long.MAX_VALUE)));
        sim.runUntil(9_050_000);
        assertEquals(List.of("A 0", "B 5000", "A 8000", "B 9000"), switches.log);
    }

    /**
     * The least virtual runtime keeps what it was when every vCPU has gone to sleep; a vCPU that went to sleep was last
     * counted as its last task started. One pCPU, 3 ms slices, a 1 ms wakeup granularity. A runs 100 µs tasks back to
     * back from 0 to 10 ms, then sleeps; at 20 ms B wakes for the first time, then A again, each to run 100 µs tasks
     * back to back. Times and virtual runtimes in ms:
     * <ul>
     *   <li>A's last task, from 9.9, starts with A at 9.9 received: the least stays 9.9 while no vCPU runs. B is placed a
     *       slice behind it, at 6.9, and takes the free pCPU; A, at 10, waits.</li>
     *   <li>B's slice ends at 23 [B 9.9], left of A: a new slice, until it is a granularity past A, at 24.1 [B 11]; A
     *       from 24.1.</li>
     * </ul>
     * (CFS would count A's last task whole as A went to sleep, at 10: the least lags it by that task, 0.1 ms.) A least
     * brought up to date only as vCPUs wake found none running at 20 ms and had stayed at 0: B kept the pCPU until 31.
     */
    @Test
    void theLeastVirtualRuntimeKeepsWhatItWasWhileEveryVcpuSleeps() {
        PhysicalCpus one = new PhysicalCpus(sim, 1, SLICE);
        Switches switches = new Switches();
        Vcpu a = new Vcpu(sim, one, false);
        Vcpu b = new Vcpu(sim, one, false);
        sim.schedule(0, () -> a.submit(switches.backToBack(a, "A", 10_000_000)));
        sim.schedule(20_000_000, () -> b.submit(switches.backToBack(b, "B", Long.MAX_VALUE)));
        sim.schedule(20_000_000, () -> a.submit(switches.backToBack(a, "A", Long.MAX_VALUE)));
        sim.runUntil(24_150_000);
        assertEquals(List.of("A 0", "B 20000", "A 24100"), switches.log);
    }

    /** A log of "NAME µs" each time a task starts on a vCPU other than the one whose task started last. */
    private static final class Switches {

        final List<String> log = new ArrayList<>();
        private String last = "";

        void started(Vcpu vcpu, String name) {
            if (!last.equals(name)) {
                log.add(name + " " + vcpu.now() / 1_000);
                last = name;
            }
        }

        /** Returns a 100 µs task of {@code vcpu} that submits itself again while the vCPU's clock is before {@code until}. */
        Runnable backToBack(Vcpu vcpu, String name, long until) {
            Runnable[] run = new Runnable[1];
            run[0] = () -> {
                started(vcpu, name);
                vcpu.charge(100_000);
                if (vcpu.now() < until) {
                    vcpu.submit(run[0]);
                }
            };
            return run[0];
        }
    }

    /**
     * Host work that finds every pCPU kept for its vCPU's next task takes the one that frees first, and that vCPU's next
     * task waits for it in the run queue, as a waiting vCPU waits for host work: a pCPU does one thing at a time. Two
     * pCPUs: A runs 100 µs tasks back to back from 0, B from 50 µs; each keeps its pCPU, as no one waits. At 120 µs 30 µs
     * of host work arrives: A's pCPU frees at 200, B's at 150, so it runs on B's from 150 to 180, and B's next task, due
     * at 150, runs at 180 (a wait of 30) and its tasks go on from there; A's are untouched.
     */
    @Test
    void hostWorkFindingEveryPcpuKeptForItsVcpuTakesTheOneThatFreesFirstAndThatVcpuWaits() {
        PhysicalCpus two = new PhysicalCpus(sim, 2, SLICE);
        List<String> starts = new ArrayList<>();
        cpuBound(two, "A", 100_000, 0, starts);
        Vcpu b = cpuBound(two, "B", 100_000, 50_000, starts);
        long[] done = new long[1];
        sim.schedule(120_000, () -> done[0] = two.runHostWork(30_000));
        sim.runUntil(390_000);
        assertEquals(180_000, done[0], "the host work, on B's pCPU from 150 µs");
        assertEquals(List.of("A 0", "B 50", "A 100", "B 180", "A 200", "B 280", "A 300", "B 380"), starts);
        assertEquals(30_000, b.runQueueWaitNanos());
        assertArrayEquals(new long[] {4 * 100_000, 4 * 100_000 + 30_000}, two.busyNanos(),
                "A on pCPU 0, B and the host work on pCPU 1");
    }

    /**
     * Of two kept pCPUs that free at the same instant, host work takes the lower-numbered, as on every tie between
     * pCPUs. Two pCPUs: A (pCPU 0) and B (pCPU 1) each run 100 µs tasks back to back from 0; 30 µs of host work at 50 µs
     * finds both kept and both free at 100: it runs on pCPU 0 from 100 to 130, and A's next task waits for it.
     */
    @Test
    void hostWorkFindingTwoKeptPcpusFreeAtOnceTakesTheLowerNumbered() {
        PhysicalCpus two = new PhysicalCpus(sim, 2, SLICE);
        List<String> starts = new ArrayList<>();
        cpuBound(two, "A", 100_000, starts);
        cpuBound(two, "B", 100_000, starts);
        long[] done = new long[1];
        sim.schedule(50_000, () -> done[0] = two.runHostWork(30_000));
        sim.runUntil(250_000);
        assertEquals(130_000, done[0]);
        assertEquals(List.of("A 0", "B 0", "B 100", "A 130", "B 200", "A 230"), starts);
    }

    /**
     * Runs A and B (A the lower id), each with tasks of its own length back to back from 0, on one pCPU with the slice
     * given, until {@code until}; returns each task's start as "NAME µs".
     */
    private List<String> startsOnOnePcpu(long slice, long taskA, long taskB, long until) {
        PhysicalCpus one = new PhysicalCpus(sim, 1, slice);
        List<String> starts = new ArrayList<>();
        cpuBound(one, "A", taskA, starts);
        cpuBound(one, "B", taskB, starts);
        sim.runUntil(until);
        return starts;
    }

    /** Starts a vCPU on {@code cpus} running tasks of {@code task} ns back to back from 0; logs "NAME µs" at each. */
    private Vcpu cpuBound(PhysicalCpus cpus, String name, long task, List<String> starts) {
        return cpuBound(cpus, name, task, 0, starts);
    }

    /** Starts a vCPU on {@code cpus} running tasks of {@code task} ns back to back from {@code from}; logs as above. */
    private Vcpu cpuBound(PhysicalCpus cpus, String name, long task, long from, List<String> starts) {
        Vcpu vcpu = new Vcpu(sim, cpus, false);
        Runnable[] run = new Runnable[1];
        run[0] = () -> {
            starts.add(name + " " + vcpu.now() / 1_000);
            vcpu.charge(task);
            vcpu.submit(run[0]);
        };
        sim.schedule(from, () -> vcpu.submit(run[0]));
        return vcpu;
    }

    @Test
    void aTimeSliceMustBePositive() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new PhysicalCpus(sim, 1, 0));
        assertEquals("a time slice must be positive, not 0 ns", e.getMessage());
    }

    /** Returns when the one vCPU that found no free pCPU first ran, N + 1 CPU-bound vCPUs starting at 0 on N pCPUs. */
    private static long firstWaitOnCpus(int n) {
        Simulation sim = new Simulation(3);
        PhysicalCpus cpus = new PhysicalCpus(sim, n, 100 * SLICE);
        long[] firstRun = new long[n + 1];
        Arrays.fill(firstRun, -1);
        for (int i = 0; i <= n; i++) {
            Vcpu vcpu = new Vcpu(sim, cpus, false);
            int index = i;
            Runnable[] task = new Runnable[1];
            task[0] = () -> {
                if (firstRun[index] < 0) {
                    firstRun[index] = vcpu.now();
                }
                vcpu.charge(100_000);
                vcpu.submit(task[0]);
            };
            sim.schedule(0, () -> vcpu.submit(task[0]));
        }
        sim.runUntil(10_000_000);
        for (int i = 0; i < n; i++) {
            assertEquals(0, firstRun[i], "vCPU " + i + " of " + (n + 1) + " found a free pCPU at once");
        }
        return firstRun[n];
    }
}
