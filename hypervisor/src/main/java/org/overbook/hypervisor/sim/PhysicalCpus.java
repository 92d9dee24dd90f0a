package org.overbook.hypervisor.sim;

import org.overbook.hypervisor.resource.ResourceSnapshot;
import org.overbook.hypervisor.resource.ResourceStats;

/**
 * A host's physical CPUs and the fair scheduler that shares them among vCPUs and host threads.
 *
 * <p>Design. Each vCPU is a thread of the host, as in KVM, and runs only while it holds a pCPU. The
 * scheduler is work-conserving and fair in the manner of Linux's CFS [1]: a vCPU that wants to run and
 * finds a free pCPU runs at once; otherwise it waits in one run queue ordered by virtual runtime (CPU
 * time received; equal ones by the vCPUs' ids), and a pCPU that frees up takes the vCPU that has received
 * least. A vCPU waking from sleep is placed no further back than the least virtual runtime less one slice
 * (CFS's sleeper credit), so it does not hoard credit while idle. The least is CFS's {@code min_vruntime},
 * brought up to date when a vCPU wakes and when one gives its pCPU up; the {@link RunQueue} keeps it, and says
 * how. A vCPU with back-to-back work keeps its pCPU
 * for up to one time slice ({@code host.cpu-slice}, 3 ms: CFS's minimum granularity on 8 or more CPUs and
 * EEVDF's base slice [1]), or until a waiter has received a wakeup granularity less than it (CFS's wakeup
 * preemption, 1 ms scaled as the kernel scales it); then it yields. A vCPU yields as CFS's {@code schedule()}
 * does after {@code check_preempt_tick} or wakeup preemption [1]: at the instant its task ends it goes back
 * into the run queue ({@code put_prev_entity}) and the pCPU goes to the leftmost vCPU ({@code
 * pick_next_entity}), all within that instant's one event; the leftmost may be the yielder itself, which
 * then keeps the pCPU for a new slice. A vCPU that wakes as a pCPU frees goes through the same pick: a
 * waiter that has received less takes the pCPU.
 *
 * <p>What the model leaves out, and why. A vCPU's handler runs to completion in one event (it is a
 * few microseconds of guest work), so preemption happens between handlers, never inside one. A
 * handler's I/O stalls (a major fault waiting for the swap device) release the pCPU: the pCPU is
 * charged only the handler's CPU time, so another vCPU can use the time the handler spent waiting;
 * the handler's continuation after the I/O is not delayed by the run queue. Host threads (kswapd, the
 * NIC driver's fault workers) submit work of known length ({@link #runHostWork}); it takes the pCPU
 * that frees first, ahead of waiting vCPUs, as kernel threads woken for I/O preempt user threads, though not one
 * kept for a vCPU's next task while another will do. When every pCPU is kept so, it takes the one that frees first,
 * and that vCPU's next task waits for it in the run queue: a pCPU does one thing at a time. When every
 * pCPU is held by a busy-waiting vCPU, host work preempts a spin (the woken kernel thread runs; the spin, which
 * does no work, is not lengthened), rather than wait for a spin that may itself wait for that work.
 * There is one run queue for all pCPUs (no per-CPU queues and load balancing). Equal virtual runtimes go to
 * the lower id, the yielder's included, where the kernel's tree puts the entity queued last behind its equals.
 *
 * <p>With {@code count == 0} the host has as many pCPUs as it needs: nothing waits and nothing is
 * accounted beyond each vCPU's own busy time.
 *
 * <p>[1] Linux, kernel/sched/fair.c: {@code sysctl_sched_min_granularity}, {@code
 * sysctl_sched_wakeup_granularity}, {@code place_entity} as it was before EEVDF (6.6: a waking entity no further
 * back than {@code min_vruntime} less half of {@code sysctl_sched_latency}, 3 ms before the kernel scales it by
 * the CPU count), {@code enqueue_entity} ({@code update_curr}, which brings the running entity's virtual runtime
 * up to now, before {@code place_entity}), {@code check_preempt_tick} (the slice's end),
 * {@code put_prev_entity} and {@code pick_next_entity} (the current task is picked again only if it is
 * still left of the leftmost waiter), and the EEVDF base slice ({@code sysctl_sched_base_slice}, 3 ms with
 * 8 or more CPUs).
 */
public final class PhysicalCpus {

    /** CFS's base wakeup granularity, 1 ms, before scaling by the CPU count. */
    private static final long BASE_WAKEUP_GRANULARITY = 1_000_000;

    private final Simulation simulation;
    private final int count;
    private final long slice;
    private final long wakeupGranularity;
    private final long[] freeAt;
    private final long[] busy;
    private final Vcpu[] reservedFor;
    private final Vcpu[] yieldedBy;
    private final ResourceStats stats;
    private final RunQueue queue;
    private long dispatchAt = Long.MAX_VALUE;
    private final Action dispatch = new Action() {
        @Override
        public void run() {
            dispatch();
        }
    };
    private int nextId;

