package org.overbook.nic.vf;

import java.util.ArrayDeque;
import java.util.function.Consumer;
import org.overbook.guest.Suggestions;
import org.overbook.guest.verbs.Completion;
import org.overbook.guest.verbs.CompletionQueue;
import org.overbook.guest.verbs.VerbsException;
import org.overbook.hypervisor.sim.Action;
import org.overbook.hypervisor.sim.Simulation;
import org.overbook.hypervisor.sim.Vcpu;

/**
 * A bounded completion queue. Polled, it holds completions until the guest takes them; with a
 * handler, each completion is handed to the handler on the tenant's vCPU after the interrupt latency
 * (a completion channel). A completion that finds the queue full is an overrun.
 */
final class CompletionQueueImpl implements CompletionQueue {

    private final VirtualFunction owner;
    private final Simulation simulation;
    private final Vcpu vcpu;
    private final long interruptNanos;
    private final int capacity;
    private final ArrayDeque<Completion> entries;
    private Consumer<Completion> handler;
    private int inDelivery;
    private long overruns;
    /** Deliveries done with, linked through {@link Delivery#nextIdle}: the next completions reuse them. */
    private Delivery idle;

    CompletionQueueImpl(VirtualFunction owner, Simulation simulation, Vcpu vcpu, long interruptNanos, int capacity) {
        this.owner = owner;
        this.simulation = simulation;
        this.vcpu = vcpu;
        this.interruptNanos = interruptNanos;
        this.capacity = capacity;
        this.entries = new ArrayDeque<>(Math.min(capacity, 1024));
    }

    VirtualFunction owner() {
        return owner;
    }

    /**
     * Returns the action that adds {@code completion} of {@code queuePair} to this queue when it runs, an
     * overrun putting the queue pair in error: an event at the completion's time, or, for a completion at the
     * current instant, most often a follow-up of the event that completes it ({@code Simulation.scheduleNow}).
     */
    Action delivery(Completion completion, QueuePairImpl queuePair) {
        Delivery delivery = idle;
        if (delivery == null) {
            delivery = new Delivery();
        } else {
            idle = delivery.nextIdle;
            delivery.nextIdle = null;
        }
        delivery.completion = completion;
        delivery.queuePair = queuePair;
        delivery.stage = Delivery.PUSH;
        return delivery;
    }

    /** {@code delivery}'s last step has run (nothing holds it any more): it waits for a next completion. */
    private void release(Delivery delivery) {
        delivery.completion = null;
        delivery.queuePair = null;
        delivery.handler = null;
        delivery.nextIdle = idle;
        idle = delivery;
    }

    /** Adds a completion; returns false on overrun (the queue was full). */
    private boolean push(Delivery delivery) {
        Consumer<Completion> current = handler;
        // a queue with a handler holds no entries (onCompletion hands them over): its deque stays untouched, cold
        int held = current == null ? entries.size() : 0;
        if (held + inDelivery >= capacity) {
            overruns++;
            return false;
        }
        if (current == null) {
            entries.add(delivery.completion);
            release(delivery);
        } else {
            interrupt(delivery, current);
        }
        return true;
    }

    /** Hands a completion to {@code handler} on the vCPU after the interrupt latency. */
    private void interrupt(Delivery delivery, Consumer<Completion> handler) {
        inDelivery++;
        delivery.handler = handler;
        delivery.stage = Delivery.INTERRUPT;
        simulation.schedule(interruptNanos, delivery);
    }

    /**
     * One completion on its way: the push that adds it to the queue (then it is done, if the queue is polled),
     * then, with a handler, the interrupt's event after the latency, then the handler's task on the vCPU.
     * One object serves the three steps, as each follows the one before; after the last the queue keeps it
     * for a next completion (a delivery is the NIC's own: nothing outside this queue, the event queue and the
     * vCPU, which are done with it by then, ever holds it), so a completion allocates only its entry.
     */
    private final class Delivery extends Action {
        static final int PUSH = 0;
        static final int INTERRUPT = 1;
        static final int TASK = 2;

        private Completion completion;
        private QueuePairImpl queuePair;
        /** The queue's vCPU, held here so that the interrupt reaches it without reading the (cold) queue first. */
        private final Vcpu vcpu = CompletionQueueImpl.this.vcpu;
        private Consumer<Completion> handler;
        private int stage;
        private Delivery nextIdle;

        @Override
        public void run() {
            switch (stage) {
                case PUSH -> {
                    QueuePairImpl failing = queuePair;
                    if (!push(this)) {
                        release(this);
                        failing.fail();
                    }
                }
                case INTERRUPT -> {
                    stage = TASK;
                    vcpu.submitNow(this);
                }
                default -> {
                    inDelivery--;
                    Completion done = completion;
                    Consumer<Completion> to = handler;
                    release(this);
                    to.accept(done);
                }
            }
        }
    }

    long overruns() {
        return overruns;
    }

    @Override
    public Completion poll() {
        return entries.poll();
    }

    @Override
    public int size() {
        return entries.size();
    }

    @Override
    public int capacity() {
        return capacity;
    }

    @Override
    public void onCompletion(Consumer<Completion> handler) {
        this.handler = handler;
        if (handler != null) {
            Completion waiting;
            while ((waiting = entries.poll()) != null) {
                interrupt((Delivery) delivery(waiting, null), handler);
            }
        }
    }

    static void requirePowerOfTwo(String call, String what, int size) {
        if (size <= 0 || Integer.bitCount(size) != 1) {
            throw new VerbsException(call, what + " " + size + " is not a power of two; " + Suggestions.powersOfTwoNear(size));
        }
    }
}
