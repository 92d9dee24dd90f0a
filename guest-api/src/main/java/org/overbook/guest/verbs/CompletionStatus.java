package org.overbook.guest.verbs;

/** How a work request ended, after {@code ibv_wc_status}. */
public enum CompletionStatus {
    /** The work request completed: a send was delivered, a receive holds a message of {@link Completion#byteLength()}. */
    SUCCESS,
    /** The local buffer is outside its region, or the region lacks the access needed. */
    LOCAL_PROTECTION_ERROR,
    /** The peer refused: bad rkey, range outside the region, region without remote write. */
    REMOTE_ACCESS_ERROR,
    /** The peer's receive buffer was too small for the message. */
    REMOTE_INVALID_REQUEST,
    /** The peer answered RNR NACK more often than the queue pair's rnr_retry allows. */
    RNR_RETRY_EXCEEDED,
    /** The transport gave up retransmitting. */
    RETRY_EXCEEDED,
    /** The queue pair went to the error state before this request ran. */
    FLUSHED
}
