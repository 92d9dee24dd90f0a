package org.overbook.guest.verbs;

/**
 * How to create a queue pair.
 *
 * @param sendCompletions    completion queue for sends and RDMA writes
 * @param receiveCompletions completion queue for receives
 * @param sendRing           send ring slots, a power of two
 * @param receiveRing        receive ring slots, a power of two
 * @param rnrRetry           RNR retries before a send fails, 0 to 7; 7 means retry forever (InfiniBand)
 * @param rnrTimerCode       the InfiniBand RNR timer code (0 to 31) the receiver asks senders to wait
 */
public record QueuePairConfig(CompletionQueue sendCompletions, CompletionQueue receiveCompletions,
                              int sendRing, int receiveRing, int rnrRetry, int rnrTimerCode) {

    /** Returns a configuration with rings of 256 slots, rnr_retry 7 and RNR timer code 14 (1.28 ms). */
    public static QueuePairConfig of(CompletionQueue sendCompletions, CompletionQueue receiveCompletions) {
        return new QueuePairConfig(sendCompletions, receiveCompletions, 256, 256, 7, 14);
    }

    /** Returns this configuration with rings of {@code send} and {@code receive} slots, each a power of two. */
    public QueuePairConfig withRings(int send, int receive) {
        return new QueuePairConfig(sendCompletions, receiveCompletions, send, receive, rnrRetry, rnrTimerCode);
    }

    /**
     * Returns this configuration with {@code retry} RNR retries (0 to 7; 7 retries forever) and RNR timer code
     * {@code timerCode} (0 to 31, InfiniBand's table: 14 is 1.28 ms).
     */
    public QueuePairConfig withRnr(int retry, int timerCode) {
        return new QueuePairConfig(sendCompletions, receiveCompletions, sendRing, receiveRing, retry, timerCode);
    }
}
