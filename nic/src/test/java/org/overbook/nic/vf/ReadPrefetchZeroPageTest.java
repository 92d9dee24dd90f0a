package org.overbook.nic.vf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.overbook.guest.verbs.Access;
import org.overbook.guest.verbs.CompletionQueue;
import org.overbook.guest.verbs.QueuePair;
import org.overbook.guest.verbs.QueuePairConfig;
import org.overbook.guest.verbs.Verbs;
import org.overbook.guest.verbs.WorkRequest;
import org.overbook.hypervisor.Tenant;
import org.overbook.hypervisor.memory.HostMemory;
import org.overbook.hypervisor.testing.HostsUnderTest;
import org.overbook.nic.LinkConfig;
import org.overbook.nic.NicConfig;
import org.overbook.nic.NicCosts;
import org.overbook.nic.Testbed;
import org.overbook.nic.VfCounters;
import org.overbook.nic.contract.TestbedFixtures;

/**
 * Under {@code prefault}, what prefetching a buffer the NIC only reads leaves in host memory. The library advises a
 * region at registration with the advice its access allows: for writing where the NIC may write, for reading where
 * it may not (mlx5 refuses {@code IBV_ADVISE_MR_ADVICE_PREFETCH_WRITE} on a region that is not writable). A read
 * fault on a page never touched maps the shared zero page (mm/memory.c, {@code do_anonymous_page}), so registering a
 * read-only region of 64 pages never touched takes no frame, where a writable one takes 64; both cost the vCPU the
 * same work to resolve the pages (the fault path and the per-page work of 63 more), the writable one a population
 * for each of its 64 frames besides ({@code costs.populate-page}), and both count 64 pages prefetched. A reply buffer
 * is the case: a server registers 16 of them and writes only the part each reply fills.
 *
 * <p>Then the NIC reads through those entries: a send of two pages of the read-only region, the first written by the
 * tenant since (its first write replaced the zero page, so the prefetch before the post maps the new frame) and the
 * second never touched (read as zeros through the zero page, which takes no frame: the first page's, the tenant's
 * write, is the only one taken), arrives intact without a network page fault. Registered again, writable, the region
 * is prefetched for writing: its 63 pages still on the zero page get frames of their own (the kernel breaks the zero
 * page for a write request), where before they counted as mapped and kept the read-only entry.
 */
class ReadPrefetchZeroPageTest {

    private static final int PAGE = 4096;
    private static final int PAGES = 64;

    @Test
    void aRegionTheNicOnlyReadsIsPrefetchedOntoTheZeroPage() throws Exception {
        Path directory = Files.createTempDirectory("overbook-zero-page-");
        Testbed testbed = TestbedFixtures.create(
                TestbedFixtures.host("s", 512, 64, new int[] {256}, directory.resolve("server")),
                TestbedFixtures.host("c", 256, 0, new int[] {64}, directory.resolve("client")),
                NicConfig.of("prefault"), LinkConfig.fdr(), /* seed= */ 3);
        try {
            Tenant sender = testbed.server().tenant(0);
            Verbs verbs = sender.guest().verbs();
            VirtualFunction vf = testbed.vf("s0");
            HostMemory memory = testbed.server().memory();
            NicCosts costs = NicConfig.of("prefault").costs();
            long resolve = costs.registerNanos() + costs.npfSoftwareNanos() + (PAGES - 1) * costs.pinPageNanos();
            long readOnly = sender.memory().allocate((long) PAGES * PAGE);
            long writable = sender.memory().allocate((long) PAGES * PAGE);

            int free = memory.freeFrames();
            long prefetched = vf.counters().prefetchedPages();
            long before = sender.vcpu().now();
            int lkey = verbs.register(readOnly, (long) PAGES * PAGE, Access.ON_DEMAND).lkey();
            assertEquals(free, memory.freeFrames(), "a read-only region's pages never touched take no frame");
            assertEquals(PAGES, vf.counters().prefetchedPages() - prefetched, "every page of it prefetched");
            assertEquals(resolve, sender.vcpu().now() - before, "at the price of resolving its 64 pages");
            for (int page = (int) (readOnly / PAGE); page < readOnly / PAGE + PAGES; page++) {
                assertTrue(vf.translator().mapped(page), "page " + page + " mapped for the NIC (to the zero page)");
            }

            before = sender.vcpu().now();
            verbs.register(writable, (long) PAGES * PAGE, Access.LOCAL_WRITE | Access.ON_DEMAND);
            assertEquals(free - PAGES, memory.freeFrames(), "a writable region's pages are populated for the NIC to write");
            assertEquals(resolve + PAGES * testbed.server().config().costs().populatePageNanos(),
                    sender.vcpu().now() - before, "at the same price, and a population for each frame taken");

            byte[] written = new byte[PAGE];
            new SplittableRandom(11).nextBytes(written);
            sender.memory().write(readOnly, written, 0, PAGE);
            byte[] expected = new byte[2 * PAGE];
            System.arraycopy(written, 0, expected, 0, PAGE);
            assertArrayEquals(expected, sendAndReceive(testbed, readOnly, lkey), "the written page, then zeros");
            assertEquals(0, vf.counters().faults(VfCounters.Side.SEND), "no network page fault on the send side");
            assertEquals(free - PAGES - 1, memory.freeFrames(), "the send took no frame: the tenant's write took one");

            verbs.register(readOnly, (long) PAGES * PAGE, Access.LOCAL_WRITE | Access.ON_DEMAND);
            assertEquals(free - 2 * PAGES, memory.freeFrames(), "the pages on the zero page populated for writing");
            for (int page = (int) (readOnly / PAGE); page < readOnly / PAGE + PAGES; page++) {
                assertTrue(vf.translator().mapped(page, /* forWrite= */ true), "page " + page + " mapped to a frame of its own");
            }
        } finally {
            TestbedFixtures.checkAndClose(testbed);
            HostsUnderTest.deleteTree(directory);
        }
    }

    /** Sends two pages from {@code address} to a pinned receiver on the client host; returns what arrived. */
    private static byte[] sendAndReceive(Testbed testbed, long address, int lkey) {
        Tenant receiver = testbed.client().tenant(0);
        Verbs receiverVerbs = receiver.guest().verbs();
        long inbox = receiver.memory().allocate(2 * PAGE);
        int inboxKey = receiverVerbs.register(inbox, 2 * PAGE, Access.LOCAL_WRITE).lkey();
        CompletionQueue receiverCq = receiverVerbs.createCompletionQueue(8);
        Verbs senderVerbs = testbed.server().tenant(0).guest().verbs();
        CompletionQueue cq = senderVerbs.createCompletionQueue(8);
        QueuePair[] accepted = new QueuePair[1];
        senderVerbs.listen("x", QueuePairConfig.of(cq, cq), qp -> accepted[0] = qp);
        QueuePair receiverQp = receiverVerbs.connect("s0", "x", QueuePairConfig.of(receiverCq, receiverCq));
        receiverQp.postReceive(new WorkRequest.Receive(0, inbox, 2 * PAGE, inboxKey));
        testbed.simulation().run();
        accepted[0].postSend(new WorkRequest.Send(0, address, 2 * PAGE, lkey));
        testbed.simulation().run();
        byte[] arrived = new byte[2 * PAGE];
        receiver.memory().read(inbox, arrived, 0, 2 * PAGE);
        return arrived;
    }
}
