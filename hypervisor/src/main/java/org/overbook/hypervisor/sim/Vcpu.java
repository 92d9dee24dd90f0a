package org.overbook.hypervisor.sim;

import java.util.ArrayDeque;

/**
 * A guest's virtual CPU: a thread of the host that runs the guest's tasks one at a time, on a physical
 * CPU when the host's scheduler gives it one ({@link PhysicalCpus}).
 *
 * <p>A task submitted to the vCPU runs when the vCPU is free and holds a pCPU, or waits in FIFO order.
 * While a task runs, {@link #now()} is the time it started plus everything charged since: CPU work
 * ({@link #charge(long)}, which also occupies the pCPU) and I/O stalls ({@link #stallUntil}, which do
 * not), so whatever the task posts leaves at the time reached, and the vCPU's next task starts no
 * earlier than that.
 *
 * <p>KVM's asynchronous page faults [1], when the host enables them: a task that stalls on a major
 * fault is put aside until its page is in, and the vCPU may run its other ready tasks meanwhile. Since
 * a task runs to completion in one event, the model lets the task's own clock pass through the stall
 * (what it posts afterwards leaves after the page came in) while the vCPU counts only the task's CPU
 * time as busy, so the next task can start as soon as the faulting one's CPU work is done. At most
 * {@code ASYNC_PF_PER_VCPU} = 64 such faults are outstanding per vCPU; beyond that a fault stalls the
 * vCPU as a synchronous one does.
 *
 * <p>[1] Linux, arch/x86/kvm and Documentation/virt/kvm/x86/msr.rst ({@code MSR_KVM_ASYNC_PF_EN});
 * {@code ASYNC_PF_PER_VCPU} = 64 in include/linux/kvm_host.h.
 */
public final class Vcpu {

    /** KVM's limit on asynchronous page faults outstanding per vCPU. */
    public static final int ASYNC_PF_PER_VCPU = 64;

    /*
     * The fields in an order chosen for the cache: the JVM lays out longs first, then ints, booleans and references,
     * each kind in the order declared, so those only rare paths use (asynchronous faults, spinning, statistics of
     * waits, the contended scheduler's) are declared first of their kind, and those every task reads or writes
     * last: they then lie together at the end of the longs and among the booleans and references after them, in
     * two cache lines rather than three or four (with many tenants each vCPU is cold when its task comes).
     */
    private long stallNanos;
    private long spinStart;
    private long runQueueWaitNanos;
    // scheduler state, kept by PhysicalCpus (sliceUsed and enqueuedAt only when pCPUs are contended)
    long sliceUsed;
    long enqueuedAt;
    long vruntime;
    long lastEnd = -1;
    // every task's
    private long taskAsyncStall;
    private long taskCpu;
    private long clock;
    private long busyNanos;
    private long tasksRun;
    private long busyUntil;

    private int asyncFaults;
    private int spinCpu = -1;
    final int id;
    private int spinners;
    int lastCpu = -1;

    private final boolean asyncPageFaults;
    private boolean taskThrew;
    private boolean running;
    private boolean drainScheduled;
    boolean queuedForCpu;                         // in the host's run queue: set by PhysicalCpus, cleared by runOn
    private boolean spinning;

    private Runnable firstWaiting;                // the next task to run, null when none waits
    private final Simulation simulation;
    private final PhysicalCpus cpus;
    private ArrayDeque<Runnable> moreWaiting;     // the tasks after it, in order; made when first needed
    private final Action drain = new Action() {
        @Override
        public void run() {
            drain();
        }
    };
    private final long[] asyncFaultEnds = new long[ASYNC_PF_PER_VCPU];

    /** A vCPU on a host with as many pCPUs as it needs. */
    public Vcpu(Simulation simulation) {
        this(simulation, PhysicalCpus.unlimited(simulation), false);
    }

    /**
     * @param cpus            the host's pCPUs the vCPU runs on
     * @param asyncPageFaults whether the host lets the vCPU run other tasks while one waits for a page
     */
    public Vcpu(Simulation simulation, PhysicalCpus cpus, boolean asyncPageFaults) {
        this.simulation = simulation;
        this.cpus = cpus;
        this.asyncPageFaults = asyncPageFaults;
        this.id = cpus.register();
    }

    /** Returns virtual time as this vCPU sees it: inside a task, the task's start plus its charges. */
    public long now() {
        return running ? clock : Math.max(simulation.now(), busyUntil);
    }

