package org.overbook.nic.vf;

import java.util.ArrayDeque;
import java.util.function.Consumer;
import org.overbook.guest.verbs.Completion;
import org.overbook.guest.verbs.CompletionQueue;
import org.overbook.guest.verbs.VerbsException;
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

    /** Adds a completion; returns false on overrun (the queue was full). */
    boolean push(Completion completion) {
        if (entries.size() + inDelivery >= capacity) {
            overruns++;
            return false;
        }
        Consumer<Completion> current = handler;
        if (current == null) {
            entries.add(completion);
        } else {
            inDelivery++;
            simulation.schedule(interruptNanos, () -> vcpu.submitNow(() -> {
                inDelivery--;
                current.accept(completion);
            }));
        }
        return true;
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
                Completion completion = waiting;
                inDelivery++;
                simulation.schedule(interruptNanos, () -> vcpu.submitNow(() -> {
                    inDelivery--;
                    handler.accept(completion);
                }));
            }
        }
    }

    static void requirePowerOfTwo(String call, String what, int size) {
        if (size <= 0 || Integer.bitCount(size) != 1) {
            throw new VerbsException(call, what + " " + size + " is not a power of two");
        }
    }
}
