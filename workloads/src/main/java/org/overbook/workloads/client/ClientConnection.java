package org.overbook.workloads.client;

import java.util.ArrayDeque;
import java.util.function.Consumer;
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
final class ClientConnection implements Consumer<Completion> {

    private final LoadGenerator generator;
    /*
     * The settings every request reads, copied from the client's settings record: with many tenants the record
     * is one more cold cache line per request.
     */
    private final int depth;
    private final int requestSizeMax;
    private final int replyBufferSize;
    private final long costNanos;
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
    /*
     * The operations waiting for a window slot and the requests outstanding, each in order: the first in a field of
     * its own, the rest in a deque made when first needed. A connection with one request at a time (a window of
     * one, the common case) touches no deque and no deque's array, each a cold cache line with many tenants.
     */
    private Pending firstWaiting;
    private ArrayDeque<Pending> moreWaiting;
    private Pending oldestOutstanding;
    private ArrayDeque<Pending> moreOutstanding;
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
        this.depth = settings.depth();
        this.requestSizeMax = settings.requestSizeMax();
        this.replyBufferSize = settings.replyBufferSize();
        this.costNanos = settings.costNanos();
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
        receives.onCompletion(this);
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
        if (firstWaiting == null) {
            firstWaiting = pending;
        } else {
            moreWaiting().addLast(pending);
        }
        send();
    }

    /** Queues the next request of an operation already under way ahead of the others. */
    void resubmit(Pending pending) {
        if (failed) {
            generator.failed(pending);
            return;
        }
        if (firstWaiting != null) {
            moreWaiting().addFirst(firstWaiting);
        }
        firstWaiting = pending;
        send();
    }

    private ArrayDeque<Pending> moreWaiting() {
        if (moreWaiting == null) {
            moreWaiting = new ArrayDeque<>();
        }
        return moreWaiting;
    }

    /** Takes the first waiting operation off the queue and returns it (null if none). */
    private Pending pollWaiting() {
        Pending first = firstWaiting;
        firstWaiting = moreWaiting == null ? null : moreWaiting.poll();
        return first;
    }

    /** Returns the operations waiting for a window slot. */
    int waiting() {
        return firstWaiting == null ? 0 : 1 + (moreWaiting == null ? 0 : moreWaiting.size());
    }

    /** Returns the requests outstanding. */
    private int outstanding() {
        return oldestOutstanding == null ? 0 : 1 + (moreOutstanding == null ? 0 : moreOutstanding.size());
    }

    private void addOutstanding(Pending pending) {
        if (oldestOutstanding == null) {
            oldestOutstanding = pending;
            return;
        }
        if (moreOutstanding == null) {
            moreOutstanding = new ArrayDeque<>();
        }
        moreOutstanding.addLast(pending);
    }

    /** Takes the oldest outstanding request off the queue and returns it (null if none). */
    private Pending pollOutstanding() {
        Pending oldest = oldestOutstanding;
        oldestOutstanding = moreOutstanding == null ? null : moreOutstanding.poll();
        return oldest;
    }

    boolean failed() {
        return failed;
    }

    private void send() {
        while (!failed && firstWaiting != null && outstanding() < depth && freeCount > 0) {
            Pending pending = pollWaiting();
            request.clear();
            generator.requests().next(pending, request);
            if (request.length() > requestSizeMax) {
                generator.oversized(pending);
                continue;
            }
            int slot = freeSlots[--freeCount];
            long address = sendArea + (long) slot * requestSizeMax;
            memory.write(address, request.array(), 0, request.length());
            guest.charge(costNanos / 2);
            if (pending.postedAt < 0) {
                pending.postedAt = guest.now();
            }
            qp.postSend(sendRequest(slot, address, request.length()));
            addOutstanding(pending);
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

    /**
     * A reply's message is in: the receive queue's handler is this connection itself, not a method reference, which
     * would be one more cold object to read a reply with many tenants.
     */
    @Override
    public void accept(Completion completion) {
        onReceived(completion);
    }

    private void onReceived(Completion completion) {
        if (!completion.ok()) {
            fail();
            return;
        }
        int slot = (int) completion.id();
        int length = completion.byteLength();
        int into = inbox.reserve(length);
        memory.read(receiveArea + (long) slot * replyBufferSize, inbox.array(), into, length);
        post(slot);
        int at = 0;
        while (at < inbox.length()) {
            Pending pending = oldestOutstanding;
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
        pollOutstanding();
        guest.charge(costNanos - costNanos / 2);
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
        while (oldestOutstanding != null) {
            generator.failed(pollOutstanding());
        }
        while (firstWaiting != null) {
            generator.failed(pollWaiting());
        }
    }
}
