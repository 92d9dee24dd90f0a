package org.overbook.workloads.client;

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
import org.overbook.workloads.memcached.protocol.Response;
import org.overbook.workloads.memcached.protocol.ResponseParser;
import org.overbook.workloads.memcached.protocol.RetrievalScanner;

/**
 * One connection of a load generator to a server: request buffers and receive buffers in guest
 * memory (registered once), a window of at most {@code depth} requests outstanding, the operations
 * waiting for a slot in it, and the reply bytes received so far.
 *
 * <p>Replies come back in request order, as a byte stream cut into messages (a long reply spans
 * several): each received message is appended to the inbox, and complete replies are taken from
 * its front, each matched to the oldest outstanding request. A retrieval reply's values are read
 * where they lie in the inbox, not copied out.
 */
final class ClientConnection {

    private final LoadGenerator generator;
    private final ClientSettings settings;
    private final Guest guest;
    private final GuestMemory memory;
    private final QueuePair qp;
    private final long sendArea;
    private final MemoryRegion sendRegion;
    private final long receiveArea;
    private final MemoryRegion receiveRegion;
    private final int[] freeSlots;
    /**
     * Per send slot, the send request last posted from it, posted again as it is when the next request from
     * the slot has the same length (every get of a fixed key length has): most requests allocate none.
     */
    private final WorkRequest.Send[] sendRequests;
    private int freeCount;
    private final ArrayDeque<Pending> waiting = new ArrayDeque<>();
    private final ArrayDeque<Pending> outstanding = new ArrayDeque<>();
    private final MessageBuffer request = new MessageBuffer(1024);
    private final MessageBuffer inbox = new MessageBuffer(1024);
    private final ResponseParser parser = new ResponseParser();
    private final RetrievalScanner values = new RetrievalScanner();
    /** The receive request of each receive buffer, posted again each time it is consumed. */
    private final WorkRequest.Receive[] receiveRequests;
    private boolean failed;

    /**
     * Connects to {@code target}.
     *
     * @throws org.overbook.guest.verbs.VerbsException if the target does not listen (yet)
     */
    ClientConnection(LoadGenerator generator, ClientSettings settings, Guest guest, String target) {
        this.generator = generator;
        this.settings = settings;
        this.guest = guest;
        this.memory = guest.memory();
        Verbs verbs = guest.verbs();
        int slots = settings.sendRing();
        CompletionQueue sends = verbs.createCompletionQueue(settings.sendRing());
        CompletionQueue receives = verbs.createCompletionQueue(settings.receiveRing());
        this.qp = verbs.connect(target, settings.service(),
                QueuePairConfig.of(sends, receives).withRings(settings.sendRing(), settings.receiveRing()));
        long sendBytes = (long) slots * settings.requestSizeMax();
        long receiveBytes = (long) settings.receiveBuffers() * settings.replyBufferSize();
        this.sendArea = memory.allocate(sendBytes + receiveBytes);
        this.receiveArea = sendArea + sendBytes;
        this.sendRegion = verbs.register(sendArea, sendBytes, 0);
        this.receiveRegion = verbs.register(receiveArea, receiveBytes, Access.LOCAL_WRITE);
        this.freeSlots = new int[slots];
        this.sendRequests = new WorkRequest.Send[slots];
        for (int slot = slots - 1; slot >= 0; slot--) {
            freeSlots[freeCount++] = slot;
        }
        this.receiveRequests = new WorkRequest.Receive[settings.receiveBuffers()];
        for (int slot = 0; slot < receiveRequests.length; slot++) {
            receiveRequests[slot] = new WorkRequest.Receive(slot, receiveArea + (long) slot * settings.replyBufferSize(),
                    settings.replyBufferSize(), receiveRegion.lkey());
        }
        sends.onCompletion(this::onSent);
        receives.onCompletion(this::onReceived);
        for (int slot = 0; slot < settings.receiveBuffers(); slot++) {
            post(slot);
        }
    }

    /** Queues {@code pending} behind the others waiting for a window slot. */
    void submit(Pending pending) {
        if (failed) {
            generator.failed(pending);
            return;
        }
        waiting.add(pending);
        send();
    }

