package org.overbook.nic.receive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.overbook.guest.Guest;
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
import org.overbook.nic.tlb.NicTlb;
import org.overbook.nic.tlb.TlbVfStats;

/**
 * CLUSTER 2005's observation: one tenant that registers a huge region and sweeps it monopolises a
 * shared NIC TLB, evicting the translations of a tenant that reuses a few pages; static per-VF
 * partitions restore the small tenant's hit rate.
 */
class TlbMonopolyTest {

    /** Jain's fairness over hit rates is not asserted here: the sweeping tenant's own hit rate is ~0 either way. */
    private record Outcome(TlbVfStats hog, TlbVfStats small, double fairness) {
    }

    private Outcome run(String partition) throws Exception {
        Path directory = Files.createTempDirectory("overbook-tlb-");
        Testbed testbed = TestbedFixtures.create(
                TestbedFixtures.host("s", 2048, 0, new int[] {1024, 64}, directory.resolve("server")),
                TestbedFixtures.host("c", 512, 0, new int[] {32, 16}, directory.resolve("client")),
                NicConfig.of("pin-on-register").withTlb(16, 4, "lru", partition, 2), LinkConfig.fdr(), 11);
        try {
            long[][] targets = new long[2][2];
            for (int s = 0; s < 2; s++) {
                int server = s;
                int pages = s == 0 ? 1000 : 8;
                testbed.server().tenant(s).boot(guest -> {
                    Verbs verbs = guest.verbs();
                    long area = guest.memory().allocate((long) pages * 4096);
                    MemoryRegion region = verbs.register(area, (long) pages * 4096, Access.LOCAL_WRITE | Access.REMOTE_WRITE);
                    targets[server][0] = area;
                    targets[server][1] = region.rkey();
                    CompletionQueue cq = verbs.createCompletionQueue(64);
                    verbs.listen("w", QueuePairConfig.of(cq, cq), qp -> { });
                });
            }
            for (int c = 0; c < 2; c++) {
                int client = c;
                testbed.client().tenant(c).boot(guest -> guest.schedule(5_000_000, () -> writeLoop(guest, client, targets[client])));
            }
            testbed.simulation().runUntil(5_000_000);
            NicTlb tlb = testbed.serverNic().tlb();
            tlb.resetCounters(); // measure after registration
            testbed.simulation().run();
            return new Outcome(tlb.stats(0), tlb.stats(1), tlb.fairness());
        } finally {
            TestbedFixtures.checkAndClose(testbed);
            HostsUnderTest.deleteTree(directory);
        }
    }

    /**
     * Client 0 sweeps its 1,000-page target with 64 KiB writes (16 pages each); client 1 cycles 64-byte
     * writes over 8 pages; 2,000 writes each, one outstanding at a time.
     */
    private static void writeLoop(Guest guest, int client, long[] target) {
        Verbs verbs = guest.verbs();
        int length = client == 0 ? 16 * 4096 : 64;
        int pagesPerWrite = client == 0 ? 16 : 1;
        long buffer = guest.memory().allocate(length);
        MemoryRegion region = verbs.register(buffer, length, Access.LOCAL_WRITE);
        CompletionQueue cq = verbs.createCompletionQueue(64);
        QueuePair qp = verbs.connect("s" + client, "w", QueuePairConfig.of(cq, cq));
        int span = client == 0 ? 1000 / 16 : 8;
        int[] done = {0};
        Runnable next = new Runnable() {
            @Override
            public void run() {
                if (done[0] < 2_000) {
                    long remote = target[0] + (long) (done[0] % span) * pagesPerWrite * 4096;
                    qp.postSend(new WorkRequest.RdmaWrite(done[0]++, buffer, length, region.lkey(), remote, (int) target[1], false));
                }
            }
        };
        cq.onCompletion(completion -> next.run());
        next.run();
    }

    @Test
    void aHugeRegionMonopolisesASharedTlbAndStaticPartitionsCureIt() throws Exception {
        Outcome shared = run("shared");
        Outcome partitioned = run("static");

        assertTrue(shared.small().evictedByOthers() > 100, "under shared, the sweep evicts the small tenant: " + shared.small());
        assertEquals(0, partitioned.small().evictedByOthers(), "a partition is the small tenant's own: " + partitioned.small());
        assertTrue(partitioned.small().hitRate() > 0.95, "its working set stays cached: " + partitioned.small());
        assertTrue(shared.small().hitRate() < partitioned.small().hitRate() - 0.1,
                "sharing costs the small tenant hits: " + shared.small().hitRate() + " vs " + partitioned.small().hitRate());
    }
}