    /**
     * @param count pCPUs; 0 for as many as the vCPUs need (nothing is contended)
     * @param slice the time slice in nanoseconds
     */
    public PhysicalCpus(Simulation simulation, int count, long slice) {
        if (count < 0) {
            throw new IllegalArgumentException("a host cannot have " + count + " CPUs");
        }
        if (slice <= 0) {
            throw new IllegalArgumentException("a time slice must be positive, not " + slice + " ns");
        }
        this.simulation = simulation;
        this.count = count;
        this.slice = slice;
        int factor = 1 + (31 - Integer.numberOfLeadingZeros(Math.max(1, Math.min(count, 8))));
        this.wakeupGranularity = BASE_WAKEUP_GRANULARITY * factor;
        this.freeAt = new long[count];
        this.busy = new long[count];
        this.reservedFor = new Vcpu[count];
        this.yieldedBy = new Vcpu[count];
        this.queue = new RunQueue(count);
        this.stats = new ResourceStats("cpu", Math.max(1, count));
    }

    /** Returns a host with as many pCPUs as its vCPUs need. */
    public static PhysicalCpus unlimited(Simulation simulation) {
        return new PhysicalCpus(simulation, 0, 3_000_000);
    }

    /** Returns the number of pCPUs; 0 when unlimited. */
    public int count() {
        return count;
    }

    /** Returns whether vCPUs can wait for a pCPU. */
    public boolean contended() {
        return count > 0;
    }

    /** Returns CPU time each pCPU has served so far. */
    public long[] busyNanos() {
        return busy.clone();
    }

    /** Returns how many vCPUs wait for a pCPU now. */
    public int waiting() {
        return queue.size();
    }

    /** Returns the CPUs' accounting: busy time, dispatches and their run-queue waits. */
    public ResourceSnapshot snapshot() {
        return stats.snapshot();
    }

    int register() {
        return nextId++;
    }

    // ---- vCPUs ----

    /**
     * A vCPU wants to run its next task now. Returns the pCPU it runs on, or -1 if it must wait: it is then
     * queued, and {@link Vcpu#runOn(int)} starts it when a pCPU is handed to it. A vCPU that yielded its pCPU
     * comes here as the task it yielded after ends: it takes the pCPU again if it is the leftmost, ahead of every
     * waiter; otherwise it is queued and the pCPU goes to the leftmost waiter, within this call.
     */
    int acquire(Vcpu vcpu) {
        if (count == 0) {
            return 0;
        }
        long now = simulation.now();
        int last = vcpu.lastCpu;
        if (last >= 0 && reservedFor[last] == vcpu) {
            reservedFor[last] = null;
            return last;
        }
        if (last >= 0 && yieldedBy[last] == vcpu) {
            yieldedBy[last] = null; // it yields now, its task over (put_prev_entity): it is picked as any waiter is
        } else if (vcpu.lastEnd < now) { // it slept: CFS's sleeper credit, no more
            queue.updateLeast(now);
            vcpu.vruntime = Math.max(vcpu.vruntime, queue.least() - slice);
        }
        if (queue.wouldLead(vcpu)) { // it would be the leftmost: it takes a free pCPU
            int cpu = freeCpu(last, now);
            if (cpu >= 0) {
                stats.record(0, 0);
                return cpu;
            }
        }
        vcpu.enqueuedAt = now;
        vcpu.sliceUsed = 0;
        vcpu.queuedForCpu = true;
        queue.add(vcpu);
        handOut(now);
        return -1;
    }

    /**
     * A vCPU finished a task on {@code cpu} that started at {@code start} and used {@code cpuNanos} of CPU;
     * {@code readyAgain} says whether it has another task ready the moment this one ends (no I/O stall in
     * between), in which case it may keep the pCPU for the rest of its slice.
     */
    void release(Vcpu vcpu, int cpu, long start, long cpuNanos, boolean readyAgain) {
        if (count == 0) {
            return; // nothing reads a vCPU's scheduler state when pCPUs are unlimited: its lines stay clean
        }
        vcpu.vruntime += cpuNanos;
        vcpu.lastCpu = cpu;
        vcpu.lastEnd = start + cpuNanos;
        queue.ranOn(cpu, vcpu);
        freeAt[cpu] = start + cpuNanos;
        busy[cpu] += cpuNanos;
        stats.addBusy(cpuNanos);
        vcpu.sliceUsed += cpuNanos;
        if (readyAgain && vcpu.sliceUsed < slice
                && (queue.size() == 0 || queue.head().vruntime + wakeupGranularity > vcpu.vruntime)) {
            reservedFor[cpu] = vcpu;
            return;
        }
        vcpu.sliceUsed = 0;
        queue.updateLeast(simulation.now());
        if (readyAgain) {
            yieldedBy[cpu] = vcpu; // it requeues as the task ends, and hands the pCPU on then (acquire)
        } else if (queue.size() > 0) {
            scheduleDispatch();
        }
    }

    /** A vCPU busy-waits on {@code cpu} until {@link #endSpin}: no one else may use it. */
    void beginSpin(int cpu) {
        if (count > 0 && cpu >= 0) {
            freeAt[cpu] = Long.MAX_VALUE;
        }
    }

