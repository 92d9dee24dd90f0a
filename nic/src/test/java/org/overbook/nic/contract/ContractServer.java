package org.overbook.nic.contract;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
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
 * A server tenant of the contract: one connection per client, receive buffers registered per use
 * (register, post, process, deregister: the pattern that exercises each memory policy), an RDMA-write
 * area, and a scratch area it keeps touching so that reclaim runs. Checks every message in order.
 */
final class ContractServer implements Workload {

    static final int RECEIVES = 16;
    static final int WRITE_SLOTS = 24;
    static final int SLOT = Traffic.MAX_MESSAGE;

    private final int server;
    private final int clients;
    private final int scratchPages;
    private final Map<String, long[]> rendezvous;
    private final boolean writes;
    private Guest guest;
    private Verbs verbs;
    private RandomGenerator random;
    private long receiveArea;
    private long writeArea;
    private long scratch;
    final int[] delivered;
    final long[] mismatches;
    long errors;
    private final MemoryRegion[][] buffers;

    ContractServer(int server, int clients, int scratchPages, boolean writes, Map<String, long[]> rendezvous) {
        this.server = server;
        this.writes = writes;
        this.clients = clients;
        this.scratchPages = scratchPages;
        this.rendezvous = rendezvous;
        this.delivered = new int[clients];
        this.mismatches = new long[clients];
        this.buffers = new MemoryRegion[clients][RECEIVES];
    }

    @Override
    public void start(Guest guest) {
        this.guest = guest;
        this.verbs = guest.verbs();
        this.random = guest.random();
        receiveArea = guest.memory().allocate((long) clients * RECEIVES * SLOT);
        writeArea = guest.memory().allocate((long) clients * WRITE_SLOTS * SLOT);
        scratch = guest.memory().allocate((long) scratchPages * 4096);
        MemoryRegion writes = verbs.register(writeArea, (long) clients * WRITE_SLOTS * SLOT, Access.LOCAL_WRITE | Access.REMOTE_WRITE);
        rendezvous.put(guest.tenantName(), new long[] {writes.rkey(), writeArea});
        for (int client = 0; client < clients; client++) {
            int c = client;
            CompletionQueue receives = verbs.createCompletionQueue(64);
            CompletionQueue sends = verbs.createCompletionQueue(64);
            verbs.listen("svc-" + c, QueuePairConfig.of(sends, receives).withRings(16, RECEIVES), qp -> {
                receives.onCompletion(completion -> onReceive(c, qp, completion));
                for (int slot = 0; slot < RECEIVES; slot++) {
                    post(c, qp, slot);
                }
            });
        }
    }

    private long buffer(int client, int slot) {
        return receiveArea + ((long) client * RECEIVES + slot) * SLOT;
    }

    private void post(int client, QueuePair qp, int slot) {
        MemoryRegion region = verbs.register(buffer(client, slot), SLOT, Access.LOCAL_WRITE);
        buffers[client][slot] = region;
        qp.postReceive(new WorkRequest.Receive(slot, buffer(client, slot), SLOT, region.lkey()));
    }

    private void onReceive(int client, QueuePair qp, Completion completion) {
        if (!completion.ok()) {
            errors++;
            return;
        }
        int index = delivered[client]++;
        byte[] expected = Traffic.bytes(client, server, index);
        byte[] actual = new byte[expected.length];
        long at = completion.opcode() == Completion.Opcode.RECEIVE
                ? buffer(client, (int) completion.id())
                : writeArea + ((long) client * WRITE_SLOTS + index % WRITE_SLOTS) * SLOT;
        boolean kindRight = (completion.opcode() == Completion.Opcode.RECEIVE_RDMA_WITH_IMMEDIATE)
                == Traffic.isWrite(client, server, index, writes);
        guest.memory().read(at, actual, 0, actual.length);
        if (!kindRight || !Arrays.equals(expected, actual)
                || (completion.opcode() == Completion.Opcode.RECEIVE && completion.byteLength() != expected.length)) {
            mismatches[client]++;
        }
        for (int i = 0; i < 4; i++) { // memory pressure: the guest's own work
            guest.memory().writeLong(scratch + (long) random.nextInt(scratchPages) * 4096, random.nextLong());
        }
        int slot = (int) completion.id();
        verbs.deregister(buffers[client][slot]);
        post(client, qp, slot);
    }

    /**
     * After the run: cycles the scratch area through memory twice (so reclaim takes the write areas'
     * pages and they come back from swap), then checks that each connection's write slots still hold
     * the last message written to them. Returns the mismatches; catches a DMA write the host lost.
     */
    long recheckWriteAreas(int messages) {
        for (int pass = 0; pass < 2; pass++) {
            for (int page = 0; page < scratchPages; page++) {
                guest.memory().writeLong(scratch + (long) page * 4096 + 8, pass + page);
            }
        }
        long wrong = 0;
        for (int client = 0; client < clients; client++) {
            for (int index = Math.max(0, messages - WRITE_SLOTS); index < messages; index++) {
                if (!Traffic.isWrite(client, server, index, writes)) {
                    continue;
                }
                byte[] expected = Traffic.bytes(client, server, index);
                byte[] actual = new byte[expected.length];
                guest.memory().read(writeArea + ((long) client * WRITE_SLOTS + index % WRITE_SLOTS) * SLOT, actual, 0, actual.length);
                if (!Arrays.equals(expected, actual)) {
                    wrong++;
                }
            }
        }
        return wrong;
    }

    List<Integer> deliveredCounts() {
        return Arrays.stream(delivered).boxed().toList();
    }
}
