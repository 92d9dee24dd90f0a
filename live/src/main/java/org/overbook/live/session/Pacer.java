package org.overbook.live.session;

import java.io.PrintWriter;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import org.overbook.hypervisor.sim.Simulation;
import org.overbook.live.edge.Inbox;
import org.overbook.live.gateway.Arrival;
import org.overbook.live.gateway.GatewayEndpoint;
import org.overbook.live.gateway.ReplySink;
import org.overbook.perf.run.Runner;
import org.overbook.perf.scenario.Deployment;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.SweepPoint;

/**
 * Drives a live session's simulation so that virtual time follows the wall clock, never ahead of it.
 *
 * <h2>Design</h2>
 * The pacer is the only reader of the wall clock (injected), and runs on the simulation thread. Each turn it
 * reads the wall clock, sets the target virtual time to the wall time elapsed times {@code speed}, injects every
 * arrival waiting in the {@link Inbox} at that target, runs the simulation to it, and sleeps until the next event
 * is due on the wall clock or an arrival wakes it. The model therefore sees arrivals at virtual times the pacer
 * chose; the session log records them, with the point the simulation had reached, so a replay that injects the same
 * arrivals at the same times, with the simulation at the same points, dispatches the same events in the same order
 * ({@link Stepper}). Nothing else from the wall clock reaches the model.
 *
 * <p>Lag: when the simulation cannot keep up, events fall due on the wall clock before they have run. At the start of
 * each turn the lag is how long ago, in virtual time, the oldest event still waiting fell due (0 if none is due);
 * the status line shows the largest of each second. A model that keeps up shows only the sleep's overshoot.
 */
final class Pacer implements Runner.Driver {

    private static final long STATUS_EVERY_NANOS = 1_000_000_000L;
    private static final long MAX_SLEEP_NANOS = 10_000_000L;

    private final ScenarioFile file;
    private final Inbox inbox;
    private final ReplySink replies;
    private final SessionLog.Writer log;
    private final LongSupplier wallClock;
    private final double speed;
    private final long durationNanos;
    private final AtomicBoolean stop;
    private final PrintWriter out;
    private final IntSupplier connections;
    private final Runnable ready;
    private StatusLine status;

    Pacer(ScenarioFile file, Inbox inbox, ReplySink replies, SessionLog.Writer log, LongSupplier wallClock,
          double speed, long durationNanos, AtomicBoolean stop, PrintWriter out, IntSupplier connections, Runnable ready) {
        this.file = file;
        this.inbox = inbox;
        this.replies = replies;
        this.log = log;
        this.wallClock = wallClock;
        this.speed = speed;
        this.durationNanos = durationNanos;
        this.stop = stop;
        this.out = out;
        this.connections = connections;
        this.ready = ready;
    }

    /** Returns the largest lag of the session, in virtual nanoseconds (after it ran). */
    long worstLagNanos() {
        return status == null ? 0 : status.worstLagNanos();
    }

    @Override
    public SweepPoint drive(Deployment deployment, Runnable sample) {
        Stepper stepper = new Stepper(deployment, sample, log);
        for (GatewayEndpoint gateway : stepper.gateways()) {
            gateway.replyTo(replies);
        }
        status = new StatusLine(out, deployment.testbed(), stepper, connections);
        Simulation simulation = stepper.simulation();
        inbox.consumer(Thread.currentThread());
        ready.run();
        long start = wallClock.getAsLong();
        long nextStatus = start + STATUS_EVERY_NANOS;
        boolean warnedFull = false;
        while (true) {
            long wall = wallClock.getAsLong();
            long wallVirtual = (long) ((wall - start) * speed);
            long due = simulation.nextEventTime();
            status.lag(due <= wallVirtual ? wallVirtual - Math.max(due, simulation.now()) : 0);
            long target = Math.max(simulation.now(), wallVirtual);
            if (durationNanos > 0) {
                target = Math.min(target, durationNanos);
            }
            Arrival arrival;
            while ((arrival = inbox.poll()) != null) {
                stepper.inject(arrival, target);
            }
            stepper.advanceTo(target);
            if (wall >= nextStatus) {
                status.print((wall - start) / 1e9);
                if (log.full() && !warnedFull) {
                    warnedFull = true;
                    out.println("session log full (--log-max): recording stopped; this session cannot be replayed");
                    out.flush();
                }
                nextStatus += STATUS_EVERY_NANOS * Math.max(1, (wall - nextStatus) / STATUS_EVERY_NANOS + 1);
            }
            if (stop.get() || Thread.currentThread().isInterrupted() || (durationNanos > 0 && target >= durationNanos)) {
                break;
            }
            sleep(simulation.nextEventTime(), start, nextStatus);
        }
        stepper.finish();
        long end = simulation.now();
        log.end(end);
        return LiveScenario.reported(file, end);
    }

    /** Sleeps until the event at {@code next} is due on the wall clock, the next status line, or an arrival. */
    private void sleep(long next, long start, long nextStatus) {
        if (!inbox.isEmpty()) {
            return;
        }
        long dueWall = next == Long.MAX_VALUE ? Long.MAX_VALUE : start + (long) (next / speed);
        long wake = Math.min(Math.min(dueWall, nextStatus), wallClock.getAsLong() + MAX_SLEEP_NANOS);
        long nanos = wake - wallClock.getAsLong();
        if (nanos > 0) {
            LockSupport.parkNanos(this, nanos);
        }
    }
}
