package org.overbook.nic.vf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.overbook.guest.verbs.Access;
import org.overbook.guest.verbs.CompletionQueue;
import org.overbook.guest.verbs.QueuePair;
import org.overbook.guest.verbs.QueuePairConfig;
import org.overbook.guest.verbs.Verbs;
import org.overbook.guest.verbs.WorkRequest;
import org.overbook.hypervisor.Tenant;
import org.overbook.hypervisor.memory.PageState;
import org.overbook.hypervisor.testing.HostsUnderTest;
import org.overbook.nic.LinkConfig;
import org.overbook.nic.NicConfig;
import org.overbook.nic.Testbed;
import org.overbook.nic.VfCounters;
import org.overbook.nic.contract.TestbedFixtures;

/**
 * What a send-side network page fault on pages never touched takes from host memory, under {@code on-demand}. mlx5's
 * fault handlers call {@code pagefault_real_mr} with no flags, which asks {@code hmm_range_fault} for write access
 * exactly when the region is writable ({@code odp->umem.writable}, from the registration's access): the fault does not
 * ask for the access the NIC makes, but for the one the region allows. So a send of 8 pages never touched from a
 * region registered without write access maps each to the shared zero page (mm/memory.c's {@code do_anonymous_page}
 * for a read fault) and takes no frame; from a writable region the same fault populates 8 zeroed frames. Either way 8
 * network page faults, minor, at the same price (the timeline is {@code PrefaultTimelineTest}'s), and 8 pages of zeros
 * arrive. Before, the read-only region's fault took 8 frames too.
 */
class SendFaultZeroPageTest {

    private static final int PAGE = 4096;
    private static final int PAGES = 8;

    @ParameterizedTest(name = "region access {0}")
    @ValueSource(ints = {0, Access.LOCAL_WRITE})
    void aSendFaultOnPagesNeverTouchedTakesFramesOnlyWhereTheRegionIsWritable(int access) throws Exception {
        Path directory = Files.createTempDirectory("overbook-send-zero-");
        Testbed testbed = TestbedFixtures.create(
                TestbedFixtures.host("s", 256, 64, new int[] {64}, directory.resolve("server")),
                TestbedFixtures.host("c", 256, 0, new int[] {64}, directory.resolve("client")),
                NicConfig.of("on-demand"), LinkConfig.fdr(), /* seed= */ 13);
        try {
            Tenant receiver = testbed.client().tenant(0);
            Verbs receiverVerbs = receiver.guest().verbs();
            long inbox = receiver.memory().allocate(PAGES * PAGE);
            int inboxKey = receiverVerbs.register(inbox, PAGES * PAGE, Access.LOCAL_WRITE).lkey();
            CompletionQueue receiverCq = receiverVerbs.createCompletionQueue(8);
            int[] delivered = new int[1];
            receiverCq.onCompletion(c -> delivered[0]++);
            Tenant sender = testbed.server().tenant(0);
            Verbs senderVerbs = sender.guest().verbs();
            long buffer = sender.memory().allocate(PAGES * PAGE);
            CompletionQueue cq = senderVerbs.createCompletionQueue(8);
            QueuePair[] accepted = new QueuePair[1];
            senderVerbs.listen("x", QueuePairConfig.of(cq, cq), qp -> accepted[0] = qp);
            QueuePair receiverQp = receiverVerbs.connect("s0", "x", QueuePairConfig.of(receiverCq, receiverCq));
            receiverQp.postReceive(new WorkRequest.Receive(0, inbox, PAGES * PAGE, inboxKey));
            testbed.simulation().run();
            int lkey = senderVerbs.register(buffer, PAGES * PAGE, access).lkey();
            VirtualFunction vf = testbed.vf("s0");
            int free = testbed.server().memory().freeFrames();
            long faults = vf.counters().faults(VfCounters.Side.SEND, VfCounters.FaultKind.MINOR);

            accepted[0].postSend(new WorkRequest.Send(0, buffer, PAGES * PAGE, lkey));
            testbed.simulation().run();

            boolean writable = access != 0;
            String where = writable ? "writable region" : "read-only region";
            assertEquals(PAGES, vf.counters().faults(VfCounters.Side.SEND), where + ": a fault for each page");
            assertEquals(PAGES, vf.counters().faults(VfCounters.Side.SEND, VfCounters.FaultKind.MINOR) - faults,
                    where + ": each minor");
            assertEquals(writable ? free - PAGES : free, testbed.server().memory().freeFrames(), where + ": frames taken");
            for (int page = (int) (buffer / PAGE); page < buffer / PAGE + PAGES; page++) {
                assertEquals(writable ? PageState.RESIDENT : PageState.NOT_POPULATED, sender.table().state(page),
                        where + ": page " + page);
                assertTrue(vf.translator().mapped(page) && vf.translator().mapped(page, /* forWrite= */ true) == writable,
                        where + ": page " + page + " mapped for the NIC, for writing only if the region is writable");
            }
            byte[] arrived = new byte[PAGES * PAGE];
            receiver.memory().read(inbox, arrived, 0, arrived.length);
            assertArrayEquals(new byte[PAGES * PAGE], arrived, where + ": zeros arrive");
            assertEquals(1, delivered[0], where + ": the message delivered");
        } finally {
            TestbedFixtures.checkAndClose(testbed);
            HostsUnderTest.deleteTree(directory);
        }
    }
}
