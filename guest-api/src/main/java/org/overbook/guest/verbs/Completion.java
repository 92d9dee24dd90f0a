package org.overbook.guest.verbs;

/**
 * The completion of a work request, as a completion-queue entry.
 *
 * @param id         the work request's id
 * @param opcode     what completed
 * @param status     how it ended
 * @param byteLength bytes transferred (for a receive: the message's length)
 * @param queuePair  the queue pair's number
 */
public record Completion(long id, Opcode opcode, CompletionStatus status, int byteLength, int queuePair) {

    /** What kind of work request completed. */
    public enum Opcode {
        /** A {@link WorkRequest.Send}, on the sender's send completion queue. */
        SEND,
        /** A message landed in a posted {@link WorkRequest.Receive}, on the receiver's receive completion queue. */
        RECEIVE,
        /** A {@link WorkRequest.RdmaWrite}, on the writer's send completion queue. */
        RDMA_WRITE,
        /** An RDMA write with immediate consumed a posted receive, on the target's receive completion queue. */
        RECEIVE_RDMA_WITH_IMMEDIATE
    }

    /** Returns whether the work request succeeded ({@link CompletionStatus#SUCCESS}). */
    public boolean ok() {
        return status == CompletionStatus.SUCCESS;
    }
}
