package org.overbook.nic.contract;

import java.util.Map;
import org.overbook.guest.Guest;
import org.overbook.guest.Workload;
import org.overbook.guest.verbs.Access;
import org.overbook.guest.verbs.Completion;
import org.overbook.guest.verbs.CompletionQueue;
import org.overbook.guest.verbs.MemoryRegion;
import org.overbook.guest.verbs.QueuePair;
import org.overbook.guest.verbs.QueuePairConfig;
import org.overbook.guest.verbs.Verbs;
import org.overbook.guest.verbs.WorkRequest;

/**
 * A client tenant of the contract: to each server, {@code messages} messages of random size, sends
 * and RDMA writes with immediate mixed, at most {@link #WINDOW} outstanding; checks that every
 * completion comes back, successful and in order.
 */
final class ContractClient implements Workload {

    static final int WINDOW = 16;

    private final int client;
    private final int servers;
    private final int messages;
    private final boolean writes;
    private final Map<String, long[]> rendezvous;
    private Guest guest;
    private long sendArea;
    private MemoryRegion region;
    private QueuePair[] queuePairs;
    private final int[] posted;
    final int[] completed;
    long errors;
    long outOfOrder;

    ContractClient(int client, int servers, int messages, boolean writes, Map<String, long[]> rendezvous) {
        this.client = client;
        this.servers = servers;
        this.messages = messages;
        this.writes = writes;
        this.rendezvous = rendezvous;
        this.posted = new int[servers];
        this.completed = new int[servers];
    }

    @Override
    public void start(Guest guest) {
        this.guest = guest;
        guest.schedule(20_000_000, this::connect); // after the servers have booted and listened
    }

    private void connect() {
        Verbs verbs = guest.verbs();
        sendArea = guest.memory().allocate((long) servers * WINDOW * ContractServer.SLOT);
        region = verbs.register(sendArea, (long) servers * WINDOW * ContractServer.SLOT, Access.LOCAL_WRITE);
        queuePairs = new QueuePair[servers];
        for (int s = 0; s < servers; s++) {
            int server = s;
            CompletionQueue sends = verbs.createCompletionQueue(64);
            CompletionQueue receives = verbs.createCompletionQueue(64);
            sends.onCompletion(completion -> onSent(server, completion));
            queuePairs[s] = verbs.connect("s" + s, "svc-" + client, QueuePairConfig.of(sends, receives).withRings(WINDOW, 16));
            fill(server);
        }
    }

    private void fill(int server) {
        while (posted[server] < messages && posted[server] - completed[server] < WINDOW) {
            int index = posted[server]++;
            byte[] bytes = Traffic.bytes(client, server, index);
            long slot = sendArea + ((long) server * WINDOW + index % WINDOW) * ContractServer.SLOT;
            guest.memory().write(slot, bytes, 0, bytes.length);
            if (Traffic.isWrite(client, server, index, writes)) {
                long[] remote = rendezvous.get("s" + server);
                long target = remote[1] + ((long) client * ContractServer.WRITE_SLOTS + index % ContractServer.WRITE_SLOTS) * ContractServer.SLOT;
                queuePairs[server].postSend(new WorkRequest.RdmaWrite(index, slot, bytes.length, region.lkey(), target,
                        (int) remote[0], /* immediate= */ true));
            } else {
                queuePairs[server].postSend(new WorkRequest.Send(index, slot, bytes.length, region.lkey()));
            }
        }
    }

    private void onSent(int server, Completion completion) {
        if (!completion.ok()) {
            errors++;
            return;
        }
        if (completion.id() != completed[server]) {
            outOfOrder++;
        }
        completed[server]++;
        fill(server);
    }
}
