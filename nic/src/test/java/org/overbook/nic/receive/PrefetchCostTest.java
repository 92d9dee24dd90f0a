package org.overbook.nic.receive;

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
import org.overbook.nic.NicCosts;
import org.overbook.nic.Testbed;
import org.overbook.nic.contract.TestbedFixtures;
import org.overbook.nic.dma.FaultServicePool;

/**
 * The prefetch after a receive fault costs what it costs: a send into the first page of a 64-page region
 * that the NIC has never mapped, and the tenant never touched, faults once; the fault-service job resolves
 * that page (the fault path) and then, in the same work item, prefetches the region's 63 other pages (their
 * per-page work), populating all 64 (a population each), and they are counted as prefetched.
 */
class PrefetchCostTest {

    private static final int PAGES = 64;

    @Test
    void thePrefetchWindowIsChargedToTheFaultServiceJobAndCounted() throws Exception {
        Path directory = Files.createTempDirectory("overbook-prefetch-");
        NicConfig nic = NicConfig.of("on-demand");
        Testbed testbed = TestbedFixtures.create(
                TestbedFixtures.host("s", 256, 256, new int[] {128}, directory.resolve("server")),
                TestbedFixtures.host("c", 256, 0, new int[] {16}, directory.resolve("client")),
                nic, LinkConfig.fdr(), 4);
        try {
            Verbs server = testbed.server().tenant(0).guest().verbs();
            long area = testbed.server().tenant(0).memory().allocate(PAGES * 4096L);
            MemoryRegion region = server.register(area, PAGES * 4096L, Access.LOCAL_WRITE);
            CompletionQueue serverCq = server.createCompletionQueue(8);
            server.listen("x", QueuePairConfig.of(serverCq, serverCq),
                    qp -> qp.postReceive(new WorkRequest.Receive(0, area, 4096, region.lkey())));
            Verbs client = testbed.client().tenant(0).guest().verbs();
            long buffer = testbed.client().tenant(0).memory().allocate(4096);
            int lkey = client.register(buffer, 4096, Access.LOCAL_WRITE).lkey();
            CompletionQueue cq = client.createCompletionQueue(8);
            QueuePair qp = client.connect("s0", "x", QueuePairConfig.of(cq, cq));
            testbed.simulation().run();
            qp.postSend(new WorkRequest.Send(1, buffer, 4096, lkey));
            testbed.simulation().run();

            assertEquals(1, testbed.serverNic().vf(0).counters().messagesReceived());
            assertEquals(PAGES - 1, testbed.serverNic().vf(0).counters().prefetchedPages(), "the rest of the region prefetched");
            FaultServicePool pool = testbed.serverNic().faultService();
            NicCosts costs = nic.costs();
            long population = testbed.server().config().costs().populatePageNanos();
            assertEquals(1, pool.jobs(), "one fault-service job");
            assertEquals(costs.npfSoftwareNanos() + (PAGES - 1) * costs.pinPageNanos() + PAGES * population,
                    pool.busyNanos(), "the job held its worker for the fault, the prefetch's per-page work and 64 populations");
        } finally {
            TestbedFixtures.checkAndClose(testbed);
            HostsUnderTest.deleteTree(directory);
        }
    }
}
