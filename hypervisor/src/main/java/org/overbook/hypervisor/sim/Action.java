package org.overbook.hypervisor.sim;

import java.util.Objects;

/**
 * Something the simulation runs at a virtual time: what its event queue holds and its dispatch calls.
 *
 * <p>Design. An abstract class, not an interface, for the cost of the call: the dispatch loop's one call site
 * sees every kind of event there is, and a call through an interface there goes through a stub that scans the
 * receiver's table of interfaces, while a call through a class reads the method at a fixed place in the
 * receiver's class (its vtable). It implements {@link Runnable}, so an action can also be a vCPU's task or go
 * wherever a {@code Runnable} does. Events that run many times a request (a wire's arrival, a packet's write, a
 * completion's delivery, a vCPU's drain) extend it; {@link Simulation} still takes any {@code Runnable} and
 * wraps one that is not an action ({@link #of}), an object more per event, which the rare events (timers,
 * set-up, tests) can afford.
 */
public abstract class Action implements Runnable {

    /** Does what this action does, at the virtual time it was scheduled for. */
    @Override
    public abstract void run();

    /** Returns {@code runnable} itself if it is an action, else an action that runs it. */
    static Action of(Runnable runnable) {
        return runnable instanceof Action action ? action : new Wrapped(Objects.requireNonNull(runnable, "action"));
    }

    /** A {@code Runnable} scheduled as it is. */
    private static final class Wrapped extends Action {
        private final Runnable runnable;

        Wrapped(Runnable runnable) {
            this.runnable = runnable;
        }

        @Override
        public void run() {
            runnable.run();
        }
    }
}
