package org.overbook.hypervisor.sim;

import java.util.Arrays;

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
    private boolean dispatching;
    /** Follow-ups of the event being dispatched, in order: {@link #scheduleNow}. */
    private Action[] followUps = new Action[8];
    private int followUpCount;

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
        schedule(delay, Action.of(action));
    }

    /** Runs {@code action} {@code delay} nanoseconds from now. */
    public void schedule(long delay, Action action) {
        if (delay < 0 || delay > Long.MAX_VALUE - now) {
            throw new IllegalArgumentException(delay < 0
                    ? "cannot schedule into the past: delay " + delay + " ns"
                    : "cannot schedule past the end of virtual time: delay " + delay + " ns at " + now + " ns");
        }
        queue.add(now + delay, action);
    }

    /** Runs {@code action} at virtual time {@code time}, which must not be before {@link #now()}. */
    public void scheduleAt(long time, Runnable action) {
        scheduleAt(time, Action.of(action));
    }

    /** Runs {@code action} at virtual time {@code time}, which must not be before {@link #now()}. */
    public void scheduleAt(long time, Action action) {
        if (time < now) {
            throw new IllegalArgumentException("cannot schedule into the past: " + time + " ns < now " + now + " ns");
        }
        queue.add(time, action);
    }

    /**
     * Runs {@code action} now, exactly where {@code scheduleAt(now(), action)} would, but when that is right after
     * the event being dispatched (no other event waits for this instant), as a follow-up within that event's
     * dispatch rather than an event of its own: what it sees, the order of everything and the sequence of what it
     * schedules are those of the event it would have been; it is only not counted in {@link #dispatched()}.
     * Events scheduled for now after it still run after it, as they would: they go to the queue, which the
     * dispatch returns to once the follow-ups are done, and a later call finding one of them waiting queues its
     * action behind it. If an action throws, follow-ups not yet run go to the queue for this instant, behind
     * any waiting there (the run has failed; only their order among events of this instant can differ).
     */
    public void scheduleNow(Runnable action) {
        scheduleNow(Action.of(action));
    }

    /** Runs {@code action} now: {@link #scheduleNow(Runnable)}. */
    public void scheduleNow(Action action) {
        if (!dispatching || queue.waitsDuringDispatch(now)) {
            queue.add(now, action);
            return;
        }
        if (followUpCount == followUps.length) {
            followUps = Arrays.copyOf(followUps, 2 * followUpCount);
        }
        followUps[followUpCount++] = action;
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

    /**
     * Runs events due at or before {@code time} as {@link #runUntil(long)} does, but at most {@code maxEvents} of them;
     * returns whether it got to {@code time} (then the clock reads {@code time}). Stopping after a count changes
     * nothing: a next call dispatches the same events in the same order, so a caller can look up between two.
     */
    public boolean runUntil(long time, long maxEvents) {
        long stop = dispatched + maxEvents;
        while (!queue.isEmpty() && queue.peekTime() <= time) {
            if (dispatched >= stop) {
                return false;
            }
            dispatch();
        }
        if (time > now) {
            now = time;
        }
        return true;
    }

    private void dispatch() {
        now = queue.peekTime();
        Action action = queue.beginDispatch();
        dispatched++;
        dispatching = true;
        try {
            action.run();
            // a follow-up may add more; they run in the order they came
            for (int i = 0; i < followUpCount; i++) {
                Action followUp = followUps[i];
                followUps[i] = null;
                followUp.run();
            }
            followUpCount = 0;
        } finally {
            dispatching = false;
            queue.endDispatch();
            if (followUpCount > 0) {
                queueFollowUpsLeft();
            }
        }
    }

    /** After an action threw: the follow-ups not run yet become events at this instant, in order. */
    private void queueFollowUpsLeft() {
        for (int i = 0; i < followUpCount; i++) {
            if (followUps[i] != null) {
                queue.add(now, followUps[i]);
                followUps[i] = null;
            }
        }
        followUpCount = 0;
    }
}
