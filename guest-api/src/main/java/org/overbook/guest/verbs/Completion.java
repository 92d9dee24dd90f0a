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
    public enum Opcode { SEND, RECEIVE, RDMA_WRITE, RECEIVE_RDMA_WITH_IMMEDIATE }

    public boolean ok() {
        return status == CompletionStatus.SUCCESS;
    }
}
