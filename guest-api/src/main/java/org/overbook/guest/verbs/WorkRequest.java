package org.overbook.guest.verbs;

/**
 * A work request posted to a queue pair. The buffer must lie within the region of {@code lkey}.
 */
public sealed interface WorkRequest {

    /** The caller's id, returned in the completion. */
    long id();

    /** First guest address of the local buffer. */
    long address();

    /** Bytes of the local buffer (for a receive: its capacity). */
    int length();

    /** Key of the registered region holding the local buffer. */
    int lkey();

    /** Sends the buffer as one message; it lands in the peer's next posted receive buffer. */
    record Send(long id, long address, int length, int lkey) implements WorkRequest {
    }

    /** Offers a buffer to receive one message. */
    record Receive(long id, long address, int length, int lkey) implements WorkRequest {
    }

    /**
     * Writes the buffer into the peer's memory at {@code remoteAddress}, within its region {@code rkey}.
     * With {@code immediate}, the write also consumes a receive at the peer and completes there.
     */
    record RdmaWrite(long id, long address, int length, int lkey, long remoteAddress, int rkey, boolean immediate)
            implements WorkRequest {
    }
}
