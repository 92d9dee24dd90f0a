package org.overbook.guest.verbs;

import java.util.function.Consumer;

/**
 * A bounded queue of completions. Read it by polling, or set a handler that the tenant's vCPU runs
 * for each completion after the interrupt latency ({@code ibv_req_notify_cq} with a completion
 * channel). A completion arriving when the queue is full is an overrun: it is counted and the queue
 * pair that produced it goes to the error state, as on real hardware.
 */
public interface CompletionQueue {

    /** Removes and returns the oldest completion, or null if none is waiting. */
    Completion poll();

    /** Returns how many completions are waiting. */
    int size();

    /** Returns the queue's capacity. */
    int capacity();

    /** Runs {@code handler} on the vCPU for every completion from now on; null returns to polling. */
    void onCompletion(Consumer<Completion> handler);
}
