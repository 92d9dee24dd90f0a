package org.overbook.workloads.server;

import org.overbook.guest.GuestMemory;
import org.overbook.guest.verbs.Access;
import org.overbook.guest.verbs.Completion;
import org.overbook.guest.verbs.MemoryRegion;
import org.overbook.guest.verbs.QueuePair;
import org.overbook.guest.verbs.TranslationListener;
import org.overbook.guest.verbs.Verbs;
import org.overbook.guest.verbs.WorkRequest;
import org.overbook.workloads.memcached.MemcachedEngine;
import org.overbook.workloads.memcached.protocol.MessageBuffer;
import org.overbook.workloads.memcached.protocol.ParseResult;
import org.overbook.workloads.memcached.protocol.RequestParser;

/**
 * One client connection of a {@link MemcachedServer}: its receive buffers and reply buffers in guest
 * memory (one registered region each), the messages waiting to be run, and the reply bytes waiting
 * for a reply buffer.
 *
 * <p>A message is run request by request. Replies go to a per-connection backlog and leave in
 * order, one reply buffer per send, a reply longer than a buffer as several messages; a buffer is
 * reused once its send has completed. When the backlog holds {@link ServerSettings#replySizeMax()}
 * bytes, running stops until sends drain it, and the message's receive buffer is not reposted
 * meanwhile: the client meets RNR NACKs, as a memcached client meets a full TCP window. The bytes sent
 * leave the backlog's front once they are as many as those waiting. So no input can make the server
 * hold more than a few of the largest replies per connection.
 */
final class ServerConnection {

    /** What {@link #nextMessage} holds when no message waits. */
    private static final long NONE = -1;

    private final MemcachedServer server;
    /*
     * The settings every request reads, and the reply region's key, copied here: with many tenants the settings
     * object and the region are cold cache lines.
     */
    private final int bufferSize;
    private final int replyBufferSize;
    private final long replySizeMax;
    private final int replyLkey;
    private final GuestMemory memory;
    private final QueuePair qp;
    private final int queuePairNumber;
    private final MemcachedEngine engine;
    private final RequestParser parser;
    private final ServerCounters counters;
    /*
     * The traffic every request counts, in this connection's own fields ({@link ServerCounters#report} sums the
     * connections'): counted in the server's counters object, it would be one more cold cache line per request with
     * many tenants.
     */
    long messages;
    long bytesReceived;
    long replies;
    long replyMessages;
    long bytesSent;
    private final long receiveArea;
    private final long replyArea;
    private final int[] freeReplySlots;
    private int freeReplyCount;
    /**
     * The oldest received message not yet run, as {@link Inbox} packs one, or {@link #NONE}; those after it wait in
     * {@link #laterMessages}, made when first needed (most connections run each message as it arrives and touch no
     * inbox).
     */
    private long nextMessage = NONE;
    private Inbox laterMessages;
    /** The receive of each receive buffer, made once: a buffer is always reposted with the same one. */
    private final WorkRequest.Receive[] receiveRequests;
    private final byte[] input;
    private int inputSlot = -1;
    private int inputAt;
    private int inputEnd;
    private final MessageBuffer backlog = new MessageBuffer(1024);
    private int backlogStart;
    private boolean closed;
    private boolean failed;

    ServerConnection(MemcachedServer server, QueuePair qp, Verbs verbs, GuestMemory memory) {
        this.server = server;
        ServerSettings settings = server.settings();
        this.bufferSize = settings.bufferSize();
        this.replyBufferSize = settings.replyBufferSize();
        this.replySizeMax = settings.replySizeMax();
        this.memory = memory;
        this.qp = qp;
        this.queuePairNumber = qp.number();
        this.engine = server.engine();
        this.parser = server.parser();
        this.counters = server.counters();
        long receiveBytes = (long) settings.receiveBuffers() * settings.bufferSize();
        long replyBytes = (long) settings.replyBuffers() * settings.replyBufferSize();
        this.receiveArea = memory.allocate(receiveBytes + replyBytes);
        this.replyArea = receiveArea + receiveBytes;
        MemoryRegion receiveRegion;
        MemoryRegion replyRegion;
        if (settings.prefetchOnUpcall()) {
            TranslationListener prefetch = (region, address) -> {
                counters.upcalls++;
                long from = Math.max(address, region.address());
                long to = Math.min(address + GuestMemory.PAGE_SIZE, region.address() + region.length());
                verbs.advise(region, from, to - from);
            };
            receiveRegion = verbs.register(receiveArea, receiveBytes, Access.LOCAL_WRITE, prefetch);
            replyRegion = verbs.register(replyArea, replyBytes, 0, prefetch);
        } else {
            receiveRegion = verbs.register(receiveArea, receiveBytes, Access.LOCAL_WRITE);
            replyRegion = verbs.register(replyArea, replyBytes, 0);
        }
        this.freeReplySlots = new int[settings.replyBuffers()];
        for (int slot = settings.replyBuffers() - 1; slot >= 0; slot--) {
            freeReplySlots[freeReplyCount++] = slot;
        }
        this.replyLkey = replyRegion.lkey();
        this.input = new byte[settings.bufferSize()];
        this.receiveRequests = new WorkRequest.Receive[settings.receiveBuffers()]; // reposted as they are
        for (int slot = 0; slot < receiveRequests.length; slot++) {
            receiveRequests[slot] = new WorkRequest.Receive(slot, slotAddress(slot), settings.bufferSize(), receiveRegion.lkey());
            post(slot);
        }
    }

