package org.overbook.nic.vf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.overbook.guest.verbs.Access;
import org.overbook.guest.verbs.CompletionQueue;
import org.overbook.guest.verbs.MemoryRegion;
import org.overbook.guest.verbs.QueuePair;
import org.overbook.guest.verbs.QueuePairConfig;
import org.overbook.guest.verbs.Verbs;
import org.overbook.guest.verbs.WorkRequest;
import org.overbook.hypervisor.Tenant;
import org.overbook.hypervisor.memory.PageState;
import org.overbook.hypervisor.testing.HostsUnderTest;
import org.overbook.nic.LinkConfig;
import org.overbook.nic.NicConfig;
import org.overbook.nic.NicCosts;
import org.overbook.nic.Testbed;
import org.overbook.nic.VfCounters;
import org.overbook.nic.contract.TestbedFixtures;

/**
 * A NIC write through an entry to the shared zero page is a network page fault, as on the hardware: mlx5 maps the zero
 * page without write permission, so the receive's DMA faults, the fault service asks for write access and the kernel
 * breaks the zero page (a zeroed frame of the page's own), and the entry is replaced. The page of one receive buffer
 * is put on the zero page by the tenant's advice on a region the NIC only reads ({@code ibv_advise_mr} for reading;
 * under {@code on-demand} nothing else is prefetched), then registered again, writable, and a one-page message from
 * the pinned client lands in it; the receive-fault policy is {@code backup-ring}, so the fault's work is on the
 * message's path. Against it, the same page with no entry at all (never resolved).
 *
 * <p>By hand, from the client's post (its TLB warm from a first message): the request (wqe), the read (PCIe read
 * latency + 4 KiB), the wire (4 KiB and headers) and the link's latency bring the packet to the server. Its
 * translation misses the TLB and fetches the line (read latency + 64 bytes): the zero page's entry, read-only (now in
 * the TLB), or none; either way a fault, and the packet goes to the ring (a 4 KiB posted write). Draining the ring,
 * the host translates again: the zero page's entry hits the TLB and faults at once, where the absent entry fetches
 * the line again. The fault's job then costs what any one-page fault costs (MappingWork: the software fault path,
 * and the page's population, since it gets a zeroed frame of its own: populate-page) on an idle pCPU; its entry replaced (and dropped from the TLB), the drain
 * translates a third time, fetching the line, and copies the page (host-copy-page); the receive completes an
 * interrupt later. So the zero page's entry saves one line fetch and otherwise faults like an absent one; both take
 * one frame, the fault's, counted minor. Before, the write was given a zeroed frame in the middle of its translation
 * at no cost, and landed at once.
 */
class ZeroPageWriteFaultTest {

    private static final int PAGE = 4096;

    /** The destination page's entry in the NIC page table before the message. */
    enum Entry { ZERO_PAGE, NONE }

