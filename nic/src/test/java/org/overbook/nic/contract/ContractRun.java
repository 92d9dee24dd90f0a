package org.overbook.nic.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.overbook.hypervisor.testing.HostsUnderTest;
import org.overbook.nic.LinkConfig;
import org.overbook.nic.NicConfig;
import org.overbook.nic.Testbed;
import org.overbook.nic.vf.VirtualFunction;

/**
 * One run of the data-path contract: two client tenants (memory pinned) send {@link #MESSAGES}
 * random-sized messages each, sends and (on the reliable transport) RDMA writes with immediate, to
 * two server tenants at 2x overcommit whose own work keeps reclaim running. Every byte must arrive
 * intact and in order, no completion may be lost, and RDMA-written bytes must survive a later reclaim.
 */
final class ContractRun {

    static final int MESSAGES = 150;
    static final int SERVER_PAGES = 1024;  // 4 MiB a server tenant
    static final int SERVER_FRAMES = 1024; // 2 tenants over 4 MiB of RAM: 2x overcommit

    private ContractRun() {
    }

    static void execute(NicConfig nic, LinkConfig link, boolean writes, int[] serverPages, Consumer<Testbed> policyChecks) throws Exception {
        Path directory = Files.createTempDirectory("overbook-contract-");
        Testbed testbed = TestbedFixtures.create(
                TestbedFixtures.host("s", SERVER_FRAMES, 4 * SERVER_PAGES, serverPages, directory.resolve("server")),
                TestbedFixtures.host("c", 1024, 0, new int[] {256, 256}, directory.resolve("client")),
                nic, link, /* seed= */ 42);
        try {
            Map<String, long[]> rendezvous = new HashMap<>();
            ContractServer[] servers = new ContractServer[2];
            ContractClient[] clients = new ContractClient[2];
            for (int s = 0; s < 2; s++) {
                servers[s] = new ContractServer(s, 2, serverPages[s] - 340, writes, rendezvous);
                testbed.server().tenant(s).boot(servers[s]);
            }
            for (int c = 0; c < 2; c++) {
                clients[c] = new ContractClient(c, 2, MESSAGES, writes, rendezvous);
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
                assertEquals(0, vf.stagingArea().used(), "staging area drained");
            }
            assertTrue(testbed.server().memory().swapWrites() > 0, "reclaim ran on the server host");
            for (int s = 0; s < 2; s++) {
                assertEquals(0, servers[s].recheckWriteAreas(MESSAGES), "RDMA-written bytes lost after reclaim at s" + s);
            }
            policyChecks.accept(testbed);
        } finally {
            TestbedFixtures.checkAndClose(testbed);
            HostsUnderTest.deleteTree(directory);
        }
    }
}
