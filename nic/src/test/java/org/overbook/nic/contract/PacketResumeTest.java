package org.overbook.nic.contract;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.overbook.guest.verbs.Access;
import org.overbook.guest.verbs.Completion;
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
import org.overbook.nic.VfCounters;

/**
 * A receive fault in the middle of a message, under every receive-fault policy: a 16 KiB send in
 * 1 KiB packets lands in a buffer whose third page (packets 8 to 11) the NIC page table lacks. The
 * message stops at packet 8; packets 0 to 7 are written; the policy applies from packet 8 on (an RNR
 * NACK names packet 8 and go-back-N resends only packets 8 to 15; a drop loses packet 8, the packets
 * behind it are discarded in sequence, and the retransmission's duplicates of packets 0 to 7 are
 * ignored; staging parks packets 8 to 15 and copies them once the page is in). Every byte arrives in
 * place, and the receive and the send each complete once, successfully.
 */
class PacketResumeTest {

    private static final int MTU = 1024;
    private static final int PAGES = 4;
    private static final int BYTES = PAGES * 4096;
    private static final int FAULTING_PAGE = 2;
    private static final int FIRST_FAULTING_PACKET = FAULTING_PAGE * 4096 / MTU;
    private static final int PACKETS = BYTES / MTU;
    private static final long SEED = 19;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"rnr-nack", "drop", "backup-ring", "system-buffer"})
    void aMessageResumesAtItsFaultingPacket(String policy) throws Exception {
        boolean reliable = policy.equals("rnr-nack") || policy.equals("system-buffer");
        Path directory = Files.createTempDirectory("overbook-resume-");
        Testbed testbed = TestbedFixtures.create(
                TestbedFixtures.host("s", 256, 256, new int[] {64}, directory.resolve("server")),
                TestbedFixtures.host("c", 256, 0, new int[] {64}, directory.resolve("client")),
                NicConfig.of("on-demand").withTransport(reliable ? "reliable" : "datagram", policy),
                LinkConfig.fdr().withMtu(MTU), SEED);
        try {
            Verbs server = testbed.server().tenant(0).guest().verbs();
            long inbox = testbed.server().tenant(0).memory().allocate(BYTES);
            MemoryRegion region = server.register(inbox, BYTES, Access.LOCAL_WRITE | Access.ON_DEMAND);
            server.advise(region, inbox, FAULTING_PAGE * 4096L);                 // pages 0 and 1 mapped
            server.advise(region, inbox + (FAULTING_PAGE + 1) * 4096L, 4096);  // page 3 mapped; page 2 not
            CompletionQueue serverCq = server.createCompletionQueue(8);
            Completion[] received = new Completion[1];
            serverCq.onCompletion(c -> received[0] = c);
            server.listen("x", QueuePairConfig.of(serverCq, serverCq),
                    qp -> qp.postReceive(new WorkRequest.Receive(0, inbox, BYTES, region.lkey())));

            Verbs client = testbed.client().tenant(0).guest().verbs();
            long buffer = testbed.client().tenant(0).memory().allocate(BYTES);
            byte[] bytes = new byte[BYTES];
            new SplittableRandom(SEED).nextBytes(bytes);
            testbed.client().tenant(0).memory().write(buffer, bytes, 0, BYTES);
            int lkey = client.register(buffer, BYTES, 0).lkey();
            CompletionQueue cq = client.createCompletionQueue(8);
            Completion[] sent = new Completion[1];
            cq.onCompletion(c -> sent[0] = c);
            QueuePair qp = client.connect("s0", "x", QueuePairConfig.of(cq, cq));
            testbed.simulation().run();
            qp.postSend(new WorkRequest.Send(1, buffer, BYTES, lkey));
            testbed.simulation().run();

            String context = policy + ", seed " + SEED;
            assertEquals(true, received[0] != null && received[0].ok() && received[0].byteLength() == BYTES, "received: " + context);
            assertEquals(true, sent[0] != null && sent[0].ok(), "sent: " + context);
            byte[] arrived = new byte[BYTES];
            testbed.server().tenant(0).memory().read(inbox, arrived, 0, BYTES);
            assertArrayEquals(bytes, arrived, "0 mismatches: " + context);

            VfCounters receiver = testbed.serverNic().vf(0).counters();
            VfCounters sender = testbed.clientNic().vf(0).counters();
            assertEquals(1, receiver.faults(VfCounters.Side.RECEIVE), "one receive fault, at packet "
                    + FIRST_FAULTING_PACKET + ": " + context);
            int fromFault = PACKETS - FIRST_FAULTING_PACKET;
            switch (policy) {
                case "rnr-nack" -> {
                    assertEquals(1, receiver.rnrNacksSent(), context);
                    assertEquals(fromFault, sender.retransmits(), "go-back-N from the NACKed packet's PSN: " + context);
                }
                case "drop" -> {
                    assertEquals(1, receiver.drops(), "the faulting packet dropped: " + context);
                    assertEquals(PACKETS, sender.retransmits(), "the timeout resends the unacknowledged message: " + context);
                }
                case "backup-ring", "system-buffer" -> {
                    assertEquals(fromFault, receiver.staged(), "the faulting packet and those behind it staged: " + context);
                    assertEquals(0, sender.retransmits(), context);
                }
                default -> throw new AssertionError(policy);
            }
        } finally {
            TestbedFixtures.checkAndClose(testbed);
            HostsUnderTest.deleteTree(directory);
        }
    }
}
