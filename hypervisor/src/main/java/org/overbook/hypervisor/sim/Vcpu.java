package org.overbook.hypervisor.sim;

import java.util.ArrayDeque;

/**
 * A guest's virtual CPU, modelled as a single server (DESIGN.md, "The simulation kernel").
 *
 * <p>A task submitted to the vCPU runs at the event's time if the vCPU is idle, or waits in FIFO
 * order until it is free. While a task runs, {@link #now()} is the time it started plus everything
 * {@linkplain #charge(long) charged} since (compute, page-fault stalls), so whatever the task posts
 * leaves at the time reached after those charges, and the next task starts no earlier than that.
 */
public final class Vcpu {

    private final Simulation simulation;
    private final ArrayDeque<Runnable> waiting = new ArrayDeque<>();
    private final Runnable drain = this::drain;
    private long busyUntil;
    private long clock;
    private boolean running;
    private boolean drainScheduled;
    private long busyNanos;
    private long tasksRun;
    private int spinners;
    private boolean spinning;
    private long spinStart;

    public Vcpu(Simulation simulation) {
        this.simulation = simulation;
    }

    /** Returns virtual time as this vCPU sees it: inside a task, the task's start plus its charges. */
    public long now() {
        return running ? clock : Math.max(simulation.now(), busyUntil);
    }

    /** Charges {@code nanos} of work to the vCPU. */
    public void charge(long nanos) {
        if (nanos < 0) {
            throw new IllegalArgumentException("cannot charge negative time: " + nanos + " ns");
        }
        if (running) {
            clock += nanos;
        } else {
            busyUntil = Math.max(simulation.now(), busyUntil) + nanos;
        }
        busyNanos += nanos;
    }

    /** Runs {@code task} on this vCPU now, or as soon as it is free. */
    public void submit(Runnable task) {
        waiting.add(task);
        if (!running && !drainScheduled && !spinning) {
            drainScheduled = true;
            simulation.scheduleAt(Math.max(simulation.now(), busyUntil), drain);
        }
    }

    /** Runs {@code task} on this vCPU {@code delay} nanoseconds after {@link #now()}. */
    public void schedule(long delay, Runnable task) {
        if (delay < 0) {
            throw new IllegalArgumentException("cannot schedule into the past: delay " + delay + " ns");
        }
        simulation.scheduleAt(now() + delay, () -> submit(task));
    }

    /**
     * Starts a busy-wait: from the end of the current task (or from now, outside a task) the vCPU spins,
     * running nothing else, until {@link #endSpin(long)}. Nested spins end with the last one.
     */
    public void beginSpin() {
        if (spinners++ == 0 && !running) {
            startSpinning(now());
        }
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
        busyUntil = Math.max(busyUntil, end);
        if (!waiting.isEmpty() && !drainScheduled) {
            drainScheduled = true;
            simulation.scheduleAt(Math.max(simulation.now(), busyUntil), drain);
        }
    }

    private void startSpinning(long at) {
        spinning = true;
        spinStart = at;
    }

    /** Returns the total time charged to this vCPU, spinning included. */
    public long busyNanos() {
        return busyNanos;
    }

    /** Returns how many tasks have run. */
    public long tasksRun() {
        return tasksRun;
    }

    private void drain() {
        drainScheduled = false;
        Runnable task = waiting.poll();
        running = true;
        clock = Math.max(simulation.now(), busyUntil);
        try {
            task.run();
        } finally {
            running = false;
            busyUntil = clock;
            tasksRun++;
        }
        if (spinners > 0 && !spinning) {
            startSpinning(busyUntil);
        }
        if (!waiting.isEmpty() && !spinning) {
            drainScheduled = true;
            simulation.scheduleAt(busyUntil, drain);
        }
    }
}
