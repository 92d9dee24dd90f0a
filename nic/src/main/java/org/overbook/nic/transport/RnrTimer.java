package org.overbook.nic.transport;

/**
 * The InfiniBand RNR NAK timer: a 5-bit code, carried in the syndrome of an RNR NAK (the responder's
 * {@code min_rnr_timer}), that tells the requester how long to wait before it retries a message the
 * responder was Not Ready to Receive; and the requester's {@code rnr_retry} rule.
 *
 * <h2>Design</h2>
 * The ASPLOS 2017 receive-fault path [1] answers an InfiniBand receive page fault with an RNR NAK; the
 * sender waits the encoded delay and retries. The delay is not linear in the code: code 0 is the longest
 * (655.36 ms), codes 1 to 31 grow roughly geometrically from 0.01 ms to 491.52 ms.
 *
 * <p>The table below is the IBTA encoding (InfiniBand Architecture Specification Vol. 1, the RNR NAK timer
 * field of the AETH syndrome), checked entry by entry against the names of Linux's
 * {@code enum ib_rnr_timeout} in {@code include/rdma/ib_verbs.h} [2], where {@code IB_RNR_TIMER_ddd_dd}
 * is the delay in milliseconds ({@code IB_RNR_TIMER_655_36 = 0}, {@code IB_RNR_TIMER_000_01 = 1}, ...,
 * {@code IB_RNR_TIMER_491_52 = 31}). The soft-RoCE driver's microsecond table ({@code rnrnak_usec} in
 * {@code drivers/infiniband/sw/rxe/rxe_comp.c} [3]) agrees except for code 25, where it has 61410 us for
 * {@code IB_RNR_TIMER_061_44}; that is a typo there, and this class keeps 61.44 ms.
 *
 * <p>{@code rnr_retry} is a 3-bit count of retries after RNR NAKs; 7 means retry forever. The rule as
 * rxe implements it [3]: on an RNR NAK, if the remaining count is above 0, decrement it unless it is 7,
 * and retry after the timer; if it is 0, complete the work request with {@code IB_WC_RNR_RETRY_EXC_ERR};
 * an acknowledgement of progress restores the count. See {@link RnrRetryCounter}.
 *
 * <p>References: [1] I. Lesokhin et al., "Page Fault Support for Network Controllers", ASPLOS 2017.
 * [2] Linux, {@code include/rdma/ib_verbs.h}, {@code enum ib_rnr_timeout}. [3] Linux,
 * {@code drivers/infiniband/sw/rxe/rxe_comp.c}, {@code rnrnak_usec[]} and the {@code COMPST_RNR_RETRY} state.
 */
public final class RnrTimer {

    /** Smallest valid timer code. */
    public static final int MIN_CODE = 0;
    /** Largest valid timer code (the field is 5 bits). */
    public static final int MAX_CODE = 31;
    /** Largest valid {@code rnr_retry} (the field is 3 bits). */
    public static final int MAX_RETRY = 7;
    /** The {@code rnr_retry} value that means "retry forever". */
    public static final int RETRY_FOREVER = 7;

    private static final long NANOS_PER_10_MICROS = 10_000L;

    /** Delay of each code in units of 10 microseconds (0.01 ms), index = code. */
    private static final int[] DELAY_10_MICROS = {
        65_536, // 0: 655.36 ms
        1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, // 1..13: 0.01 .. 0.96 ms
        128, 192, 256, 384, 512, 768, 1_024, 1_536, 2_048, 3_072, 4_096, 6_144, // 14..25: 1.28 .. 61.44 ms
        8_192, 12_288, 16_384, 24_576, 32_768, 49_152, // 26..31: 81.92 .. 491.52 ms
    };

    private RnrTimer() {}

    /**
     * Returns the delay that an RNR NAK timer code stands for, in nanoseconds.
     *
     * @throws IllegalArgumentException if {@code code} is not in {@code 0..31}
     */
    public static long delayNanos(int code) {
        if (code < MIN_CODE || code > MAX_CODE) {
            throw new IllegalArgumentException(
                    "RNR timer code = " + code + "; accepted: " + MIN_CODE + " .. " + MAX_CODE);
        }
        return DELAY_10_MICROS[code] * NANOS_PER_10_MICROS;
    }

    /**
     * Returns the code of the shortest delay that is at least {@code nanos}, for scenarios that give a
     * delay rather than a code.
     *
     * @throws IllegalArgumentException if {@code nanos} is negative or above 655.36 ms
     */
    public static int codeForAtLeast(long nanos) {
        int best = -1;
        for (int code = MIN_CODE; code <= MAX_CODE; code++) {
            long delay = delayNanos(code);
            if (delay >= nanos && nanos >= 0 && (best < 0 || delay < delayNanos(best))) {
                best = code;
            }
        }
        if (best < 0) {
            throw new IllegalArgumentException("RNR delay = " + nanos + " ns; accepted: 0 .. " + delayNanos(0) + " ns");
        }
        return best;
    }

    /**
     * Returns {@code rnrRetry} if it is a valid retry count.
     *
     * @throws IllegalArgumentException if it is not in {@code 0..7}
     */
    public static int checkRetry(int rnrRetry) {
        if (rnrRetry < 0 || rnrRetry > MAX_RETRY) {
            throw new IllegalArgumentException(
                    "rnr_retry = " + rnrRetry + "; accepted: 0 .. " + MAX_RETRY + " (" + RETRY_FOREVER + " = retry forever)");
        }
        return rnrRetry;
    }

    /** Returns whether a valid {@code rnr_retry} means "retry forever". */
    public static boolean retriesForever(int rnrRetry) {
        return checkRetry(rnrRetry) == RETRY_FOREVER;
    }
}