    int queuePairNumber() {
        return queuePairNumber;
    }

    /** A message arrived in a receive buffer, or a receive failed. */
    void onReceive(Completion completion) {
        if (!completion.ok()) {
            fail();
            counters.countError(completion);
            return;
        }
        messages++;
        bytesReceived += completion.byteLength();
        if (closed) {
            counters.ignoredAfterQuit++;
            return;
        }
        long message = Inbox.message((int) completion.id(), completion.byteLength());
        if (nextMessage == NONE) {
            nextMessage = message;
        } else {
            if (laterMessages == null) {
                laterMessages = new Inbox(receiveRequests.length);
            }
            laterMessages.add(message);
        }
        run();
    }

    /** A reply message left, or a send failed. */
    void onSent(Completion completion) {
        freeReplySlots[freeReplyCount++] = (int) completion.id();
        if (!completion.ok()) {
            fail();
            counters.countError(completion);
            return;
        }
        pump();
        run();
    }

    /** Runs waiting requests until the backlog is full or nothing waits. */
    private void run() {
        while (!closed && !failed) {
            if (inputSlot < 0) {
                if (nextMessage == NONE) {
                    return;
                }
                inputSlot = Inbox.slot(nextMessage);
                inputAt = 0;
                inputEnd = Inbox.length(nextMessage);
                nextMessage = laterMessages == null || laterMessages.isEmpty() ? NONE : laterMessages.poll();
                memory.read(slotAddress(inputSlot), input, 0, inputEnd);
            }
            while (inputAt < inputEnd) {
                if (backlog.length() - backlogStart >= replySizeMax) {
                    counters.backpressured++;
                    return; // resumed by onSent once the backlog drains
                }
                ParseResult request = parser.parseReusing(input, inputAt, inputEnd - inputAt); // executed before input changes and the next parse
                int before = backlog.length();
                MemcachedEngine.Outcome outcome = engine.execute(request, backlog); // the reply goes straight to the backlog
                inputAt += Math.max(1, request.consumed());
                if (backlog.length() > before) {
                    replies++;
                    pump();
                }
                if (outcome == MemcachedEngine.Outcome.CLOSE) {
                    closed = true;
                    counters.quits++;
                    server.closed();
                    return;
                }
            }
            post(inputSlot);
            inputSlot = -1;
        }
    }

    /** Moves backlog bytes into free reply buffers and sends them, in order. */
    private void pump() {
        int size = replyBufferSize;
        while (backlogStart < backlog.length() && freeReplyCount > 0 && !failed) {
            int slot = freeReplySlots[--freeReplyCount];
            int n = Math.min(backlog.length() - backlogStart, size);
            long address = replyArea + (long) slot * size;
            memory.write(address, backlog.array(), backlogStart, n);
            backlogStart += n;
            qp.postSend(new WorkRequest.Send(slot, address, n, replyLkey));
            replyMessages++;
            bytesSent += n;
        }
        if (backlogStart == backlog.length()) {
            backlog.clear();
            backlogStart = 0;
        } else if (backlogStart >= backlog.length() - backlogStart) {
            // more sent than waiting: dropped, or a backlog that never empties (replies added before the sends drain
            // the last) would keep every byte it ever sent; copying the fewer bytes waiting costs no more than sending
            backlog.dropFront(backlogStart);
            backlogStart = 0;
        }
    }

    /** Returns the length of the array the reply backlog holds. */
    int backlogCapacity() {
        return backlog.array().length;
    }

    private void post(int slot) {
        if (!failed && !closed) {
            qp.postReceive(receiveRequests[slot]);
        }
    }

    private long slotAddress(int slot) {
        return receiveArea + (long) slot * bufferSize;
    }

    private void fail() {
        if (!failed) {
            failed = true;
            if (!closed) {
                server.closed();
            }
        }
    }
}
