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

/**
 * A completion queue reuses its deliveries (the objects that carry a completion through push, interrupt and
 * handler): whether polled, handed over when a handler is set later, or delivered to a handler that posts the
 * next send from within, every completion arrives once, in order, with its own fields.
 */
class CompletionDeliveryReuseTest {

    private static final int MESSAGES = 200;
    private static final int RECEIVES = 8;

    @Test
    void everyCompletionArrivesOnceInOrderWhileDeliveriesAreReused() throws Exception {
        Path directory = Files.createTempDirectory("overbook-cqreuse-");
        Testbed testbed = TestbedFixtures.create(
                TestbedFixtures.host("s", 256, 256, new int[] {64}, directory.resolve("server")),
                TestbedFixtures.host("c", 256, 0, new int[] {64}, directory.resolve("client")),
                NicConfig.of("on-demand"), LinkConfig.fdr(), 3);
        try {
            Verbs client = testbed.client().tenant(0).guest().verbs();
            long inbox = testbed.client().tenant(0).memory().allocate(RECEIVES * GuestMemory.PAGE_SIZE);
            MemoryRegion inboxRegion = client.register(inbox, RECEIVES * GuestMemory.PAGE_SIZE, Access.LOCAL_WRITE);
            CompletionQueue received = client.createCompletionQueue(RECEIVES);
            List<Completion> receives = new ArrayList<>();
            QueuePair[] clientQp = new QueuePair[1];
            received.onCompletion(c -> {
                receives.add(c);
                clientQp[0].postReceive(receive(c.id(), inbox, inboxRegion.lkey()));
            });
            client.listen("x", QueuePairConfig.of(received, received), qp -> {
                clientQp[0] = qp;
                for (int i = 0; i < RECEIVES; i++) {
                    qp.postReceive(receive(i, inbox, inboxRegion.lkey()));
                }
            });
            Verbs server = testbed.server().tenant(0).guest().verbs();
            long source = testbed.server().tenant(0).memory().allocate(GuestMemory.PAGE_SIZE);
            int lkey = server.register(source, GuestMemory.PAGE_SIZE, 0).lkey();
            CompletionQueue sent = server.createCompletionQueue(16);
            QueuePair qp = server.connect("c0", "x", QueuePairConfig.of(sent, sent));
            testbed.simulation().run();

            // polled: the completions wait in the queue
            for (int id = 0; id < 4; id++) {
                qp.postSend(send(id, source, lkey));
            }
            testbed.simulation().run();
            List<Completion> sends = new ArrayList<>();
            for (Completion c = sent.poll(); c != null; c = sent.poll()) {
                sends.add(c);
            }
            // two more wait when the handler is set: they are handed over, then the handler keeps sending
            qp.postSend(send(4, source, lkey));
            qp.postSend(send(5, source, lkey));
            testbed.simulation().run();
            long[] next = {6};
            sent.onCompletion(c -> {
                sends.add(c);
                if (next[0] < MESSAGES) {
                    qp.postSend(send(next[0]++, source, lkey));
                }
            });
            testbed.simulation().run();

            assertEquals(MESSAGES, sends.size(), "one send completion per send");
            assertEquals(MESSAGES, receives.size(), "one receive completion per message");
            for (int i = 0; i < MESSAGES; i++) {
                Completion s = sends.get(i);
                assertEquals(i, s.id(), "send completions in order, each once");
                assertTrue(s.ok());
                assertEquals(Completion.Opcode.SEND, s.opcode());
                assertEquals(length(i), s.byteLength());
                Completion r = receives.get(i);
                assertEquals(i % RECEIVES, r.id(), "receives consumed in the order posted");
                assertTrue(r.ok());
                assertEquals(Completion.Opcode.RECEIVE, r.opcode());
                assertEquals(length(i), r.byteLength());
            }
        } finally {
            TestbedFixtures.checkAndClose(testbed);
            HostsUnderTest.deleteTree(directory);
        }
    }

    private static int length(long id) {
        return 64 + (int) (id % 37);
    }

    private static WorkRequest.Send send(long id, long source, int lkey) {
        return new WorkRequest.Send(id, source, length(id), lkey);
    }

    private static WorkRequest.Receive receive(long id, long inbox, int lkey) {
        return new WorkRequest.Receive(id, inbox + id * GuestMemory.PAGE_SIZE, GuestMemory.PAGE_SIZE, lkey);
    }
}