    /** Queues the next request of an operation already under way ahead of the others. */
    void resubmit(Pending pending) {
        if (failed) {
            generator.failed(pending);
            return;
        }
        waiting.addFirst(pending);
        send();
    }

    /** Returns the operations waiting for a window slot. */
    int waiting() {
        return waiting.size();
    }

    boolean failed() {
        return failed;
    }

    private void send() {
        while (!failed && !waiting.isEmpty() && outstanding.size() < settings.depth() && freeCount > 0) {
            Pending pending = waiting.poll();
            request.clear();
            generator.requests().next(pending, request);
            if (request.length() > settings.requestSizeMax()) {
                generator.oversized(pending);
                continue;
            }
            int slot = freeSlots[--freeCount];
            long address = sendArea + (long) slot * settings.requestSizeMax();
            memory.write(address, request.array(), 0, request.length());
            guest.charge(settings.costNanos() / 2);
            if (pending.postedAt < 0) {
                pending.postedAt = guest.now();
            }
            qp.postSend(sendRequest(slot, address, request.length()));
            outstanding.add(pending);
        }
    }

    /** Returns the send request of {@code length} bytes from {@code slot}, at {@code address}. */
    private WorkRequest.Send sendRequest(int slot, long address, int length) {
        WorkRequest.Send send = sendRequests[slot];
        if (send == null || send.length() != length) {
            send = new WorkRequest.Send(slot, address, length, sendRegion.lkey());
            sendRequests[slot] = send;
        }
        return send;
    }

    private void onSent(Completion completion) {
        freeSlots[freeCount++] = (int) completion.id();
        if (!completion.ok()) {
            fail();
            return;
        }
        send();
    }

    private void onReceived(Completion completion) {
        if (!completion.ok()) {
            fail();
            return;
        }
        int slot = (int) completion.id();
        int length = completion.byteLength();
        int into = inbox.reserve(length);
        memory.read(receiveArea + (long) slot * settings.replyBufferSize(), inbox.array(), into, length);
        post(slot);
        int at = 0;
        while (at < inbox.length()) {
            Pending pending = outstanding.peek();
            if (pending == null) {
                generator.unexpectedBytes(inbox.length() - at);
                at = inbox.length();
                break;
            }
            byte[] buf = inbox.array();
            if (pending.shape == ResponseParser.Shape.RETRIEVAL) {
                RetrievalScanner.Outcome outcome = values.scan(buf, at, inbox.length() - at);
                if (outcome == RetrievalScanner.Outcome.INCOMPLETE) {
                    break;
                }
                at += values.consumed();
                answered();
                if (outcome == RetrievalScanner.Outcome.VALUES) {
                    generator.repliedValues(this, pending, values, buf);
                } else {
                    generator.replied(pending, values.other(buf));
                }
            } else {
                Response response = parser.parse(buf, at, inbox.length() - at, pending.shape);
                if (response == null) {
                    break;
                }
                at += parser.consumed();
                answered();
                generator.replied(pending, response);
            }
        }
        compact(at);
        send();
    }

    /** The oldest outstanding request was answered. */
    private void answered() {
        outstanding.poll();
        guest.charge(settings.costNanos() - settings.costNanos() / 2);
    }

    /** Drops the first {@code used} bytes of the inbox. */
    private void compact(int used) {
        if (used == 0) {
            return;
        }
        int rest = inbox.length() - used;
        System.arraycopy(inbox.array(), used, inbox.array(), 0, rest);
        inbox.truncate(rest);
    }

    private void post(int slot) {
        if (!failed) {
            qp.postReceive(receiveRequests[slot]);
        }
    }

    /** The queue pair failed: every operation on this connection is lost. */
    private void fail() {
        if (failed) {
            return;
        }
        failed = true;
        generator.connectionFailed();
        while (!outstanding.isEmpty()) {
            generator.failed(outstanding.poll());
        }
        while (!waiting.isEmpty()) {
            generator.failed(waiting.poll());
        }
    }
}
