package org.overbook.nic.vf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import org.overbook.nic.NicCosts;
import org.overbook.nic.Testbed;
import org.overbook.nic.contract.TestbedFixtures;
import org.overbook.nic.link.Link;

/**
 * A message of three MTU-sized packets, timed by hand: the DMA engine reads the three packets back to
 * back over PCIe after one read latency, each packet goes on the wire when its data is in (so the read
 * of packet k+1 overlaps the wire time of packet k), the receiver writes each packet as it arrives, the
 * receive completes after the last write, and the send completes when the acknowledgement of the last
 * packet is back. TLBs are warm (the same message went once before).
 */
class PacketTimelineTest {

    private static final int MTU = 4096;
    private static final int BYTES = 3 * MTU;

    @Test
    void threePacketsPipelineAsComputedByHand() throws Exception {
        Path directory = Files.createTempDirectory("overbook-packets-");
        NicConfig nic = NicConfig.of("pin-all");
        LinkConfig link = LinkConfig.fdr();
        Testbed testbed = TestbedFixtures.create(
                TestbedFixtures.host("s", 256, 0, new int[] {64}, directory.resolve("server")),
                TestbedFixtures.host("c", 256, 0, new int[] {64}, directory.resolve("client")),
                nic, link, /* seed= */ 3);
        try {
            Verbs server = testbed.server().tenant(0).guest().verbs();
            long inbox = testbed.server().tenant(0).memory().allocate(BYTES);
            MemoryRegion inboxRegion = server.register(inbox, BYTES, Access.LOCAL_WRITE);
            CompletionQueue serverCq = server.createCompletionQueue(8);
            long[] received = new long[2];
            serverCq.onCompletion(c -> received[(int) c.id()] = testbed.simulation().now());
            server.listen("x", QueuePairConfig.of(serverCq, serverCq), qp -> {
                qp.postReceive(new WorkRequest.Receive(0, inbox, BYTES, inboxRegion.lkey()));
                qp.postReceive(new WorkRequest.Receive(1, inbox, BYTES, inboxRegion.lkey()));
            });
            Verbs client = testbed.client().tenant(0).guest().verbs();
            long buffer = testbed.client().tenant(0).memory().allocate(BYTES);
            byte[] bytes = new byte[BYTES];
            new java.util.SplittableRandom(7).nextBytes(bytes);
            testbed.client().tenant(0).memory().write(buffer, bytes, 0, BYTES);
            int lkey = client.register(buffer, BYTES, 0).lkey();
            CompletionQueue cq = client.createCompletionQueue(8);
            long[] sent = new long[2];
            cq.onCompletion(c -> sent[(int) c.id()] = testbed.simulation().now());
            QueuePair qp = client.connect("s0", "x", QueuePairConfig.of(cq, cq));
            testbed.simulation().run();
            qp.postSend(new WorkRequest.Send(0, buffer, BYTES, lkey)); // warms both TLBs
            testbed.simulation().run();

            long posted = testbed.client().tenant(0).vcpu().now();
            qp.postSend(new WorkRequest.Send(1, buffer, BYTES, lkey));
            testbed.simulation().run();

            NicCosts costs = nic.costs();
            long pcieTransfer = ceil(MTU * 8L * 1_000_000_000L, nic.pcie().bitsPerSecond());
            long wire = ceil((MTU + Link.HEADER_BYTES) * 8L * 1_000_000_000L, link.bitsPerSecond());
            long ackWire = ceil(Link.HEADER_BYTES * 8L * 1_000_000_000L, link.bitsPerSecond());
            long readsStart = posted + costs.wqeNanos() + nic.pcie().readLatencyNanos();
            long[] readDone = new long[3];
            long[] wireDone = new long[3];
            long[] written = new long[3];
            for (int k = 0; k < 3; k++) {
                readDone[k] = readsStart + (k + 1) * pcieTransfer;                  // reads back to back
                wireDone[k] = Math.max(readDone[k], k == 0 ? 0 : wireDone[k - 1]) + wire; // packet k on the wire
                long arrival = wireDone[k] + link.latencyNanos();
                written[k] = Math.max(arrival, k == 0 ? 0 : written[k - 1]) + pcieTransfer; // posted write
            }
            assertTrue(readDone[1] < wireDone[0], "the read of packet 2 overlaps the wire time of packet 1");
            long receiveCompletion = written[2] + costs.interruptNanos();
            long sendCompletion = written[2] + ackWire + link.latencyNanos() + costs.interruptNanos();
            assertEquals(receiveCompletion, received[1], "receive completion after the last packet is written");
            assertEquals(sendCompletion, sent[1], "send completion when the last packet's acknowledgement is back");
            byte[] arrived = new byte[BYTES];
            testbed.server().tenant(0).memory().read(inbox, arrived, 0, BYTES);
            assertArrayEquals(bytes, arrived, "the three packets' bytes, in place");
        } finally {
            TestbedFixtures.checkAndClose(testbed);
            HostsUnderTest.deleteTree(directory);
        }
    }

    private static long ceil(long numerator, long denominator) {
        return (numerator + denominator - 1) / denominator;
    }
}
