package org.overbook.perf.run;

import java.util.Locale;
import java.util.concurrent.CancellationException;
import org.overbook.hypervisor.sim.Simulation;

/**
 * Runs a simulation to a time in steps, looking between two whether the run should stop: the process is exiting
 * ({@link ProcessExit}: the run stops with a {@link CancellationException}, so that it closes its swap store before the
 * shutdown hooks remove its files), virtual time has stopped moving (the run stops with {@link TimeStoodStill}), or the
 * simulation has dispatched as many events as the run's limit allows, if it has one ({@link EventLimitReached}).
 *
 * <p>Time stands still when events keep scheduling events at the same instant, most likely a plug-in's task that
 * reschedules itself with no delay. Without a look, {@code Simulation.runUntil} would never return and the command
 * would hang with nothing said. A step therefore dispatches at most {@value #EVENTS_PER_LOOK} events; when steps
 * end at the same instant for {@code eventsAtOneInstant} events in all, the run stops. The steps dispatch the same
 * events in the same order as one call, so looking changes no result.
 */
final class SteppedRun {

    /** How many events a step dispatches at most before the runner looks again. */
    static final long EVENTS_PER_LOOK = 1_000_000;
    /**
     * How many events at one instant of virtual time stop a run: far more than any model schedules at once (the
     * default scenario's busiest point dispatches 13 M events in all), a few seconds of wall time.
     */
    static final long EVENTS_AT_ONE_INSTANT = 50_000_000;

    private final long eventsPerLook;
    private final long eventsAtOneInstant;
    /** Events the simulation may dispatch in all, from its start; {@link Long#MAX_VALUE} for no limit. */
    private final long eventLimit;

    SteppedRun(long eventsAtOneInstant) {
        this(EVENTS_PER_LOOK, eventsAtOneInstant);
    }

    /** A run that looks every {@code eventsPerLook} events at most (tests give a small number). */
    SteppedRun(long eventsPerLook, long eventsAtOneInstant) {
        this(eventsPerLook, eventsAtOneInstant, Long.MAX_VALUE);
    }

    private SteppedRun(long eventsPerLook, long eventsAtOneInstant, long eventLimit) {
        this.eventsPerLook = Math.min(eventsPerLook, eventsAtOneInstant);
        this.eventsAtOneInstant = eventsAtOneInstant;
        this.eventLimit = eventLimit;
    }

    /** Returns this run stopping once the simulation has dispatched {@code events} events in all. */
    SteppedRun limitedTo(long events) {
        if (events < 1) {
            throw new IllegalArgumentException("an event limit of " + events);
        }
        return new SteppedRun(eventsPerLook, eventsAtOneInstant, events);
    }

    /** Returns this run stopping after {@code events} events at one instant, its event limit kept. */
    SteppedRun standingStillFor(long events) {
        return new SteppedRun(EVENTS_PER_LOOK, events, eventLimit);
    }

    /**
     * Runs {@code simulation} to {@code until} in steps of {@code step} of virtual time: every event due at or before
     * {@code until} is dispatched, those at {@code until} itself included, as one call would.
     */
    void run(Simulation simulation, long until, long step) {
        long stoodAt = -1;
        long eventsThere = 0;
        boolean reached = simulation.now() >= until;
        while (!reached) {
            if (ProcessExit.underway()) {
                throw new CancellationException("the process is exiting (interrupted)");
            }
            long before = simulation.dispatched();
            if (before >= eventLimit) {
                throw new EventLimitReached(eventLimit);
            }
            long target = Math.min(until, simulation.now() + step);
            if (simulation.runUntil(target, Math.min(eventsPerLook, eventLimit - before))) {
                // a step cut short by its count at until itself has not got there: events there may remain
                reached = target == until;
                stoodAt = -1;
                continue;
            }
            long at = simulation.now();
            long events = simulation.dispatched() - before;
            eventsThere = at == stoodAt ? eventsThere + events : events;
            stoodAt = at;
            if (eventsThere >= eventsAtOneInstant) {
                throw new TimeStoodStill(eventsThere);
            }
        }
    }

    /**
     * A run whose virtual time stopped moving. It has no stack trace: the runner noticed it, the code that loops did
     * not throw it, so the failure's account names no place.
     */
    static final class TimeStoodStill extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TimeStoodStill(long events) {
            super(String.format(Locale.ROOT, "virtual time has not moved for %,d events; code run at that instant (a "
                    + "workload's or a policy's, most likely a plug-in's) keeps scheduling work with no delay, so the run "
                    + "would never end", events), null, false, false);
        }
    }
}
