package org.overbook.nic.receive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.overbook.guest.verbs.Access;
import org.overbook.guest.verbs.CompletionQueue;
import org.overbook.guest.verbs.EventCounter;
import org.overbook.guest.verbs.MemoryRegion;
import org.overbook.guest.verbs.QueuePair;
import org.overbook.guest.verbs.QueuePairConfig;
import org.overbook.guest.verbs.Verbs;
import org.overbook.guest.verbs.VerbsException;
import org.overbook.guest.verbs.WorkRequest;
import org.overbook.hypervisor.testing.HostsUnderTest;
import org.overbook.nic.LinkConfig;
import org.overbook.nic.NicConfig;
import org.overbook.nic.NicCosts;
import org.overbook.nic.Testbed;
import org.overbook.nic.contract.TestbedFixtures;

/**
 * NetVM's counter-based notifications end to end: notifying RDMA writes increment the receiver's
 * event counter once each; a waiter learns of it after its detection mechanism's latency, and only a
 * busy-waiting one is charged vCPU time for it.
 */
class NotificationTest {

    /** A server tenant s0 and a client tenant c0, their hosts' files under {@code directory}. */
    private static Testbed testbed(Path directory) {
        return TestbedFixtures.create(TestbedFixtures.host("s", 256, 256, new int[] {64}, directory.resolve("server")),
                TestbedFixtures.host("c", 256, 0, new int[] {16}, directory.resolve("client")),
                NicConfig.of("pin-on-register"), LinkConfig.fdr(), 3);
    }

    @ParameterizedTest
    @EnumSource(EventCounter.Detection.class)
    void aNotifyingWriteWakesTheWaiterAfterItsDetectionLatency(EventCounter.Detection detection) throws Exception {
        Path directory = Files.createTempDirectory("overbook-notify-");
        Testbed testbed = testbed(directory);
        try {
            long[] target = new long[2];
            long[] woke = {-1};
            long[] busyBefore = new long[1];
            testbed.server().tenant(0).boot(guest -> {
                Verbs verbs = guest.verbs();
                long area = guest.memory().allocate(8 * 4096);
                MemoryRegion region = verbs.register(area, 8 * 4096, Access.LOCAL_WRITE | Access.REMOTE_WRITE);
                target[0] = area;
                target[1] = region.rkey();
                CompletionQueue cq = verbs.createCompletionQueue(8);
                verbs.listen("n", QueuePairConfig.of(cq, cq), qp -> { });
                busyBefore[0] = testbed.server().tenant(0).vcpu().busyNanos();
                verbs.eventCounter(3).await(5, detection, () -> woke[0] = guest.now());
            });
            long[] lastWriteDone = new long[1];
            testbed.client().tenant(0).boot(guest -> guest.schedule(1_000_000, () -> {
                Verbs verbs = guest.verbs();
                long buffer = guest.memory().allocate(4096);
                MemoryRegion region = verbs.register(buffer, 4096, Access.LOCAL_WRITE);
                CompletionQueue cq = verbs.createCompletionQueue(8);
                QueuePair qp = verbs.connect("s0", "n", QueuePairConfig.of(cq, cq));
                for (int i = 0; i < 5; i++) {
                    qp.postSend(new WorkRequest.RdmaWrite(i, buffer, 512, region.lkey(), target[0] + i * 512L, (int) target[1], false, 3));
                }
            }));
            testbed.simulation().run();
            EventCounter counter = testbed.server().tenant(0).guest().verbs().eventCounter(3);
            assertEquals(5, counter.value(), "one increment per notifying write");
            assertTrue(woke[0] > 0, "the waiter woke");
            NicCosts costs = testbed.serverNic().config().costs();
            Map<EventCounter.Detection, Long> latency = new EnumMap<>(EventCounter.Detection.class);
            latency.put(EventCounter.Detection.BUSY_WAIT, costs.notifyBusyWaitNanos());
            latency.put(EventCounter.Detection.HANDLER, costs.notifyHandlerNanos());
            latency.put(EventCounter.Detection.BLOCK, costs.notifyBlockNanos());
            long placed = testbed.serverNic().vf(0).counters().messagesReceived();
            assertEquals(5, placed);
            assertTrue(woke[0] - latency.get(detection) > 1_000_000, "woken only after the writes");
            assertTrue(woke[0] - latency.get(detection) < 1_200_000, "and promptly: " + woke[0]);
            long charged = testbed.server().tenant(0).vcpu().busyNanos() - busyBefore[0];
            if (detection == EventCounter.Detection.BUSY_WAIT) {
                assertTrue(charged >= woke[0] - 200_000, "spinning costs vCPU time from the wait to the wake-up: " + charged);
            } else {
                assertTrue(charged < 100_000, "blocking or a handler costs no spinning: " + charged);
            }
        } finally {
            TestbedFixtures.checkAndClose(testbed);
            HostsUnderTest.deleteTree(directory);
        }
    }

    /**
     * A busy-wait spins the vCPU from the end of the task that waits, so it is awaited from one of the tenant's tasks: from
     * anywhere else (a library user's code between events, another tenant's task) the call is refused, naming it, and
     * nothing is waiting; blocking there is fine.
     */
    @Test
    void aBusyWaitAwaitedOutsideTheTenantsTasksIsRefusedNamingTheCall() throws Exception {
        Path directory = Files.createTempDirectory("overbook-notify-");
        Testbed testbed = testbed(directory);
        try {
            EventCounter counter = testbed.vf("s0").eventCounter(3);
            VerbsException fromOutside = assertThrows(VerbsException.class,
                    () -> counter.await(0, EventCounter.Detection.BUSY_WAIT, () -> { }));
            assertEquals("await(tenant s0, counter 3, BUSY_WAIT): called outside a task of s0's vCPU, which a busy-wait spins"
                    + " from the end of the task that waits; accepted: a call from one of s0's tasks (its workload's start, a"
                    + " task it scheduled, a handler), or BLOCK or HANDLER", fromOutside.getMessage());

            VerbsException[] fromAnotherTenant = new VerbsException[1];
            testbed.client().tenant(0).boot(guest -> fromAnotherTenant[0] = assertThrows(VerbsException.class,
                    () -> counter.await(0, EventCounter.Detection.BUSY_WAIT, () -> { })));
            long[] woke = {-1};
            counter.await(0, EventCounter.Detection.BLOCK, () -> woke[0] = testbed.server().tenant(0).vcpu().now());
            testbed.simulation().run();

            assertEquals(fromOutside.getMessage(), fromAnotherTenant[0].getMessage());
            assertEquals(testbed.serverNic().config().costs().notifyBlockNanos(), woke[0], "blocking outside a task is fine");
            assertEquals(0, testbed.server().tenant(0).vcpu().busyNanos(), "no spin was charged");
        } finally {
            TestbedFixtures.checkAndClose(testbed);
            HostsUnderTest.deleteTree(directory);
        }
    }
}
