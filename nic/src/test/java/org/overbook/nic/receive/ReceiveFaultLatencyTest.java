package org.overbook.nic.receive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
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
import org.overbook.nic.transport.RnrTimer;

/**
 * The shape of headline result 2 of docs/ARCHITECTURE.md (ASPLOS 2017): a receive that faults costs the sender
 * a retransmission timeout under {@code drop} (hundreds of milliseconds), an RNR timer under
 * {@code rnr-nack} (about a millisecond), and only the fault service and one copy under
 * {@code backup-ring} or {@code system-buffer} (tens of microseconds): orders of magnitude apart.
 */
class ReceiveFaultLatencyTest {

    /** Returns the simulated time from posting a 4 KiB send to its completion, when the receive buffer faults. */
    private static long faultedSendLatency(String policy) throws Exception {
        boolean reliable = policy.equals("rnr-nack") || policy.equals("system-buffer");
        Path directory = Files.createTempDirectory("overbook-rxlat-");
        Testbed testbed = TestbedFixtures.create(
                TestbedFixtures.host("s", 256, 256, new int[] {64}, directory.resolve("server")),
                TestbedFixtures.host("c", 256, 0, new int[] {16}, directory.resolve("client")),
                NicConfig.of("on-demand").withTransport(reliable ? "reliable" : "datagram", policy), LinkConfig.fdr(), 2);
        try {
            Verbs server = testbed.server().tenant(0).guest().verbs();
            long area = testbed.server().tenant(0).memory().allocate(4096);
            MemoryRegion region = server.register(area, 4096, Access.LOCAL_WRITE);
            CompletionQueue serverCq = server.createCompletionQueue(8);
            server.listen("x", QueuePairConfig.of(serverCq, serverCq),
                    qp -> qp.postReceive(new WorkRequest.Receive(0, area, 4096, region.lkey())));
            Verbs client = testbed.client().tenant(0).guest().verbs();
            long buffer = testbed.client().tenant(0).memory().allocate(4096);
            int lkey = client.register(buffer, 4096, Access.LOCAL_WRITE).lkey();
            CompletionQueue cq = client.createCompletionQueue(8);
            QueuePair qp = client.connect("s0", "x", QueuePairConfig.of(cq, cq));
            testbed.simulation().run(); // the server posts its (never-touched, so faulting) buffer
            long start = testbed.client().tenant(0).vcpu().now(); // when the post leaves (after the boot's pinning)
            qp.postSend(new WorkRequest.Send(1, buffer, 4096, lkey));
            long[] done = {-1};
            cq.onCompletion(c -> done[0] = testbed.simulation().now());
            testbed.simulation().run();
            assertEquals(1, testbed.serverNic().vf(0).counters().messagesReceived(), policy + ": delivered");
            return done[0] - start;
        } finally {
            TestbedFixtures.checkAndClose(testbed);
            HostsUnderTest.deleteTree(directory);
        }
    }

    @Test
    void stagingBeatsNackWhichBeatsDropByOrdersOfMagnitude() throws Exception {
        Map<String, Long> latency = new LinkedHashMap<>();
        for (String policy : new String[] {"drop", "rnr-nack", "backup-ring", "system-buffer"}) {
            latency.put(policy, faultedSendLatency(policy));
        }
        String figures = latency.toString();
        assertTrue(latency.get("drop") >= 200_000_000, "drop waits the 200 ms minimum RTO: " + figures);
        assertTrue(latency.get("rnr-nack") >= 1_280_000 && latency.get("rnr-nack") < 10_000_000, "an RNR timer (1.28 ms): " + figures);
        assertTrue(latency.get("backup-ring") < 100_000, "fault service plus one copy: " + figures);
        assertTrue(latency.get("system-buffer") < 100_000, "fault service plus one copy: " + figures);
        assertTrue(latency.get("drop") > 1000 * latency.get("backup-ring"), "three orders of magnitude: " + figures);
        // Beyond its timer, each retrying policy pays only a round trip and the resend: under 100 us, the bound the
        // staging policies meet whole. The RNR wait is the one the responder's code names (14: 1.28 ms), not the next
        // code's (1.92 ms), and drop's is the retransmission timeout.
        long rnrTimer = RnrTimer.delayNanos(QueuePairConfig.of(null, null).rnrTimerCode());
        long rto = NicConfig.of("on-demand").costs().rtoNanos();
        long afterRnr = latency.get("rnr-nack") - rnrTimer;
        long afterRto = latency.get("drop") - rto;
        assertTrue(afterRnr >= 0 && afterRnr < 100_000, "rnr-nack: the RNR timer (" + rnrTimer + " ns) and "
                + afterRnr + " ns more: " + figures);
        assertTrue(afterRto >= 0 && afterRto < 100_000, "drop: the RTO (" + rto + " ns) and " + afterRto + " ns more: "
                + figures);

        System.out.println("faulted 4 KiB send latency (ns) by receive-fault policy: " + figures);
    }
}
