package org.overbook.nic.dma;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The PCIe link moves data in time order whatever order it is booked in. A translation that misses twice
 * books its second line fetch one read latency ahead of now; another VF's fetch booked afterwards for now
 * must take the idle link before it, not queue behind it. Booked in arrival order instead, every chained
 * fetch of every VF added a whole read latency (550 ns) to the link's horizon, and with enough VFs missing
 * the NIC TLB the horizon ran ~90 us ahead of time on an idle link (the scaling scenario's collapse
 * between 600 and 650 tenants).
 */
class PcieLinkTest {

    private static final long RATE = 115_000_000_000L;
    private static final long LATENCY = 550;
    private static final int LINE = PcieLink.TRANSLATION_LINE_BYTES;

    @Test
    void aFetchBookedAfterAChainedOneForAnEarlierTimeDoesNotWaitForIt() {
        PcieLink link = new PcieLink(RATE, LATENCY, () -> 0L);
        long line = link.nanosFor(LINE);
        long first = link.read(0, LINE);
        assertEquals(LATENCY + line, first);
        long chained = link.read(first, LINE); // the same translation's second miss, issued when the first is in
        assertEquals(first + LATENCY + line, chained);
        long other = link.read(0, LINE); // another VF's miss at time 0, booked after the chain
        assertEquals(LATENCY + 2 * line, other, "waits only for the first fetch's data, which arrived just before it");
    }

    @Test
    void bookingsForTheSameTimeStillShareTheBandwidth() {
        PcieLink link = new PcieLink(RATE, LATENCY, () -> 0L);
        long nanos = link.nanosFor(4096);
        for (int k = 1; k <= 10; k++) {
            assertEquals(k * nanos, link.write(0, 4096));
        }
        assertEquals(10 * nanos, link.nicToHost().busyNanos());
        assertEquals(10 * nanos + nanos, link.write(5 * nanos, 4096), "a booking inside the busy period goes after it");
    }

    @Test
    void aReadFillsAGapOnlyIfItFits() {
        long[] now = {0};
        PcieLink link = new PcieLink(RATE, 0, () -> now[0]);
        long nanos = link.nanosFor(1150); // 80 ns
        assertEquals(nanos, link.read(0, 1150));
        assertEquals(2 * nanos + nanos, link.read(2 * nanos, 1150)); // busy [0, 80) and [160, 240)
        assertEquals(2 * nanos, link.read(nanos, 1150), "the gap [80, 160) holds one");
        assertEquals(3 * nanos + nanos, link.read(nanos, 1150), "the next goes after the busy period");
        now[0] = 10 * nanos; // everything booked so far has ended
        assertEquals(11 * nanos, link.read(10 * nanos, 1150));
    }

    @Test
    void postedWritesStayInTheOrderTheyWereIssued() {
        PcieLink link = new PcieLink(RATE, LATENCY, () -> 0L);
        long nanos = link.nanosFor(4096);
        assertEquals(1000 + nanos, link.write(1000, 4096));
        assertEquals(1000 + 2 * nanos, link.write(0, 4096), "a later write for an earlier time does not pass it");
    }
}