    /** Ends a busy-wait on {@code cpu} begun at {@code from}, at {@code to}. */
    void endSpin(int cpu, long from, long to) {
        if (count > 0 && cpu >= 0) {
            freeAt[cpu] = to;
            busy[cpu] += to - from;
            stats.addBusy(to - from);
            if (queue.size() > 0) {
                scheduleDispatch();
            }
        }
    }

    // ---- host threads ----

    /**
     * Runs {@code cpuNanos} of host work (kswapd, a fault worker) from now on the pCPU that frees first;
     * returns when it is done. Unlimited CPUs run it at once.
     */
    public long runHostWork(long cpuNanos) {
        return runHostWork(simulation.now(), cpuNanos);
    }

    /**
     * Runs {@code cpuNanos} of host work from {@code at} (now or later) on the pCPU free first from then, and
     * returns when it is expected to be done. Work that starts later is booked when its time comes, so no
     * pCPU is held idle for it meanwhile; the time returned is the one the pCPUs' bookings give now (a
     * handler's continuation after I/O is likewise not delayed by what the run queue does in between).
     */
    public long runHostWork(long at, long cpuNanos) {
        long now = simulation.now();
        if (count == 0) {
            return Math.max(at, now) + cpuNanos;
        }
        if (at > now) {
            simulation.scheduleAt(at, new Action() {
                @Override
                public void run() {
                    book(cpuNanos);
                }
            });
            long free = earliestFree();
            return (free == Long.MAX_VALUE ? at : Math.max(at, free)) + cpuNanos; // every pCPU spinning: preempts one
        }
        return book(cpuNanos);
    }

    private long book(long cpuNanos) {
        long now = simulation.now();
        int best = -1;
        long bestStart = Long.MAX_VALUE;
        for (int cpu = 0; cpu < count; cpu++) {
            if (reservedFor[cpu] == null) {
                long start = Math.max(now, freeAt[cpu]);
                if (start < bestStart) {
                    bestStart = start;
                    best = cpu;
                }
            }
        }
        if (best < 0) { // every pCPU is kept for its vCPU's next task: the one free first is the host work's
            best = 0;
            for (int cpu = 1; cpu < count; cpu++) {
                if (freeAt[cpu] < freeAt[best]) {
                    best = cpu;
                }
            }
            bestStart = Math.max(now, freeAt[best]);
            reservedFor[best] = null; // its vCPU's next task waits in the run queue, as it would behind host work
        }
        if (bestStart == Long.MAX_VALUE) { // every pCPU free to take it is held by a spin: preempt it
            stats.record(0, 0); // a request that did not wait; its time is inside the spin's, which endSpin counts busy
            return now + cpuNanos;
        }
        freeAt[best] = bestStart + cpuNanos;
        busy[best] += cpuNanos;
        stats.record(bestStart - now, cpuNanos);
        if (queue.size() > 0) {
            scheduleDispatch();
        }
        return bestStart + cpuNanos;
    }

    private long earliestFree() {
        long earliest = Long.MAX_VALUE;
        for (int cpu = 0; cpu < count; cpu++) {
            earliest = Math.min(earliest, freeAt[cpu]);
        }
        return earliest;
    }

    // ---- dispatching ----

    /** Returns a pCPU free now for a vCPU, {@code preferred} if it is, or -1. */
    private int freeCpu(int preferred, long now) {
        if (preferred >= 0 && open(preferred) && freeAt[preferred] <= now) {
            return preferred;
        }
        for (int cpu = 0; cpu < count; cpu++) {
            if (open(cpu) && freeAt[cpu] <= now) {
                return cpu;
            }
        }
        return -1;
    }

    /** Whether a waiting vCPU may take {@code cpu} as it frees: not kept for a vCPU's next task, nor being yielded. */
    private boolean open(int cpu) {
        return reservedFor[cpu] == null && yieldedBy[cpu] == null;
    }

    private void scheduleDispatch() {
        long earliest = Long.MAX_VALUE;
        for (int cpu = 0; cpu < count; cpu++) {
            if (open(cpu) && freeAt[cpu] < earliest) {
                earliest = freeAt[cpu];
            }
        }
        if (earliest == Long.MAX_VALUE) {
            return; // every pCPU is reserved, yielded or spinning; its release or its yielder hands it on
        }
        long at = Math.max(earliest, simulation.now());
        if (at < dispatchAt) {
            dispatchAt = at;
            simulation.scheduleAt(at, dispatch);
        }
    }

    private void dispatch() {
        long now = simulation.now();
        if (now < dispatchAt) {
            return; // a later dispatch superseded by an earlier one that already ran
        }
        dispatchAt = Long.MAX_VALUE;
        handOut(now);
    }

    /** Gives each pCPU free now to the waiter with the least virtual runtime; dispatches again when one frees. */
    private void handOut(long now) {
        while (queue.size() > 0) {
            int cpu = freeCpu(-1, now);
            if (cpu < 0) {
                break;
            }
            Vcpu next = queue.poll();
            stats.record(now - next.enqueuedAt, 0);
            next.runOn(cpu);
        }
        if (queue.size() > 0) {
            scheduleDispatch();
        }
    }
}
