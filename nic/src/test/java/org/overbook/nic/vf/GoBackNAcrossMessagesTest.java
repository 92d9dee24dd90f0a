package org.overbook.nic.vf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
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
import org.overbook.nic.VfCounters;
import org.overbook.nic.contract.TestbedFixtures;

/**
 * One packet lost with several messages outstanding: five messages of eight 1 KiB packets posted at one instant, and
 * packet 4 of message 2 lands on a page the receiver's NIC page table lacks (the way {@code PacketResumeTest} injects
 * a loss). Which packets go again, and when, against {@link HandTimeline}:
 *
 * <ul>
 *   <li>{@code rnr-nack} (reliable): the receiver NACKs packet 4 of message 2 and discards everything behind it; the
 *       NACK is back while message 4 is being read, and the packets read from then on wait. The sender waits the RNR
 *       timer the NACK names (code 14: 1.28 ms, InfiniBand's table) from the NACK's arrival, then sends from the
 *       NACKed packet on, across the message boundaries: packets 4 to 7 of message 2 and all of messages 3 and 4, 20
 *       packets back to back at that instant, of which those held during the wait go for the first time (they are
 *       not counted as retransmissions).</li>
 *   <li>{@code drop} (datagram): the receiver drops the packet and discards everything behind it silently; the
 *       sender's retransmission timeout (200 ms) expires 200 ms after its last progress, the acknowledgement of
 *       message 1, and resends from the first packet of the oldest unacknowledged message: all of messages 2 to 4,
 *       24 packets (nothing acknowledges part of a message); the receiver ignores the duplicates 0 to 3.</li>
 * </ul>
 *
 * The host resolves the fault meanwhile, so the resent packet 4 waits one translation line fetch; every packet goes
 * on the wire when the timeline says, every completion, before and after the loss, is at its hand-computed time to
 * the nanosecond, and completions come in posting order on both sides.
 */
class GoBackNAcrossMessagesTest {

