package org.overbook.hypervisor.sim;

import java.util.Arrays;

/**
 * The host's one run queue of vCPUs waiting for a pCPU, and its least virtual runtime: what CFS keeps in a
 * {@code cfs_rq} [1] (the tree of waiting entities, {@code min_vruntime}, and the entity on the queue's CPU),
 * for {@link PhysicalCpus}, which decides who waits and who runs.
 *
 * <p>Design. The waiters are a binary min-heap ordered by virtual runtime (CPU time received), equal ones by the
 * vCPUs' ids: its head is CFS's leftmost entity. The least virtual runtime is CFS's {@code min_vruntime} for the
 * one queue: never lowered, and brought up to date ({@link #updateLeast}) as the least of the queue's head and of
 * the vCPUs on the pCPUs (CFS counts the entity running on its queue's CPU; the one queue here serves every pCPU),
 * each at the CPU time it has received by then (a task's CPU is charged as the task starts; the part still to
 * come does not count yet). Each pCPU records the vCPU that ran on it last ({@link #ranOn}); a vCPU that goes to
 * sleep is counted last as its last task starts, so the least may lag CFS's by that task's CPU, and never runs
 * ahead of a vCPU on a pCPU.
 *
 * <p>[1] Linux, kernel/sched/fair.c: {@code __enqueue_entity} and {@code __pick_first_entity} (the tree and its
 * leftmost), {@code update_min_vruntime} (the least of the running entity and the tree's leftmost, never lowered),
 * as it was before EEVDF (6.6).
 */
final class RunQueue {

    private final Vcpu[] ranLast;
    private Vcpu[] heap = new Vcpu[16];
    private int size;
    private long least;

    /** @param cpus the pCPUs the queue serves */
    RunQueue(int cpus) {
        this.ranLast = new Vcpu[cpus];
    }

    int size() {
        return size;
    }

    /** Returns the waiter with the least virtual runtime; the queue must not be empty. */
    Vcpu head() {
        return heap[0];
    }

    /** Returns whether {@code vcpu} would be the leftmost: the queue is empty or it comes before the head. */
    boolean wouldLead(Vcpu vcpu) {
        return size == 0 || before(vcpu, heap[0]);
    }

    /** Returns the least virtual runtime as {@link #updateLeast} last left it. */
    long least() {
        return least;
    }

    /**
     * Records that {@code vcpu}'s last task, charged to its {@code vruntime} and ending at its {@code lastEnd}, ran
     * on {@code cpu}.
     */
    void ranOn(int cpu, Vcpu vcpu) {
        ranLast[cpu] = vcpu;
    }

    /**
     * Brings the least virtual runtime up to {@code now}, as CFS's {@code update_min_vruntime} does after {@code
     * update_curr}: the least of the queue's head and of every vCPU whose task is on a pCPU at {@code now}, that one
     * at the CPU time it has received by then (a task's CPU is charged to its vCPU as the task starts, so the part
     * still to come is taken off). Never lowered; unchanged when no vCPU runs or waits.
     */
    void updateLeast(long now) {
        long candidate = size == 0 ? Long.MAX_VALUE : heap[0].vruntime;
        for (Vcpu running : ranLast) {
            if (running != null && running.lastEnd >= now) {
                candidate = Math.min(candidate, running.vruntime - (running.lastEnd - now));
            }
        }
        if (candidate != Long.MAX_VALUE) {
            least = Math.max(least, candidate);
        }
    }

    // ---- the heap by (vruntime, id) ----

    void add(Vcpu vcpu) {
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
        }
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!before(vcpu, heap[parent])) {
                break;
            }
            heap[i] = heap[parent];
            i = parent;
        }
        heap[i] = vcpu;
    }

    /** Removes and returns the head; the queue must not be empty. */
    Vcpu poll() {
        Vcpu head = heap[0];
        Vcpu last = heap[--size];
        heap[size] = null;
        int i = 0;
        while (true) {
            int child = 2 * i + 1;
            if (child >= size) {
                break;
            }
            if (child + 1 < size && before(heap[child + 1], heap[child])) {
                child++;
            }
            if (!before(heap[child], last)) {
                break;
            }
            heap[i] = heap[child];
            i = child;
        }
        if (size > 0) {
            heap[i] = last;
        }
        return head;
    }

    private static boolean before(Vcpu a, Vcpu b) {
        return a.vruntime < b.vruntime || (a.vruntime == b.vruntime && a.id < b.id);
    }
}
