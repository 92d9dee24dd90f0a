package org.overbook.nic.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every entry of the RNR NAK timer table, written as the milliseconds in the names of Linux's
 * {@code enum ib_rnr_timeout} ({@code IB_RNR_TIMER_655_36 = 0} ... {@code IB_RNR_TIMER_491_52 = 31}),
 * and the {@code rnr_retry} rule.
 */
class RnrTimerTest {

    @ParameterizedTest(name = "code {0} = {1} ms")
    @CsvSource({
        "0, 655.36", "1, 0.01", "2, 0.02", "3, 0.03", "4, 0.04", "5, 0.06", "6, 0.08", "7, 0.12",
        "8, 0.16", "9, 0.24", "10, 0.32", "11, 0.48", "12, 0.64", "13, 0.96", "14, 1.28", "15, 1.92",
        "16, 2.56", "17, 3.84", "18, 5.12", "19, 7.68", "20, 10.24", "21, 15.36", "22, 20.48", "23, 30.72",
        "24, 40.96", "25, 61.44", "26, 81.92", "27, 122.88", "28, 163.84", "29, 245.76", "30, 327.68",
        "31, 491.52",
    })
    void everyCodeHasItsDelay(int code, String millis) {
        long nanos = new java.math.BigDecimal(millis).movePointRight(6).longValueExact();
        assertEquals(nanos, RnrTimer.delayNanos(code));
    }

    @ParameterizedTest
    @ValueSource(ints = {-1, 32, Integer.MIN_VALUE, Integer.MAX_VALUE})
    void badCodesNameTheValueAndTheRange(int code) {
        var error = assertThrows(IllegalArgumentException.class, () -> RnrTimer.delayNanos(code));
        assertEquals("RNR timer code = " + code + "; accepted: 0 .. 31", error.getMessage());
    }

    @Test
    void theShortestCodeAtLeastADelay() {
        assertEquals(1, RnrTimer.codeForAtLeast(0));
        assertEquals(1, RnrTimer.codeForAtLeast(10_000));
        assertEquals(2, RnrTimer.codeForAtLeast(10_001));
        assertEquals(25, RnrTimer.codeForAtLeast(61_440_000));
        assertEquals(31, RnrTimer.codeForAtLeast(491_520_000));
        assertEquals(0, RnrTimer.codeForAtLeast(491_520_001));
        assertEquals(0, RnrTimer.codeForAtLeast(655_360_000));
        assertThrows(IllegalArgumentException.class, () -> RnrTimer.codeForAtLeast(655_360_001));
        assertThrows(IllegalArgumentException.class, () -> RnrTimer.codeForAtLeast(-1));
    }

    @Test
    void retryCountsSpendAndRefill() {
        RnrRetryCounter counter = new RnrRetryCounter(2);
        assertTrue(counter.onRnrNak());
        assertTrue(counter.onRnrNak());
        assertFalse(counter.onRnrNak(), "the third RNR NAK in a row exceeds rnr_retry = 2");
        assertEquals(0, counter.remaining());
        counter.onProgress();
        assertEquals(2, counter.remaining());
        assertFalse(new RnrRetryCounter(0).onRnrNak(), "rnr_retry = 0 never retries");
    }

    @Test
    void sevenMeansRetryForever() {
        RnrRetryCounter counter = new RnrRetryCounter(RnrTimer.RETRY_FOREVER);
        for (int i = 0; i < 1_000; i++) {
            assertTrue(counter.onRnrNak());
        }
        assertEquals(7, counter.remaining());
        assertTrue(RnrTimer.retriesForever(7));
        assertFalse(RnrTimer.retriesForever(6));
    }

    @ParameterizedTest
    @ValueSource(ints = {-1, 8})
    void badRetryCountsNameTheValueAndTheRange(int retry) {
        var error = assertThrows(IllegalArgumentException.class, () -> new RnrRetryCounter(retry));
        assertEquals("rnr_retry = " + retry + "; accepted: 0 .. 7 (7 = retry forever)", error.getMessage());
    }
}
