package org.overbook.nic.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.overbook.hypervisor.testing.HostsUnderTest;
import org.overbook.nic.LinkConfig;
import org.overbook.nic.NicConfig;
import org.overbook.nic.Testbed;
import org.overbook.nic.VfCounters;
import org.overbook.nic.vf.VirtualFunction;

/**
 * The data-path contract every memory policy must keep (after JCTools' QueueSanityTest: one abstract
 * test, one subclass per implementation). Two client tenants (memory pinned) send random-sized
 * messages, sends and RDMA writes with immediate mixed, to two server tenants at 2x overcommit whose
 * own work keeps reclaim running: every byte arrives intact and in order, and no completion is lost.
 */
abstract class DataPathContract {

    static final int MESSAGES = 150;
    static final int SERVER_PAGES = 1024;  // 4 MiB a server tenant
    static final int SERVER_FRAMES = 1024; // 2 tenants over 4 MiB of RAM: 2x overcommit

    /** Returns the NIC configuration under test. */
    abstract NicConfig nic();

    /** Returns the link; lossless unless a subclass says otherwise. */
    LinkConfig link() {
        return LinkConfig.fdr();
    }

    /** Whether the transport carries RDMA writes. */
    boolean writes() {
        return true;
    }

    /** Returns the pages of server tenant {@code s}; together twice the server's frames. */
    int serverPages(int s) {
        return SERVER_PAGES;
    }

    /** Checks specific to the policy, on the finished testbed. */
    void checkPolicy(Testbed testbed) {
    }

    @Test
    void everyByteArrivesIntactAndInOrderWithNoCompletionLost() throws Exception {
        Path directory = Files.createTempDirectory("overbook-contract-");
        Testbed testbed = TestbedFixtures.create(
                TestbedFixtures.host("s", SERVER_FRAMES, 4 * SERVER_PAGES, new int[] {serverPages(0), serverPages(1)}, directory.resolve("server")),
                TestbedFixtures.host("c", 1024, 0, new int[] {256, 256}, directory.resolve("client")),
                nic(), link(), /* seed= */ 42);
        try {
            Map<String, long[]> rendezvous = new HashMap<>();
            ContractServer[] servers = new ContractServer[2];
            ContractClient[] clients = new ContractClient[2];
            for (int s = 0; s < 2; s++) {
                servers[s] = new ContractServer(s, 2, serverPages(s) - 340, writes(), rendezvous);
                testbed.server().tenant(s).boot(servers[s]);
            }
            for (int c = 0; c < 2; c++) {
                clients[c] = new ContractClient(c, 2, MESSAGES, writes(), rendezvous);
                testbed.client().tenant(c).boot(clients[c]);
            }
            testbed.simulation().run();

            for (int s = 0; s < 2; s++) {
                assertEquals(List.of(MESSAGES, MESSAGES), servers[s].deliveredCounts(), "messages delivered to s" + s);
                assertEquals(0, servers[s].mismatches[0] + servers[s].mismatches[1], "bytes or order wrong at s" + s);
                assertEquals(0, servers[s].errors, "failed receives at s" + s);
            }
            for (int c = 0; c < 2; c++) {
                assertEquals(MESSAGES, clients[c].completed[0], "completions of c" + c + " to s0");
                assertEquals(MESSAGES, clients[c].completed[1], "completions of c" + c + " to s1");
                assertEquals(0, clients[c].errors + clients[c].outOfOrder, "failed or reordered completions at c" + c);
            }
            for (VirtualFunction vf : testbed.serverNic().vfs()) {
                assertEquals(0, vf.completionOverruns(), "completion queue overruns");
            }
            assertTrue(testbed.server().memory().swapWrites() > 0, "reclaim ran on the server host");
            for (int s = 0; s < 2; s++) {
                assertEquals(0, servers[s].recheckWriteAreas(MESSAGES), "RDMA-written bytes lost after reclaim at s" + s);
            }
            checkPolicy(testbed);
        } finally {
            TestbedFixtures.checkAndClose(testbed);
            HostsUnderTest.deleteTree(directory);
        }
    }

    static long receiveFaults(VirtualFunction vf) {
        return vf.counters().faults(VfCounters.Side.RECEIVE);
    }

    static long allFaults(VirtualFunction vf) {
        return vf.counters().faults(VfCounters.Side.RECEIVE) + vf.counters().faults(VfCounters.Side.SEND);
    }
}