    /** Charges {@code nanos} of CPU work to the vCPU. */
    public void charge(long nanos) {
        if (nanos < 0) {
            throw new IllegalArgumentException("cannot charge negative time: " + nanos + " ns");
        }
        if (running) {
            clock += nanos;
            taskCpu += nanos;
        } else {
            // work outside a task (rare: set-up) runs on a pCPU as host work does, each piece from the end of the one
            // before: the vCPU is one thread, as kswapd is, whose runs are booked the same way
            busyUntil = cpus.runHostWork(Math.max(simulation.now(), busyUntil), nanos);
        }
        busyNanos += nanos;
    }

    /**
     * Stalls the vCPU until {@code time} without using its pCPU: an I/O wait (a major fault's device
     * read, reclaim waiting for write-back). With {@code asyncFault} and asynchronous page faults enabled,
     * only the task waits, not the vCPU (see the class comment).
     */
    public void stallUntil(long time, boolean asyncFault) {
        long from = now();
        if (time <= from) {
            return;
        }
        long stall = time - from;
        stallNanos += stall;
        if (!running) {
            busyUntil = time;
            return;
        }
        clock = time;
        if (asyncFault && asyncPageFaults && takeAsyncSlot(from, time)) {
            taskAsyncStall += stall;
        }
    }

    /**
     * Takes the vCPU away from the guest for {@code nanos} (the host deschedules it): the guest's clock
     * jumps past it and no task of this vCPU starts meanwhile. Not CPU time.
     */
    public void block(long nanos) {
        if (nanos < 0) {
            throw new IllegalArgumentException("cannot block for negative time: " + nanos + " ns");
        }
        if (running) {
            clock += nanos;
        } else {
            busyUntil = Math.max(simulation.now(), busyUntil) + nanos;
        }
    }

    private boolean takeAsyncSlot(long from, long until) {
        int live = 0;
        for (int i = 0; i < asyncFaults; i++) {
            if (asyncFaultEnds[i] > from) {
                asyncFaultEnds[live++] = asyncFaultEnds[i];
            }
        }
        asyncFaults = live;
        if (asyncFaults == ASYNC_PF_PER_VCPU) {
            return false;
        }
        asyncFaultEnds[asyncFaults++] = until;
        return true;
    }

    /** Runs {@code task} on this vCPU now, or as soon as it is free. */
    public void submit(Runnable task) {
        enqueue(task);
        if (!running && !drainScheduled && !spinning && !queuedForCpu) {
            scheduleDrain(Math.max(simulation.now(), busyUntil));
        }
    }

    /**
     * Runs {@code task} as {@link #submit} does, from an event of its own that exists only to hand the task over
     * (an interrupt, a timer): when the vCPU is idle and free at this instant, the task starts within this event
     * rather than in a second event at the same instant. Every virtual time is the one {@code submit} gives; only
     * the task's place among other events due at the same instant moves (earlier), an order no part of the model
     * gives a meaning to. Not for use inside a task or a component's own handling (it runs the task at once).
     */
    public void submitNow(Runnable task) {
        if (running || drainScheduled || spinning || queuedForCpu || firstWaiting != null || busyUntil > simulation.now()) {
            submit(task);
            return;
        }
        enqueue(task);
        drain();
    }

    /**
     * Runs {@code task} on this vCPU {@code delay} nanoseconds after {@link #now()}. The event is an {@link Action}
     * of its own (a guest's timers and arrivals all come this way), so the simulation need not wrap it.
     */
    public void schedule(long delay, Runnable task) {
        if (delay < 0) {
            throw new IllegalArgumentException("cannot schedule into the past: delay " + delay + " ns");
        }
        simulation.scheduleAt(now() + delay, new Action() {
            @Override
            public void run() {
                submitNow(task);
            }
        });
    }

    /** Returns whether one of this vCPU's tasks is running now: the code that asks runs inside it. */
    public boolean inTask() {
        return running;
    }

    /**
     * Starts a busy-wait, from inside one of this vCPU's tasks: from the end of that task the vCPU spins on the pCPU
     * it ran on, running nothing else, until {@link #endSpin(long)}. Nested spins end with the last one.
     *
     * @throws IllegalStateException outside a task of this vCPU, which then holds no pCPU of its own to spin on: the one
     *                               it ran on last may be another vCPU's by now, or yielded and about to be handed on
     */
    public void beginSpin() {
        if (!running) {
            throw new IllegalStateException("Vcpu.beginSpin() outside a task of this vCPU: a busy-wait spins from the end"
                    + " of the task that begins it, and none is running; accepted: a call from inside one of its tasks");
        }
        spinners++;
    }

