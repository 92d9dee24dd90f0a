package org.overbook.nic.vf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.overbook.guest.GuestMemory;
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
import org.overbook.nic.VfCounters;
import org.overbook.nic.contract.TestbedFixtures;

/**
 * A send whose resident source the NIC page table lacks takes one network page fault for the whole
 * work request, as mlx5 ODP resolves a faulting WQE's range at once: sending 64 KiB the first time
 * costs one fault path more than sending it again, not sixteen.
 */
class SendFaultPerRequestTest {

    private static final int PAGES = 16;
    private static final int BYTES = PAGES * GuestMemory.PAGE_SIZE;

    @Test
    void aFaultingSendResolvesAllItsPagesInOneFault() throws Exception {
        Path directory = Files.createTempDirectory("overbook-txfault-");
        Testbed testbed = TestbedFixtures.create(
                TestbedFixtures.host("s", 256, 256, new int[] {64}, directory.resolve("server")),
                TestbedFixtures.host("c", 256, 0, new int[] {64}, directory.resolve("client")),
                NicConfig.of("on-demand"), LinkConfig.fdr(), 3);
        try {
            Verbs client = testbed.client().tenant(0).guest().verbs();
            long inbox = testbed.client().tenant(0).memory().allocate(BYTES);
            MemoryRegion inboxRegion = client.register(inbox, BYTES, Access.LOCAL_WRITE);
            CompletionQueue clientCq = client.createCompletionQueue(8);
            client.listen("x", QueuePairConfig.of(clientCq, clientCq), qp -> {
                qp.postReceive(new WorkRequest.Receive(0, inbox, BYTES, inboxRegion.lkey()));
                qp.postReceive(new WorkRequest.Receive(1, inbox, BYTES, inboxRegion.lkey()));
            });
            Verbs server = testbed.server().tenant(0).guest().verbs();
            GuestMemory memory = testbed.server().tenant(0).memory();
            long source = memory.allocate(BYTES);
            for (int page = 0; page < PAGES; page++) {
                memory.writeLong(source + (long) page * GuestMemory.PAGE_SIZE, page); // resident, not yet in the NIC page table
            }
            int lkey = server.register(source, BYTES, 0).lkey();
            CompletionQueue cq = server.createCompletionQueue(8);
            QueuePair qp = server.connect("c0", "x", QueuePairConfig.of(cq, cq));
            testbed.simulation().run();
            long[] done = new long[2];
            cq.onCompletion(c -> done[(int) c.id()] = testbed.simulation().now());

            long start = postingTime(testbed);
            qp.postSend(new WorkRequest.Send(0, source, BYTES, lkey));
            testbed.simulation().run();
            long faulted = done[0] - start;
            start = postingTime(testbed);
            qp.postSend(new WorkRequest.Send(1, source, BYTES, lkey));
            testbed.simulation().run();
            long mapped = done[1] - start;

            VfCounters counters = testbed.serverNic().vf(0).counters();
            assertEquals(PAGES, counters.faults(VfCounters.Side.SEND), "every page was missing once");
            NicCosts costs = NicCosts.defaults();
            long fault = costs.npfSoftwareNanos();
            // Beside the fault, the first send fetches the page-table lines of both NICs (their TLBs are
            // cold: one 64-byte line of eight entries per eight pages, and the faulting page's line once
            // more) and the fault does the per-page work of a registration for the other fifteen pages.
            NicConfig.Pcie pcie = NicConfig.Pcie.gen3x16();
            long lineFetch = pcie.readLatencyNanos() + 64L * 8 * 1_000_000_000L / pcie.bitsPerSecond() + 1;
            long cold = (2L * PAGES / 8 + 1) * lineFetch + (PAGES - 1) * costs.pinPageNanos();
            long extra = faulted - mapped;
            assertTrue(extra >= fault && extra < 2 * fault + cold, "one fault path for the request (" + fault
                    + " ns) and cold TLBs (" + cold + " ns), not a fault per page: the first send took " + extra + " ns more");
        } finally {
            TestbedFixtures.checkAndClose(testbed);
            HostsUnderTest.deleteTree(directory);
        }
    }

    /**
     * When a post made now leaves the server's vCPU: once the work already charged to it is done (its first
     * touches of the source's pages may still be ahead of the simulation's clock when the connection is up).
     */
    private static long postingTime(Testbed testbed) {
        return Math.max(testbed.simulation().now(), testbed.server().tenant(0).vcpu().now());
    }
}
