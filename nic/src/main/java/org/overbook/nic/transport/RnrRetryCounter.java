package org.overbook.nic.transport;

/**
 * The requester's RNR retry budget for one queue pair: how many more RNR NAKs it may answer with a
 * retry before the work request fails. Follows the rule in {@link RnrTimer}: 7 means forever.
 */
public final class RnrRetryCounter {

    private final int configured;
    private int remaining;

    /**
     * Creates a full budget.
     *
     * @param rnrRetry the queue pair's {@code rnr_retry}, {@code 0..7}
     */
    public RnrRetryCounter(int rnrRetry) {
        this.configured = RnrTimer.checkRetry(rnrRetry);
        this.remaining = rnrRetry;
    }

    /**
     * Records an RNR NAK. Returns true if the requester should wait the timer and retry (spending one
     * retry unless the budget is "forever"), false if the work request must complete with an RNR
     * retry-exceeded error.
     */
    public boolean onRnrNak() {
        if (remaining == 0) {
            return false;
        }
        if (remaining != RnrTimer.RETRY_FOREVER) {
            remaining--;
        }
        return true;
    }

    /** Records an acknowledgement of progress: the budget is full again. */
    public void onProgress() {
        remaining = configured;
    }

    /** Returns the retries left ({@link RnrTimer#RETRY_FOREVER} when unlimited). */
    public int remaining() {
        return remaining;
    }

    /** Returns the configured {@code rnr_retry}. */
    public int configured() {
        return configured;
    }
}