    /** Ends a busy-wait at {@code time}: the spin is charged and queued work resumes from there. */
    public void endSpin(long time) {
        if (spinners <= 0) {
            throw new IllegalStateException("endSpin without beginSpin");
        }
        if (--spinners > 0 || !spinning) {
            return;
        }
        spinning = false;
        long end = Math.max(time, spinStart);
        busyNanos += end - spinStart;
        cpus.endSpin(spinCpu, spinStart, end);
        spinCpu = -1;
        busyUntil = Math.max(busyUntil, end);
        if (firstWaiting != null && !drainScheduled && !queuedForCpu) {
            scheduleDrain(Math.max(simulation.now(), busyUntil));
        }
    }

    private void startSpinning(long at) {
        spinning = true;
        spinStart = at;
        spinCpu = lastCpu;
        cpus.beginSpin(spinCpu);
    }

    /** Returns the CPU time charged to this vCPU, spinning included (not I/O stalls). */
    public long busyNanos() {
        return busyNanos;
    }

    /** Returns the time this vCPU's tasks spent stalled on I/O. */
    public long stallNanos() {
        return stallNanos;
    }

    /** Returns the time this vCPU waited in the run queue for a pCPU. */
    public long runQueueWaitNanos() {
        return runQueueWaitNanos;
    }

    /**
     * Returns whether a task of this vCPU threw, which fails the run: its tenant's code (its workload's, most often) was
     * running when the run failed.
     */
    public boolean taskThrew() {
        return taskThrew;
    }

    /** Returns how many tasks have run. */
    public long tasksRun() {
        return tasksRun;
    }

    /**
     * Queues a task. The first waiting task has a field of its own, so that a vCPU that runs one task at a
     * time (the common case) touches neither a deque nor its array: with many tenants every vCPU's state is
     * cold, and each cache line less is a miss less per task.
     */
    private void enqueue(Runnable task) {
        if (firstWaiting == null) {
            firstWaiting = task;
            return;
        }
        if (moreWaiting == null) {
            moreWaiting = new ArrayDeque<>();
        }
        moreWaiting.addLast(task);
    }

    private Runnable takeWaiting() {
        Runnable task = firstWaiting;
        firstWaiting = moreWaiting == null ? null : moreWaiting.pollFirst();
        return task;
    }

    private void drain() {
        drainScheduled = false;
        int cpu = cpus.acquire(this);
        if (cpu >= 0) {
            runOn(cpu);
        }
    }

    /** Runs the next task on pCPU {@code cpu}, now (called by the scheduler for a vCPU that waited). */
    void runOn(int cpu) {
        long now = simulation.now();
        if (queuedForCpu) {
            queuedForCpu = false;
            runQueueWaitNanos += now - enqueuedAt;
        }
        Runnable task = takeWaiting();
        running = true;
        long taskStart = Math.max(now, busyUntil);
        clock = taskStart;
        taskCpu = 0;
        taskAsyncStall = 0;
        try {
            task.run();
        } catch (Throwable thrown) {
            // the run fails with it; what is kept says whose task it was (a handler, not the path of every task)
            taskThrew = true;
            throw thrown;
        } finally {
            running = false;
            busyUntil = clock - taskAsyncStall;
            tasksRun++;
        }
        boolean more = firstWaiting != null;
        cpus.release(this, cpu, taskStart, taskCpu, more && spinners == 0 && busyUntil == taskStart + taskCpu);
        if (spinners > 0 && !spinning) {
            startSpinning(busyUntil);
        }
        if (more && !spinning) {
            scheduleDrain(busyUntil);
        }
    }

    /**
     * Drains the queue at {@code time}; a drain for now is a follow-up of the current event when nothing else
     * waits for now ({@link Simulation#scheduleNow}), in the same place as an event of its own.
     */
    private void scheduleDrain(long time) {
        drainScheduled = true;
        if (time == simulation.now()) {
            simulation.scheduleNow(drain);
        } else {
            simulation.scheduleAt(time, drain);
        }
    }
}
