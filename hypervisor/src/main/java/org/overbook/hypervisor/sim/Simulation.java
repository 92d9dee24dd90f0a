package org.overbook.hypervisor.sim;

/**
 * One discrete-event simulation: a virtual clock in nanoseconds and the events waiting on it.
 *
 * <p>Design. Determinism comes first (docs/ARCHITECTURE.md, "The simulation kernel"): events are ordered by
 * (time, insertion sequence), so two runs of the same scenario and seed dispatch the same events in
 * the same order on any machine; nothing here reads the wall clock or an unseeded random source; and
 * all state lives in the instance, so simulations running side by side in one JVM never meet.
 * Components never keep time of their own: they ask {@link #now()} and schedule what happens next.
 * Randomness comes from {@link #random()}, streams derived from the seed and each component's name.
 *
 * <p>A simulation is confined to the thread that runs it; parallel sweeps run many simulations, never
 * one simulation on many threads.
 */
public final class Simulation {

    private final EventQueue queue = new EventQueue(1024);
    private final RandomStreams random;
    private long now;
    private long dispatched;

    public Simulation(long seed) {
        this.random = new RandomStreams(seed);
    }

    /** Returns the current virtual time in nanoseconds. */
    public long now() {
        return now;
    }

    /** Returns the random streams of this simulation. */
    public RandomStreams random() {
        return random;
    }

    /** Returns how many events have run so far. */
    public long dispatched() {
        return dispatched;
    }

    /** Returns how many events are waiting. */
    public int pending() {
        return queue.size();
    }

    /** Returns the virtual time of the next event waiting, or {@link Long#MAX_VALUE} if none waits. */
    public long nextEventTime() {
        return queue.isEmpty() ? Long.MAX_VALUE : queue.peekTime();
    }

    /** Runs {@code action} {@code delay} nanoseconds from now. */
    public void schedule(long delay, Runnable action) {
        if (delay < 0 || delay > Long.MAX_VALUE - now) {
            throw new IllegalArgumentException(delay < 0
                    ? "cannot schedule into the past: delay " + delay + " ns"
                    : "cannot schedule past the end of virtual time: delay " + delay + " ns at " + now + " ns");
        }
        queue.add(now + delay, action);
    }

    /** Runs {@code action} at virtual time {@code time}, which must not be before {@link #now()}. */
    public void scheduleAt(long time, Runnable action) {
        if (time < now) {
            throw new IllegalArgumentException("cannot schedule into the past: " + time + " ns < now " + now + " ns");
        }
        queue.add(time, action);
    }

    /** Runs the next event, if one is waiting; returns whether one ran. */
    public boolean step() {
        if (queue.isEmpty()) {
            return false;
        }
        dispatch();
        return true;
    }

    /** Runs events until none is left. */
    public void run() {
        while (!queue.isEmpty()) {
            dispatch();
        }
    }

    /**
     * Runs every event due at or before {@code time}, then sets the clock to {@code time}. Events
     * after it stay queued, so a later call continues where this one stopped.
     */
    public void runUntil(long time) {
        while (!queue.isEmpty() && queue.peekTime() <= time) {
            dispatch();
        }
        if (time > now) {
            now = time;
        }
    }

    private void dispatch() {
        now = queue.peekTime();
        Runnable action = queue.beginDispatch();
        dispatched++;
        try {
            action.run();
        } finally {
            queue.endDispatch();
        }
    }
}