    @ParameterizedTest
    @EnumSource(Entry.class)
    void aReceiveIntoAPageOnTheZeroPageFaultsAsIntoAnAbsentOne(Entry entry) throws Exception {
        Path directory = Files.createTempDirectory("overbook-zero-write-");
        NicConfig nic = NicConfig.of("on-demand").withTransport("datagram", "backup-ring");
        LinkConfig link = LinkConfig.fdr();
        Testbed testbed = TestbedFixtures.create(
                TestbedFixtures.host("s", 256, 64, new int[] {64}, directory.resolve("server")),
                TestbedFixtures.host("c", 256, 0, new int[] {64}, directory.resolve("client")), nic, link, /* seed= */ 5);
        try {
            Tenant receiver = testbed.server().tenant(0);
            Verbs server = receiver.guest().verbs();
            VirtualFunction vf = testbed.vf("s0");
            long warmUpInbox = receiver.memory().allocate(PAGE);
            long inbox = HandTimeline.lineAligned(receiver.memory().allocate(16 * PAGE)); // a line of its own
            int page = (int) (inbox / PAGE);
            MemoryRegion warmUpRegion = server.register(warmUpInbox, PAGE, Access.LOCAL_WRITE);
            if (entry == Entry.ZERO_PAGE) {
                MemoryRegion readOnly = server.register(inbox, PAGE, /* access= */ 0);
                server.advise(readOnly, inbox, PAGE);
                assertTrue(vf.translator().mapped(page) && !vf.translator().mapped(page, /* forWrite= */ true),
                        "the page is on the zero page, for reading only");
            }
            MemoryRegion inboxRegion = server.register(inbox, PAGE, Access.LOCAL_WRITE);
            CompletionQueue serverCq = server.createCompletionQueue(8);
            long[] received = new long[2];
            serverCq.onCompletion(c -> received[(int) c.id()] = testbed.simulation().now());
            server.listen("x", QueuePairConfig.of(serverCq, serverCq), qp -> {
                qp.postReceive(new WorkRequest.Receive(0, warmUpInbox, PAGE, warmUpRegion.lkey()));
                qp.postReceive(new WorkRequest.Receive(1, inbox, PAGE, inboxRegion.lkey()));
            });
            Tenant sender = testbed.client().tenant(0);
            Verbs client = sender.guest().verbs();
            long buffer = sender.memory().allocate(PAGE);
            byte[] bytes = new byte[PAGE];
            new SplittableRandom(17).nextBytes(bytes);
            sender.memory().write(buffer, bytes, 0, PAGE);
            int lkey = client.register(buffer, PAGE, /* access= */ 0).lkey();
            CompletionQueue cq = client.createCompletionQueue(8);
            QueuePair qp = client.connect("s0", "x", QueuePairConfig.of(cq, cq));
            testbed.simulation().run();
            qp.postSend(new WorkRequest.Send(0, buffer, PAGE, lkey)); // warms the client's TLB
            testbed.simulation().run();

            int free = testbed.server().memory().freeFrames();
            long faults = vf.counters().faults(VfCounters.Side.RECEIVE);
            long minor = vf.counters().faults(VfCounters.Side.RECEIVE, VfCounters.FaultKind.MINOR);
            long posted = sender.vcpu().now();
            qp.postSend(new WorkRequest.Send(1, buffer, PAGE, lkey));
            testbed.simulation().run();

            NicCosts costs = nic.costs();
            HandTimeline hand = new HandTimeline(nic, link, posted);
            long arrival = hand.send(hand.read(new int[] {PAGE})[0], PAGE);
            long faulted = arrival + hand.lineFetch();                              // the zero page's entry, or none
            long inRing = faulted + hand.pcie(PAGE);                                // staged: the ring's posted write
            long jobArrives = inRing + (entry == Entry.ZERO_PAGE ? 0 : hand.lineFetch()); // TLB hit, or a fetch again
            long resolved = jobArrives + costs.npfSoftwareNanos()                   // one page: the fault path
                    + testbed.server().config().costs().populatePageNanos();        // and its population
            long copied = resolved + hand.lineFetch() + costs.hostCopyPageNanos();  // the new entry, then one copy
            assertEquals(copied + hand.interrupt(), received[1], entry + ": receive completion");

            assertEquals(1, vf.counters().faults(VfCounters.Side.RECEIVE) - faults, entry + ": one network page fault");
            assertEquals(1, vf.counters().faults(VfCounters.Side.RECEIVE, VfCounters.FaultKind.MINOR) - minor,
                    entry + ": minor (a zeroed frame populated)");
            assertEquals(free - 1, testbed.server().memory().freeFrames(), entry + ": one frame taken, the fault's");
            assertEquals(PageState.RESIDENT, receiver.table().state(page));
            assertTrue(vf.translator().mapped(page, /* forWrite= */ true), entry + ": mapped to the page's own frame");
            byte[] arrived = new byte[PAGE];
            receiver.memory().read(inbox, arrived, 0, PAGE);
            assertArrayEquals(bytes, arrived, entry + ": the message's bytes, in place");
        } finally {
            TestbedFixtures.checkAndClose(testbed);
            HostsUnderTest.deleteTree(directory);
        }
    }
}
