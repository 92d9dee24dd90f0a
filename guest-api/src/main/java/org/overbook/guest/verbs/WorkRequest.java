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
     * With {@code immediate}, the write also consumes a receive at the peer and completes there. With a
     * {@code counter} (0 or more), the write increments the peer's event counter of that id once it is
     * placed (NetVM's notifications); {@link #NO_COUNTER} for none.
     */
    record RdmaWrite(long id, long address, int length, int lkey, long remoteAddress, int rkey, boolean immediate, int counter)
            implements WorkRequest {

        /** No event counter. */
        public static final int NO_COUNTER = -1;

        /** A write that notifies nobody. */
        public RdmaWrite(long id, long address, int length, int lkey, long remoteAddress, int rkey, boolean immediate) {
            this(id, address, length, lkey, remoteAddress, rkey, immediate, NO_COUNTER);
        }
    }
}
