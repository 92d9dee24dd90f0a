package org.overbook.nic.dma;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.overbook.guest.verbs.Access;
import org.overbook.guest.verbs.CompletionQueue;
import org.overbook.guest.verbs.MemoryRegion;
import org.overbook.guest.verbs.QueuePair;
import org.overbook.guest.verbs.QueuePairConfig;
import org.overbook.guest.verbs.Verbs;
import org.overbook.guest.verbs.WorkRequest;
import org.overbook.hypervisor.testing.HostsUnderTest;
import org.overbook.nic.LinkConfig;
import org.overbook.nic.NicConfig;
import org.overbook.nic.Testbed;
import org.overbook.nic.contract.TestbedFixtures;

/**
 * Two VFs of one NIC streaming large sends through its PCIe link, which is slower than the wire: each
 * gets half of the link's bandwidth within 5 %, and the link is busy nearly all the time.
 */
class PcieSharingTest {

    private static final long PCIE = 40_000_000_000L; // slower than the 400 Gb/s wire: PCIe is the bottleneck
    private static final int MESSAGE = 64 * 1024;
    private static final int MESSAGES = 400;
    private static final int WINDOW = 8;

    @Test
    void twoStreamingVfsSplitThePcieBandwidth() throws Exception {
        Path directory = Files.createTempDirectory("overbook-pcie-");
        NicConfig nic = NicConfig.of("pin-all").withPcie(new NicConfig.Pcie(PCIE, 550));
        LinkConfig link = new LinkConfig(400_000_000_000L, 600, 0.0, 4096);
        Testbed testbed = TestbedFixtures.create(
                TestbedFixtures.host("s", 2048, 0, new int[] {256, 256}, directory.resolve("server")),
                TestbedFixtures.host("c", 2048, 0, new int[] {256, 256}, directory.resolve("client")),
                nic, link, /* seed= */ 5);
        try {
            long[][] completedAt = new long[2][MESSAGES];
            for (int s = 0; s < 2; s++) {
                Verbs receiver = testbed.client().tenant(s).guest().verbs();
                long inbox = testbed.client().tenant(s).memory().allocate(MESSAGE);
                MemoryRegion inboxRegion = receiver.register(inbox, MESSAGE, Access.LOCAL_WRITE);
                CompletionQueue receiveCq = receiver.createCompletionQueue(1024);
                receiver.listen("stream", QueuePairConfig.of(receiveCq, receiveCq).withRings(16, 512), qp -> {
                    for (int i = 0; i < MESSAGES; i++) {
                        qp.postReceive(new WorkRequest.Receive(i, inbox, MESSAGE, inboxRegion.lkey()));
                    }
                });
                Verbs sender = testbed.server().tenant(s).guest().verbs();
                long buffer = testbed.server().tenant(s).memory().allocate(MESSAGE);
                testbed.server().tenant(s).memory().write(buffer, new byte[MESSAGE], 0, MESSAGE);
                int lkey = sender.register(buffer, MESSAGE, 0).lkey();
                CompletionQueue cq = sender.createCompletionQueue(64);
                QueuePair qp = sender.connect("c" + s, "stream", QueuePairConfig.of(cq, cq).withRings(16, 16));
                int stream = s;
                int[] posted = {0};
                Runnable fill = () -> {
                    while (posted[0] < MESSAGES && qp.sendsOutstanding() < WINDOW) {
                        qp.postSend(new WorkRequest.Send(posted[0]++, buffer, MESSAGE, lkey));
                    }
                };
                cq.onCompletion(c -> {
                    completedAt[stream][(int) c.id()] = testbed.simulation().now();
                    fill.run();
                });
                fill.run();
            }
            testbed.simulation().run();

            // While both stream (up to the earlier one's last completion), each moves half of PCIe.
            long end = Math.min(completedAt[0][MESSAGES - 1], completedAt[1][MESSAGES - 1]);
            long start = Math.max(completedAt[0][WINDOW], completedAt[1][WINDOW]);
            double half = PCIE / 2.0;
            for (int s = 0; s < 2; s++) {
                int done = 0;
                for (long at : completedAt[s]) {
                    done += at > start && at <= end ? 1 : 0;
                }
                double bitsPerSecond = done * (double) MESSAGE * 8 / ((end - start) / 1e9);
                assertEquals(half, bitsPerSecond, 0.05 * half, "VF " + s + " streamed " + bitsPerSecond / 1e9
                        + " Gb/s of the link's " + PCIE / 1e9);
            }
            PcieLink pcie = testbed.serverNic().pcie();
            long bytes = 2L * MESSAGES * MESSAGE;
            assertEquals(bytes, pcie.hostToNic().bytes() - translationBytes(pcie), "every payload byte crossed once");
            assertEquals(pcie.nanosFor(MESSAGE / 16) * 16L * 2 * MESSAGES,
                    pcie.hostToNic().busyNanos() - translationBytes(pcie) / 64 * pcie.nanosFor(64), "busy time is the bytes' time");
        } finally {
            TestbedFixtures.checkAndClose(testbed);
            HostsUnderTest.deleteTree(directory);
        }
    }

    /** Returns the bytes of translation fetches (64-byte lines) among what crossed host to NIC. */
    private static long translationBytes(PcieLink pcie) {
        return pcie.hostToNic().bytes() % 4096;
    }
}