    private static final int MTU = 1024;
    private static final int PACKETS = 8;
    private static final int BYTES = PACKETS * MTU; // two pages
    private static final int MESSAGES = 5;
    private static final int LOST_MESSAGE = 2;
    private static final int LOST_PACKET = 4;           // the first packet on the message's second page
    private static final long RNR_TIMER_CODE_14 = 1_280_000;
    private static final long SEED = 23;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"rnr-nack", "drop"})
    void aLossResendsFromTheRightPacketAtTheRightTime(String policy) throws Exception {
        boolean reliable = policy.equals("rnr-nack");
        Path directory = Files.createTempDirectory("overbook-gbn-messages-");
        NicConfig nic = NicConfig.of("on-demand").withTransport(reliable ? "reliable" : "datagram", policy);
        LinkConfig link = LinkConfig.fdr().withMtu(MTU);
        Testbed testbed = TestbedFixtures.create(
                TestbedFixtures.host("s", 256, 0, new int[] {64}, directory.resolve("server")),
                TestbedFixtures.host("c", 256, 0, new int[] {64}, directory.resolve("client")),
                nic, link, SEED);
        String where = policy + ", seed " + SEED;
        try {
            // The receive buffers: message j in pages 2j and 2j + 1 of the region, but the lost message in pages
            // 2m and 2m + 1, of which the NIC page table lacks the second. Every other page is mapped and warm.
            Verbs server = testbed.server().tenant(0).guest().verbs();
            int regionPages = 2 * MESSAGES + 2;
            long inbox = testbed.server().tenant(0).memory().allocate(regionPages * 4096L);
            assertEquals(0, inbox % 4096, "the region starts on a page");
            MemoryRegion region = server.register(inbox, regionPages * 4096L, Access.LOCAL_WRITE | Access.ON_DEMAND);
            server.advise(region, inbox, (regionPages - 1) * 4096L);
            long lostBuffer = inbox + 2L * MESSAGES * 4096;
            CompletionQueue serverCq = server.createCompletionQueue(64);
            CompletionLog received = CompletionLog.of(serverCq, testbed.simulation());
            server.listen("x", QueuePairConfig.of(serverCq, serverCq), qp -> {
                // the warm-up round: each message's own buffer, then the lost message's mapped page
                for (int j = 0; j < MESSAGES; j++) {
                    qp.postReceive(new WorkRequest.Receive(j, inbox + (long) j * BYTES, BYTES, region.lkey()));
                }
                qp.postReceive(new WorkRequest.Receive(MESSAGES, lostBuffer, 4096, region.lkey()));
                for (int j = 0; j < MESSAGES; j++) { // the measured round
                    long buffer = j == LOST_MESSAGE ? lostBuffer : inbox + (long) j * BYTES;
                    qp.postReceive(new WorkRequest.Receive(MESSAGES + 1 + j, buffer, BYTES, region.lkey()));
                }
            });
            Verbs client = testbed.client().tenant(0).guest().verbs();
            Outbox outbox = Outbox.of(testbed.client().tenant(0), MESSAGES * BYTES, SEED);
            CompletionQueue cq = client.createCompletionQueue(64);
            CompletionLog sent = CompletionLog.of(cq, testbed.simulation());
            QueuePair qp = client.connect("s0", "x", QueuePairConfig.of(cq, cq));
            testbed.simulation().run();
            for (int j = 0; j < MESSAGES; j++) {
                qp.postSend(new WorkRequest.Send(j, outbox.address() + (long) j * BYTES, BYTES, outbox.lkey()));
            }
            qp.postSend(new WorkRequest.Send(MESSAGES, outbox.address(), 4096, outbox.lkey()));
            testbed.simulation().run(); // the warm-up round: every TLB entry but the missing page's
            VfCounters sender = testbed.clientNic().vf(0).counters();
            VfCounters receiver = testbed.serverNic().vf(0).counters();
            assertEquals(0, sender.retransmits() + receiver.faults(VfCounters.Side.RECEIVE), where + ": a clean warm-up");

            long posted = testbed.client().tenant(0).vcpu().now();
            for (int j = 0; j < MESSAGES; j++) {
                qp.postSend(new WorkRequest.Send(MESSAGES + 1 + j, outbox.address() + (long) j * BYTES, BYTES, outbox.lkey()));
            }
            List<WireLog.Entry> log = WireLog.run(testbed.simulation(), testbed.link().from(1));

            // By hand: the first round, up to the lost packet.
            HandTimeline timeline = new HandTimeline(nic, link, posted);
            int[] lengths = new int[PACKETS];
            Arrays.fill(lengths, MTU);
            long[][] read = new long[MESSAGES][];
            for (int j = 0; j < MESSAGES; j++) {
                read[j] = timeline.read(lengths);
            }
            long[][] arrival = new long[MESSAGES][PACKETS];
            List<WireLog.Entry> expectedLog = new ArrayList<>();
            for (int j = 0; j <= LOST_MESSAGE; j++) {
                for (int k = 0; k < (j == LOST_MESSAGE ? LOST_PACKET + 1 : PACKETS); k++) {
                    arrival[j][k] = timeline.send(read[j][k], MTU);
                    expectedLog.add(new WireLog.Entry(read[j][k], 1, MTU));
                }
            }
            long[] written = new long[MESSAGES];
            long[] acknowledged = new long[MESSAGES];
            for (int j = 0; j < LOST_MESSAGE; j++) {
                for (int k = 0; k < PACKETS; k++) {
                    written[j] = timeline.receive(arrival[j][k], MTU);
                }
                acknowledged[j] = timeline.answer(written[j]);
            }
            for (int k = 0; k < LOST_PACKET; k++) {
                timeline.receive(arrival[LOST_MESSAGE][k], MTU);
            }
            // The lost packet: its page's translation misses, its line is fetched, the page is not there.
            long faulted = timeline.handled(arrival[LOST_MESSAGE][LOST_PACKET]) + timeline.lineFetch();
            long resendAt;
            int resentFrom;
            long heldFrom; // packets read from then on wait for the resend (an RNR wait holds the queue)
            if (reliable) {
                heldFrom = timeline.answer(faulted);
                resendAt = heldFrom + RNR_TIMER_CODE_14;
                resentFrom = LOST_PACKET;
            } else {
                heldFrom = Long.MAX_VALUE;
                resendAt = acknowledged[LOST_MESSAGE - 1] + nic.costs().rtoNanos(); // the last progress
                resentFrom = 0;
            }
            // The rest of the first round: each packet as it is read, unless the sender is waiting by then.
            int held = 0;
            for (int j = LOST_MESSAGE; j < MESSAGES; j++) {
                for (int k = j == LOST_MESSAGE ? LOST_PACKET + 1 : 0; k < PACKETS; k++) {
                    if (read[j][k] < heldFrom) {
                        timeline.send(read[j][k], MTU); // discarded: past the gap
                        expectedLog.add(new WireLog.Entry(read[j][k], 1, MTU));
                    } else {
                        held++;
                    }
                }
            }
            assertTrue(reliable ? held > 0 && held < PACKETS : held == 0, where + ": " + held + " packets held (the NACK"
                    + " comes back while the last message is read)");
            int resent = PACKETS - resentFrom + (MESSAGES - LOST_MESSAGE - 1) * PACKETS;
            expectedLog.add(new WireLog.Entry(resendAt, resent, (long) resent * MTU));
            assertEquals(expectedLog, log, where + ": every packet as it is read, then " + resent
                    + " at " + resendAt + " ns, from packet " + resentFrom + " of message " + LOST_MESSAGE);
            assertEquals(resent - held, sender.retransmits(), where + ": packets resent (those held went first then)");

            // By hand: the resent packets, back to back from then; duplicates are passed over, the lost packet's
            // translation fetches its line again (the page is mapped now), and the rest go on as before.
            for (int j = LOST_MESSAGE; j < MESSAGES; j++) {
                for (int k = j == LOST_MESSAGE ? resentFrom : 0; k < PACKETS; k++) {
                    long at = timeline.send(resendAt, MTU);
                    if (j == LOST_MESSAGE && k < LOST_PACKET) {
                        continue; // accepted the first time: a duplicate
                    }
                    long translation = j == LOST_MESSAGE && k == LOST_PACKET ? timeline.lineFetch() : 0;
                    written[j] = timeline.write(timeline.handled(at), translation, MTU);
                }
                acknowledged[j] = timeline.answer(written[j]);
            }
            for (int j = 0; j < MESSAGES; j++) {
                int id = MESSAGES + 1 + j;
                assertEquals(written[j] + timeline.interrupt(), received.time(id), where + ": message " + j + " received");
                assertEquals(acknowledged[j] + timeline.interrupt(), sent.time(id), where + ": message " + j + " sent");
            }

            List<Long> postingOrder = CompletionLog.postingOrder(2 * MESSAGES + 1);
            assertEquals(postingOrder, sent.order(), where + ": send completions in posting order");
            assertEquals(postingOrder, received.order(), where + ": receive completions in posting order");
            assertEquals(1, receiver.faults(VfCounters.Side.RECEIVE), where + ": one receive fault");
            assertEquals(reliable ? 1 : 0, receiver.rnrNacksSent(), where + ": RNR NACKs");
            assertEquals(reliable ? 0 : 1, receiver.drops(), where + ": drops");
            assertEquals(reliable ? 0 : 1, sender.timeouts(), where + ": retransmission timeouts");
            for (int j = 0; j < MESSAGES; j++) {
                long buffer = j == LOST_MESSAGE ? lostBuffer : inbox + (long) j * BYTES;
                byte[] arrived = new byte[BYTES];
                testbed.server().tenant(0).memory().read(buffer, arrived, 0, BYTES);
                assertArrayEquals(Arrays.copyOfRange(outbox.contents(), j * BYTES, (j + 1) * BYTES), arrived,
                        where + ": message " + j + "'s bytes in place");
            }
        } finally {
            TestbedFixtures.checkAndClose(testbed);
            HostsUnderTest.deleteTree(directory);
        }
    }
}
