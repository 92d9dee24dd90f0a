package org.overbook.perf.bench;

import java.io.IOException;
import java.util.List;
import org.overbook.guest.verbs.Access;
import org.overbook.guest.verbs.CompletionQueue;
import org.overbook.guest.verbs.MemoryRegion;
import org.overbook.guest.verbs.QueuePair;
import org.overbook.guest.verbs.QueuePairConfig;
import org.overbook.guest.verbs.Verbs;
import org.overbook.guest.verbs.WorkRequest;
import org.overbook.hypervisor.HostConfig;
import org.overbook.hypervisor.TenantConfig;
import org.overbook.nic.LinkConfig;
import org.overbook.nic.NicConfig;
import org.overbook.nic.Testbed;

/**
 * A testbed with one connection for the NIC benchmarks: client tenant {@code c0} sends 4 KiB messages
 * to server tenant {@code s0}, which keeps {@link #SLOTS} receive buffers posted (its completion
 * handler reposts each one). {@link #send(long)} posts one message and runs the simulation until
 * everything it caused is over.
 */
final class OneConnection implements AutoCloseable {

    static final int PAGE = 4096;
    static final int SLOTS = 16;

    private final TemporaryDirectory directory;
    final Testbed testbed;
    final long receiveArea;
    final long sendBuffer;
    private final int sendKey;
    private final QueuePair queuePair;
    long completions;

    OneConnection(NicConfig nic) throws IOException {
        directory = new TemporaryDirectory();
        HostConfig server = HostConfig.of(64L << 20, 64L << 20, directory.path().resolve("server"), 1, List.of(new TenantConfig("s0", 16L << 20)));
        HostConfig client = HostConfig.of(64L << 20, 0, directory.path().resolve("client"), 1, List.of(new TenantConfig("c0", 16L << 20)));
        testbed = Testbed.create(server, client, nic, LinkConfig.fdr(), 1);
        Verbs serverVerbs = testbed.server().tenant(0).guest().verbs();
        receiveArea = testbed.server().tenant(0).memory().allocate(SLOTS * PAGE);
        MemoryRegion receiveRegion = serverVerbs.register(receiveArea, SLOTS * PAGE, Access.LOCAL_WRITE);
        CompletionQueue serverQueue = serverVerbs.createCompletionQueue(64);
        serverVerbs.listen("bench", QueuePairConfig.of(serverQueue, serverQueue), accepted -> {
            serverQueue.onCompletion(completion -> accepted.postReceive(new WorkRequest.Receive(completion.id(),
                    slot(completion.id()), PAGE, receiveRegion.lkey())));
            for (int slot = 0; slot < SLOTS; slot++) {
                accepted.postReceive(new WorkRequest.Receive(slot, slot(slot), PAGE, receiveRegion.lkey()));
            }
        });
        Verbs clientVerbs = testbed.client().tenant(0).guest().verbs();
        sendBuffer = testbed.client().tenant(0).memory().allocate(PAGE);
        sendKey = clientVerbs.register(sendBuffer, PAGE, Access.LOCAL_WRITE).lkey();
        CompletionQueue clientQueue = clientVerbs.createCompletionQueue(64);
        clientQueue.onCompletion(completion -> completions++);
        queuePair = clientVerbs.connect("s0", "bench", QueuePairConfig.of(clientQueue, clientQueue));
        testbed.simulation().run();
    }

    /** Returns the address of receive slot {@code slot}. */
    long slot(long slot) {
        return receiveArea + (slot % SLOTS) * PAGE;
    }

    /** Posts message {@code id} (landing in slot {@code id % SLOTS}) and runs the simulation until it is all over. */
    long send(long id) {
        queuePair.postSend(new WorkRequest.Send(id, sendBuffer, PAGE, sendKey));
        testbed.simulation().run();
        return completions;
    }

    @Override
    public void close() throws IOException {
        testbed.close();
        directory.close();
    }
}
