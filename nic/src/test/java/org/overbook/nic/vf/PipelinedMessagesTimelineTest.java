package org.overbook.nic.vf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.overbook.guest.verbs.Access;
import org.overbook.guest.verbs.CompletionQueue;
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
 * Several messages outstanding on one queue pair, no loss, no fault: m messages of n packets posted at one instant
 * complete at the times {@link HandTimeline} computes by hand from the configuration, to the nanosecond, each
 * packet goes on the wire when the timeline says, and the completions come in posting order on both sides.
 *
 * <p>The throughput of a queue pair with requests waiting, in closed form: the send engine takes one request at a
 * time, so a message occupies it for wqe + read latency + n · (PCIe time of a packet), and the wire for n · (wire
 * time of a packet); the receiver's writes (a packet's PCIe time each) are faster than either. Once the pipeline is
 * full, messages complete one every max(n · wire, wqe + read latency + n · PCIe): at 4 KiB, 1,770 ns for three
 * packets (the wire binds: 55.5 Gb/s of payload) and 935 ns for one (the send engine binds: 35 Gb/s, well under
 * the link's). TLBs are warm (the same messages went once before), the memory pinned.
 */
class PipelinedMessagesTimelineTest {

    @ParameterizedTest(name = "{0} messages of {1} packets of {2} bytes")
    @CsvSource({"6, 3, 4096", "6, 1, 4096", "5, 8, 1024"})
    void messagesPostedTogetherCompleteAsComputedByHand(int messages, int packets, int mtu) throws Exception {
        int bytes = packets * mtu;
        Path directory = Files.createTempDirectory("overbook-pipelined-");
        NicConfig nic = NicConfig.of("pin-all");
        LinkConfig link = LinkConfig.fdr().withMtu(mtu);
        int guestPages = messages * Pages.count(0, bytes) + 4;
        Testbed testbed = TestbedFixtures.create(
                TestbedFixtures.host("s", 256, 0, new int[] {guestPages}, directory.resolve("server")),
                TestbedFixtures.host("c", 256, 0, new int[] {guestPages}, directory.resolve("client")),
                nic, link, /* seed= */ 5);
        String where = messages + " messages of " + packets + " packets of " + mtu + " bytes";
        try {
            Verbs server = testbed.server().tenant(0).guest().verbs();
            long inbox = testbed.server().tenant(0).memory().allocate((long) messages * bytes);
            int inboxKey = server.register(inbox, (long) messages * bytes, Access.LOCAL_WRITE).lkey();
            CompletionQueue serverCq = server.createCompletionQueue(64);
            CompletionLog received = CompletionLog.of(serverCq, testbed.simulation());
            server.listen("x", QueuePairConfig.of(serverCq, serverCq), qp -> {
                for (int i = 0; i < 2 * messages; i++) { // a round to warm the TLBs, then the measured one
                    qp.postReceive(new WorkRequest.Receive(i, inbox + (long) (i % messages) * bytes, bytes, inboxKey));
                }
            });
            Verbs client = testbed.client().tenant(0).guest().verbs();
            Outbox outbox = Outbox.of(testbed.client().tenant(0), messages * bytes, /* seed= */ 5);
            CompletionQueue cq = client.createCompletionQueue(64);
            CompletionLog sent = CompletionLog.of(cq, testbed.simulation());
            QueuePair qp = client.connect("s0", "x", QueuePairConfig.of(cq, cq));
            testbed.simulation().run();
            for (int round = 0; round < 2; round++) {
                long posted = testbed.client().tenant(0).vcpu().now();
                for (int j = 0; j < messages; j++) {
                    long address = outbox.address() + (long) j * bytes;
                    qp.postSend(new WorkRequest.Send(round * messages + j, address, bytes, outbox.lkey()));
                }
                List<WireLog.Entry> log = WireLog.run(testbed.simulation(), testbed.link().from(1));
                if (round == 0) {
                    continue; // the round that warms the TLBs
                }

                HandTimeline timeline = new HandTimeline(nic, link, posted);
                int[] lengths = new int[packets];
                Arrays.fill(lengths, mtu);
                List<WireLog.Entry> expectedLog = new ArrayList<>();
                for (int j = 0; j < messages; j++) {
                    long[] read = timeline.read(lengths);
                    long written = -1;
                    for (int k = 0; k < packets; k++) {
                        expectedLog.add(new WireLog.Entry(read[k], 1, mtu));
                        written = timeline.receive(timeline.send(read[k], mtu), mtu);
                    }
                    int id = messages + j;
                    assertEquals(written + timeline.interrupt(), received.time(id),
                            where + ": message " + j + "'s receive completes an interrupt after its last packet is written");
                    assertEquals(timeline.answer(written) + timeline.interrupt(), sent.time(id),
                            where + ": message " + j + "'s send completes an interrupt after its acknowledgement is back");
                }
                assertEquals(expectedLog, log, where + ": each packet on the wire when its data is in, once");

                long period = Math.max(packets * timeline.wire(mtu),
                        nic.costs().wqeNanos() + nic.pcie().readLatencyNanos() + packets * timeline.pcie(mtu));
                assertEquals(period, sent.time(2 * messages - 1) - sent.time(2 * messages - 2),
                        where + ": a full pipeline completes a message every max(n · wire, wqe + read latency + n · PCIe)");
            }
            List<Long> postingOrder = CompletionLog.postingOrder(2 * messages);
            assertEquals(postingOrder, sent.order(), where + ": send completions in posting order");
            assertEquals(postingOrder, received.order(), where + ": receive completions in posting order");
            byte[] arrived = new byte[outbox.contents().length];
            testbed.server().tenant(0).memory().read(inbox, arrived, 0, arrived.length);
            assertArrayEquals(outbox.contents(), arrived, where + ": every message's bytes in its own buffer");
        } finally {
            TestbedFixtures.checkAndClose(testbed);
            HostsUnderTest.deleteTree(directory);
        }
    }
}
