package org.overbook.guest.verbs;

/**
 * A connected queue pair: a send ring and a receive ring, both bounded. Posting to a full ring is a
 * {@link VerbsException}; nothing is dropped silently.
 */
public interface QueuePair {

    /** Returns the queue pair's number. */
    int number();

    /** Posts a send or an RDMA write. */
    void postSend(WorkRequest request);

    /** Posts a receive buffer. */
    void postReceive(WorkRequest.Receive request);

    /** Returns how many send-ring slots are taken (posted, not yet completed). */
    int sendsOutstanding();

    /** Returns how many receive buffers are posted and unused. */
    int receivesPosted();

    /** Returns whether the queue pair has gone to the error state; posts then complete as FLUSHED. */
    boolean inError();

    /**
     * Disconnects and destroys the queue pair ({@code rdma_disconnect}, then {@code ibv_destroy_qp}): the workload is
     * done with it. It goes to the error state at once, and the peer's when the disconnect reaches it, one link
     * latency later; on each side everything outstanding then completes as {@link CompletionStatus#FLUSHED}. A server
     * refuses a connection it cannot serve this way. Calling it again does nothing.
     */
    void disconnect();
}
