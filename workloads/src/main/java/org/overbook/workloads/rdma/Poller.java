package org.overbook.workloads.rdma;

import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.overbook.guest.Guest;
import org.overbook.guest.verbs.Completion;
import org.overbook.guest.verbs.CompletionQueue;

/**
 * Busy-polls a completion queue on the vCPU, as perftest's latency tests do: each empty poll charges
 * {@code pollNanos}, and polling goes on while {@code active} says something is expected. Each poll is
 * one task on the vCPU, so completion handlers of other queues still get their turn between polls.
 */
final class Poller {

    private final Guest guest;
    private final CompletionQueue queue;
    private final long pollNanos;
    private final Consumer<Completion> handler;
    private final BooleanSupplier active;
    private boolean running;

    Poller(Guest guest, CompletionQueue queue, long pollNanos, Consumer<Completion> handler, BooleanSupplier active) {
        this.guest = guest;
        this.queue = queue;
        this.pollNanos = pollNanos;
        this.handler = handler;
        this.active = active;
    }

    /** Starts polling, unless it already is. */
    void start() {
        if (!running) {
            running = true;
            guest.schedule(0, this::poll);
        }
    }

    private void poll() {
        Completion completion = queue.poll();
        if (completion != null) {
            handler.accept(completion);
        } else {
            guest.charge(pollNanos);
        }
        if (active.getAsBoolean() || queue.size() > 0) {
            guest.schedule(0, this::poll);
        } else {
            running = false;
        }
    }
}
