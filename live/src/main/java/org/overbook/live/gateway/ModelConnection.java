package org.overbook.live.gateway;

import java.util.ArrayDeque;
import org.overbook.guest.Guest;
import org.overbook.guest.GuestMemory;
import org.overbook.guest.verbs.Access;
import org.overbook.guest.verbs.Completion;
import org.overbook.guest.verbs.CompletionQueue;
import org.overbook.guest.verbs.MemoryRegion;
import org.overbook.guest.verbs.QueuePair;
import org.overbook.guest.verbs.QueuePairConfig;
import org.overbook.guest.verbs.Verbs;
import org.overbook.guest.verbs.WorkRequest;
import org.overbook.workloads.memcached.protocol.MessageBuffer;

/**
 * One connection of the gateway tenant to the server tenant, as a load generator's connection is: request buffers
 * and receive buffers in the gateway's guest memory, registered once, and a queue pair across the link. A client
 * connection ({@link Binding}) borrows it: its requests are written into a request buffer and posted as one send
 * each, at most {@code window} in flight; the server's replies arrive as a byte stream cut into messages and are
 * cut back into whole replies ({@link ReplyScanner}) to be sent to the client in order, with the edge's own replies
 * and the closing of the socket in their places ({@link Entry}).
 *
 * <p>When its client is done and nothing is in flight, the connection goes back to the gateway's pool, as a
 * memcached proxy keeps its server connections; one that sent {@code quit} (the server stopped reading it) or
 * failed is retired, and its guest memory freed once no send is in flight. A connection fails when the server
 * disconnects it, as it does one it has no guest memory for: every post then completes as flushed, and the client
 * is closed without a reply, as memcached closes a socket it cannot allocate a connection for; nothing the client
 * sent reaches the server's engine.
 */
final class ModelConnection {

    private final GatewayEndpoint endpoint;
    private final GatewaySettings settings;
    private final Guest guest;
    private final GuestMemory memory;
    private final Verbs verbs;
    private final QueuePair qp;
    private final long area;
    private final long areaBytes;
    private final long receiveArea;
    private final MemoryRegion sendRegion;
    private final MemoryRegion receiveRegion;
    private final int[] freeSlots;
    private int freeCount;
    private final ArrayDeque<Entry> onTheWire = new ArrayDeque<>();
    private final MessageBuffer inbox = new MessageBuffer(1024);
    private final byte[] scratch;
    private int inFlight;
    private Binding binding;
    private boolean retired;
    private boolean freed;

    /**
     * Connects to the target and posts the receive buffers.
     *
     * @throws org.overbook.guest.verbs.VerbsException if the target does not listen (yet)
     * @throws org.overbook.guest.GuestOutOfMemoryException if the gateway tenant has no room for the buffers
     */
    ModelConnection(GatewayEndpoint endpoint, GatewaySettings settings, Guest guest) {
        this.endpoint = endpoint;
        this.settings = settings;
        this.guest = guest;
        this.memory = guest.memory();
        this.verbs = guest.verbs();
        int slots = settings.sendRing();
        long sendBytes = (long) slots * settings.requestSizeMax();
        long receiveBytes = (long) settings.receiveBuffers() * settings.replyBufferSize();
        this.areaBytes = sendBytes + receiveBytes;
        this.area = memory.allocate(areaBytes);
        this.receiveArea = area + sendBytes;
        CompletionQueue sends = verbs.createCompletionQueue(slots);
        CompletionQueue receives = verbs.createCompletionQueue(settings.receiveRing());
        try {
            this.qp = verbs.connect(settings.target(), settings.service(),
                    QueuePairConfig.of(sends, receives).withRings(slots, settings.receiveRing()));
        } catch (RuntimeException e) {
            memory.free(area, areaBytes);
            throw e;
        }
        this.sendRegion = verbs.register(area, sendBytes, 0);
        this.receiveRegion = verbs.register(receiveArea, receiveBytes, Access.LOCAL_WRITE);
        this.freeSlots = new int[slots];
        for (int slot = slots - 1; slot >= 0; slot--) {
            freeSlots[freeCount++] = slot;
        }
        this.scratch = new byte[settings.replyBufferSize()];
        sends.onCompletion(this::onSent);
        receives.onCompletion(this::onReceived);
        for (int slot = 0; slot < settings.receiveBuffers(); slot++) {
            postReceive(slot);
        }
    }

    /** Lends this connection to {@code client}. */
    void bind(Binding client) {
        this.binding = client;
        client.connection = this;
        progress();
    }

    boolean retired() {
        return retired;
    }

