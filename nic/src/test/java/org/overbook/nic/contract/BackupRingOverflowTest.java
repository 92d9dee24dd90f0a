package org.overbook.nic.contract;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.overbook.nic.LinkConfig;
import org.overbook.nic.NicConfig;
import org.overbook.nic.vf.VirtualFunction;

/**
 * A backup ring too small for the faults it meets: parked packets keep their order, a full ring falls
 * back to a drop (counted as an overflow), and the datagram transport's retransmission still delivers
 * every byte in order.
 */
class BackupRingOverflowTest {

    @Test
    void aFullRingFallsBackToDropAndEverythingStillArrivesInOrder() throws Exception {
        NicConfig base = NicConfig.of("on-demand");
        NicConfig nic = base.withReceive(new NicConfig.Receive("datagram", "backup-ring", "software",
                /* backupRingSlots= */ 6, base.receive().systemBufferCredits(), base.receive().prefetchWindowBytes()));
        ContractRun.execute(nic, LinkConfig.fdr(), /* writes= */ false, new int[] {1024, 1024}, testbed -> {
            long staged = 0;
            long overflows = 0;
            for (VirtualFunction vf : testbed.serverNic().vfs()) {
                staged += vf.counters().staged();
                overflows += vf.counters().stagingOverflows();
                assertTrue(vf.stagingArea().peak() <= 6, "the ring never held more than its slots");
                // Drops also count packets that found no receive buffer posted.
                assertTrue(vf.counters().drops() >= vf.counters().stagingOverflows(), "every overflow became a drop");
            }
            assertTrue(staged > 0, "faulted packets were parked");
            assertTrue(overflows > 0, "the ring overflowed");
        });
    }
}
