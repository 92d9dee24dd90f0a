package org.overbook.nic.vf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.overbook.guest.GuestMemory;
import org.overbook.guest.verbs.Access;
import org.overbook.guest.verbs.Completion;
import org.overbook.guest.verbs.CompletionQueue;
import org.overbook.guest.verbs.CompletionStatus;
import org.overbook.guest.verbs.QueuePair;
import org.overbook.guest.verbs.QueuePairConfig;
import org.overbook.guest.verbs.Verbs;
import org.overbook.guest.verbs.WorkRequest;
import org.overbook.hypervisor.testing.HostsUnderTest;
import org.overbook.nic.LinkConfig;
import org.overbook.nic.NicConfig;
import org.overbook.nic.Testbed;
import org.overbook.nic.contract.TestbedFixtures;

/**
 * A listener that disconnects a connection (as a server refuses a client it has no memory for): the client's queue
 * pair goes to the error state one link latency later, to the nanosecond, every work request it posted completes exactly once as
 * flushed, the one whose source the NIC was still faulting in included, nothing reaches the listener, and nothing is
 * left to run (no RNR retries for a peer that will never post a receive).
 */
class DisconnectTest {

    private static final int PAGES = 4;
    private static final int BYTES = PAGES * GuestMemory.PAGE_SIZE;

    @Test
    void aDisconnectFlushesEverythingThePeerPostedAndDeliversNothing() throws Exception {
        Path directory = Files.createTempDirectory("overbook-disconnect-");
        Testbed testbed = TestbedFixtures.create(
                TestbedFixtures.host("s", 256, 256, new int[] {64}, directory.resolve("server")),
                TestbedFixtures.host("c", 256, 0, new int[] {64}, directory.resolve("client")),
                NicConfig.of("on-demand"), LinkConfig.fdr(), 11);
        try {
            Verbs listener = testbed.client().tenant(0).guest().verbs();
            CompletionQueue listenerCq = listener.createCompletionQueue(8);
            List<Completion> listenerCompletions = new ArrayList<>();
            listenerCq.onCompletion(listenerCompletions::add);
            List<QueuePair> accepted = new ArrayList<>();
            listener.listen("x", QueuePairConfig.of(listenerCq, listenerCq), accepted::add); // posts no receive

            Verbs client = testbed.server().tenant(0).guest().verbs();
            GuestMemory memory = testbed.server().tenant(0).memory();
            long buffers = memory.allocate(3L * BYTES);
            for (int page = 0; page < 3 * PAGES; page++) {
                memory.writeLong(buffers + (long) page * GuestMemory.PAGE_SIZE, page); // resident, not in the NIC page table
            }
            int lkey = client.register(buffers, 3L * BYTES, Access.LOCAL_WRITE).lkey();
            CompletionQueue cq = client.createCompletionQueue(8);
            List<Completion> completions = new ArrayList<>();
            cq.onCompletion(completions::add);
            QueuePair qp = client.connect("c0", "x", QueuePairConfig.of(cq, cq));
            testbed.simulation().run();
            assertEquals(1, accepted.size(), "the listener took the connection");

            long start = testbed.simulation().now();
            qp.postReceive(new WorkRequest.Receive(10, buffers + 2L * BYTES, BYTES, lkey));
            // the NIC reads this one from `start`, and faults its source in for a few microseconds: the disconnect,
            // one link latency away, finds it still being read
            qp.postSend(new WorkRequest.Send(0, buffers, BYTES, lkey));
            qp.postSend(new WorkRequest.Send(1, buffers + BYTES, BYTES, lkey)); // waiting behind it
            testbed.simulation().scheduleAt(start, () -> {
                accepted.getFirst().disconnect();
                accepted.getFirst().disconnect(); // a second time does nothing
            });
            // The hand-computed time: the disconnect is the connection manager's message, not queued behind the queue
            // pair's packets, so the client learns of it exactly one link latency after the listener disconnects.
            long told = start + testbed.link().latencyNanos();
            testbed.simulation().runUntil(told - 1);
            assertTrue(!qp.inError() && completions.isEmpty(), "not in error before the disconnect can arrive: " + completions);
            testbed.simulation().runUntil(told);
            assertTrue(qp.inError(), "in error one link latency (" + testbed.link().latencyNanos() + " ns) after the disconnect");
            testbed.simulation().runUntil(start + 10_000_000);

            assertTrue(qp.inError(), "the client's queue pair went to the error state");
            assertEquals(List.of(0L, 1L, 10L), completions.stream().map(Completion::id).sorted().toList(),
                    "every request posted completed exactly once: " + completions);
            assertTrue(completions.stream().allMatch(c -> c.status() == CompletionStatus.FLUSHED), completions.toString());
            assertEquals(0, testbed.clientNic().vf(0).counters().messagesReceived(), "nothing reached the listener");
            assertEquals(List.of(), listenerCompletions, "the listener's queue pair had nothing to complete");

            qp.postSend(new WorkRequest.Send(2, buffers, 64, lkey));
            testbed.simulation().runUntil(start + 20_000_000);
            assertEquals(CompletionStatus.FLUSHED, completions.getLast().status(), "a post after the disconnect is flushed");
            assertEquals(2L, completions.getLast().id());
            assertEquals(Long.MAX_VALUE, testbed.simulation().nextEventTime(), "nothing is left to run: no retries, no timers");
        } finally {
            TestbedFixtures.checkAndClose(testbed);
            HostsUnderTest.deleteTree(directory);
        }
    }
}