    /** Posts what the window allows, answers what can be answered, and gives the connection back when its client is done. */
    void progress() {
        if (binding == null) {
            return;
        }
        drain();
        post();
        if (binding != null && binding.finished() && inFlight == 0) {
            Binding done = binding;
            binding = null;
            done.connection = null;
            inbox.clear();
            endpoint.finished(done, this);
        }
    }

    private void post() {
        while (binding != null && !retired && !binding.unposted.isEmpty() && inFlight < settings.window() && freeCount > 0) {
            Entry entry = binding.unposted.poll();
            int slot = freeSlots[--freeCount];
            long address = area + (long) slot * settings.requestSizeMax();
            memory.write(address, entry.bytes, 0, entry.bytes.length);
            guest.charge(settings.costNanos() / 2);
            entry.postedAt = guest.now();
            qp.postSend(new WorkRequest.Send(slot, address, entry.bytes.length, sendRegion.lkey()));
            onTheWire.add(entry);
            inFlight++;
            endpoint.counters().posted(entry);
            if (entry.quit) {
                retired = true; // the server stops reading this queue pair after quit
            }
        }
    }

    /** Sends the client every reply now complete, in order, with the edge's replies and the close in their places. */
    private void drain() {
        while (binding != null && !binding.owed.isEmpty()) {
            Entry entry = binding.owed.peek();
            switch (entry.kind) {
                case LOCAL -> {
                    binding.owed.poll();
                    endpoint.send(binding, entry.bytes, 0, entry.bytes.length, 0);
                    endpoint.counters().localReplies++;
                }
                case CLOSE -> {
                    binding.owed.poll();
                    endpoint.closeClient(binding);
                }
                case REQUEST -> {
                    if (!entry.posted()) {
                        return;
                    }
                    int length = 0;
                    if (entry.shape == ReplyShape.NONE) {
                        if (!entry.sent) {
                            return;
                        }
                    } else {
                        length = ReplyScanner.complete(inbox.array(), 0, inbox.length(), entry.shape);
                        if (length < 0) {
                            return;
                        }
                    }
                    binding.owed.poll();
                    inFlight--;
                    guest.charge(settings.costNanos() - settings.costNanos() / 2);
                    endpoint.answered(binding, entry, inbox.array(), length);
                    consume(length);
                }
            }
        }
        if (binding != null && binding.owed.isEmpty() && inbox.length() > 0) {
            endpoint.counters().unexpectedReplyBytes += inbox.length();
            endpoint.send(binding, inbox.array(), 0, inbox.length(), 0);
            inbox.clear();
        }
    }

    private void onSent(Completion completion) {
        freeSlots[freeCount++] = (int) completion.id();
        Entry entry = onTheWire.poll();
        if (entry != null) {
            entry.sent = true;
        }
        if (!completion.ok()) {
            fail();
            return;
        }
        progress();
        freeIfRetiredAndIdle();
    }

    private void onReceived(Completion completion) {
        if (!completion.ok()) {
            fail();
            return;
        }
        int slot = (int) completion.id();
        int length = completion.byteLength();
        memory.read(receiveArea + (long) slot * settings.replyBufferSize(), scratch, 0, length);
        inbox.put(scratch, 0, length);
        postReceive(slot);
        if (binding == null) {
            endpoint.counters().unexpectedReplyBytes += inbox.length();
            inbox.clear();
            return;
        }
        progress();
    }

    private void consume(int used) {
        if (used == 0) {
            return;
        }
        int rest = inbox.length() - used;
        System.arraycopy(inbox.array(), used, inbox.array(), 0, rest);
        inbox.truncate(rest);
    }

    private void postReceive(int slot) {
        if (!retired) {
            qp.postReceive(new WorkRequest.Receive(slot, receiveArea + (long) slot * settings.replyBufferSize(),
                    settings.replyBufferSize(), receiveRegion.lkey()));
        }
    }

    /** The queue pair failed: the client's connection is closed, and this one retired. */
    private void fail() {
        if (retired && binding == null) {
            freeIfRetiredAndIdle();
            return;
        }
        retired = true;
        endpoint.counters().failedConnections++;
        Binding client = binding;
        if (client != null) {
            binding = null;
            client.connection = null;
            client.drop(); // not forgetUnsent(), which would take the client for gone and leave its socket open
            endpoint.failed(client);
        }
        freeIfRetiredAndIdle();
    }

    /** Frees a retired connection's buffers once nothing is in flight from them, and a failed one's queue pair. */
    void freeIfRetiredAndIdle() {
        if (retired && !freed && binding == null && onTheWire.isEmpty()) {
            freed = true;
            if (qp.inError()) {
                qp.disconnect(); // the server refused it or it failed: nothing more can cross it
            }
            verbs.deregister(sendRegion);
            verbs.deregister(receiveRegion);
            memory.free(area, areaBytes);
        }
    }
}
