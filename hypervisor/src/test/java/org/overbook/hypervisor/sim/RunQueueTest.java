package org.overbook.hypervisor.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Comparator;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/**
 * The run queue: its waiters leave in (virtual runtime, id) order, as {@link PriorityQueue} orders them, and its
 * least virtual runtime is the least of the head and of the vCPUs on pCPUs at the CPU they have received by then,
 * never lowered.
 */
class RunQueueTest {

    private final Simulation sim = new Simulation(1);
    private final PhysicalCpus cpus = new PhysicalCpus(sim, 2, 3_000_000);

    private Vcpu vcpu(long vruntime) {
        Vcpu vcpu = new Vcpu(sim, cpus, false);
        vcpu.vruntime = vruntime;
        return vcpu;
    }

    @Property(tries = 200, seed = "20261127")
    void waitersLeaveInVirtualRuntimeThenIdOrder(@ForAll @LongRange(min = 1, max = Long.MAX_VALUE) long seed,
                                                 @ForAll @IntRange(min = 1, max = 64) int spread) {
        SplittableRandom random = new SplittableRandom(seed);
        RunQueue queue = new RunQueue(2);
        PriorityQueue<Vcpu> reference = new PriorityQueue<>(
                Comparator.<Vcpu>comparingLong(v -> v.vruntime).thenComparingInt(v -> v.id));
        for (int step = 0; step < 500; step++) {
            String context = "seed " + seed + ", step " + step;
            if (reference.isEmpty() || random.nextInt(3) > 0) {
                Vcpu vcpu = vcpu(random.nextInt(spread));
                assertEquals(reference.isEmpty() || reference.comparator().compare(vcpu, reference.peek()) < 0,
                        queue.wouldLead(vcpu), context);
                reference.add(vcpu);
                queue.add(vcpu);
            } else {
                assertSame(reference.peek(), queue.head(), context);
                assertSame(reference.poll(), queue.poll(), context);
            }
            assertEquals(reference.size(), queue.size(), context);
        }
    }

    @Test
    void leastIsTheHeadOrARunningVcpuAtTheCpuReceivedSoFarAndNeverLowered() {
        RunQueue queue = new RunQueue(2);
        queue.updateLeast(0);
        assertEquals(0, queue.least(), "nothing runs or waits: unchanged");

        Vcpu running = vcpu(10_000);    // a task of 4 µs charged at its start, ending at 5 µs
        running.lastEnd = 5_000;
        queue.ranOn(0, running);
        Vcpu waiting = vcpu(9_000);
        queue.add(waiting);
        queue.updateLeast(2_000);       // 1 µs into the task: 10 000 − (5 000 − 2 000)
        assertEquals(7_000, queue.least());
        queue.updateLeast(4_000);       // the head is now the least
        assertEquals(9_000, queue.least());

        queue.poll();
        queue.updateLeast(6_000);       // the task ended, no one waits: unchanged
        assertEquals(9_000, queue.least());

        Vcpu behind = vcpu(1_000);
        queue.add(behind);
        queue.updateLeast(6_000);       // a waiter behind the least does not lower it
        assertEquals(9_000, queue.least());
        assertTrue(queue.wouldLead(vcpu(0)));
    }
}
