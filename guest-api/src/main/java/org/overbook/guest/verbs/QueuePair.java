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
}
