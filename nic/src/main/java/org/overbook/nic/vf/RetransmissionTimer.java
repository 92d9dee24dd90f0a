package org.overbook.nic.vf;

import org.overbook.hypervisor.sim.Simulation;

/**
 * A datagram requester's retransmission timer, as TCP's: one timer per queue pair, running while anything is
 * unacknowledged, restarted on progress; each consecutive expiry doubles the timeout (up to 120 s) and the
 * sixteenth gives up (Linux {@code tcp_retries2} = 15). Expiries of a timer restarted or cancelled since are
 * ignored (a generation count, so no event is ever removed from the queue).
 */
final class RetransmissionTimer {

    private static final int MAX_TIMEOUTS = 15; // Linux tcp_retries2
    private static final long MAX_RTO = 120_000_000_000L;

    private final Simulation simulation;
    private final long initialRto;
    private final Runnable expired;
    private long rto;
    private int generation;
    private boolean running;
    private int consecutiveTimeouts;

    /**
     * @param simulation where the timer's events run
     * @param initialRto the timeout before any back-off, in nanoseconds
     * @param expired    called when a running timer expires
     */
    RetransmissionTimer(Simulation simulation, long initialRto, Runnable expired) {
        this.simulation = simulation;
        this.initialRto = initialRto;
        this.rto = initialRto;
        this.expired = expired;
    }

    /** Starts the timer unless it is running. */
    void startIfIdle() {
        if (!running) {
            arm();
        }
    }

    /** Progress was made: the back-off resets, and the timer restarts if anything is still {@code outstanding}. */
    void onProgress(boolean outstanding) {
        consecutiveTimeouts = 0;
        rto = initialRto;
        running = false;
        generation++;
        if (outstanding) {
            arm();
        }
    }

    /**
     * Counts an expiry and doubles the timeout; returns {@code false} once the retries are spent (the caller
     * then fails the request instead of resending).
     */
    boolean backOff() {
        if (++consecutiveTimeouts > MAX_TIMEOUTS) {
            return false;
        }
        rto = Math.min(rto * 2, MAX_RTO);
        return true;
    }

    /** Starts the timer with the current timeout. */
    void arm() {
        running = true;
        int armed = ++generation;
        simulation.schedule(rto, () -> fire(armed));
    }

    /** Stops the timer: a pending expiry is ignored. */
    void cancel() {
        generation++;
    }

    private void fire(int armed) {
        if (armed != generation) {
            return;
        }
        running = false;
        expired.run();
    }
}
