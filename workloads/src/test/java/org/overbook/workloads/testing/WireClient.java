package org.overbook.workloads.testing;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import org.overbook.guest.Guest;
import org.overbook.guest.Workload;
import org.overbook.guest.verbs.Access;
import org.overbook.guest.verbs.Completion;
import org.overbook.guest.verbs.CompletionQueue;
import org.overbook.guest.verbs.CompletionStatus;
import org.overbook.guest.verbs.MemoryRegion;
import org.overbook.guest.verbs.QueuePair;
import org.overbook.guest.verbs.QueuePairConfig;
import org.overbook.guest.verbs.WorkRequest;

/**
 * A raw client for protocol tests: connects to a server tenant's service, sends whatever bytes a
 * test gives it as one message each, and keeps every byte that comes back, in order, plus the
 * status of each send. Driven from a test through {@link WireSession}.
 */
public final class WireClient implements Workload {

    private static final int SLOTS = 8;
    private static final int RECEIVES = 16;

    private final String target;
    private final String service;
    private final int messageMax;
    private final int receiveSize;
    private final ByteArrayOutputStream received = new ByteArrayOutputStream();
    private final List<CompletionStatus> sendStatuses = new ArrayList<>();
    private Guest guest;
    private QueuePair qp;
    private long sendArea;
    private MemoryRegion sendRegion;
    private long receiveArea;
    private MemoryRegion receiveRegion;
    private int nextSlot;
    private int messages;

    /**
     * @param messageMax  the largest message the test will send
     * @param receiveSize bytes per receive buffer (at least the server's reply buffer)
     */
    public WireClient(String target, String service, int messageMax, int receiveSize) {
        this.target = target;
        this.service = service;
        this.messageMax = messageMax;
        this.receiveSize = receiveSize;
    }

    @Override
    public void start(Guest guest) {
        this.guest = guest;
        guest.schedule(1_000, this::connect);
    }

    private void connect() {
        CompletionQueue sends = guest.verbs().createCompletionQueue(64);
        CompletionQueue receives = guest.verbs().createCompletionQueue(64);
        qp = guest.verbs().connect(target, service, QueuePairConfig.of(sends, receives).withRings(SLOTS, RECEIVES));
        sendArea = guest.memory().allocate((long) SLOTS * messageMax);
        sendRegion = guest.verbs().register(sendArea, (long) SLOTS * messageMax, 0);
        receiveArea = guest.memory().allocate((long) RECEIVES * receiveSize);
        receiveRegion = guest.verbs().register(receiveArea, (long) RECEIVES * receiveSize, Access.LOCAL_WRITE);
        sends.onCompletion(c -> sendStatuses.add(c.status()));
        receives.onCompletion(this::onReceived);
        for (int i = 0; i < RECEIVES; i++) {
            post(i);
        }
    }

    private void post(int slot) {
        qp.postReceive(new WorkRequest.Receive(slot, receiveArea + (long) slot * receiveSize, receiveSize, receiveRegion.lkey()));
    }

    private void onReceived(Completion completion) {
        if (!completion.ok()) {
            return;
        }
        byte[] bytes = new byte[completion.byteLength()];
        guest.memory().read(receiveArea + completion.id() * receiveSize, bytes, 0, bytes.length);
        received.writeBytes(bytes);
        messages++;
        post((int) completion.id());
    }

    /** Sends {@code message} as one message; must run on the tenant's vCPU. */
    void send(byte[] message) {
        if (message.length > messageMax) {
            throw new IllegalArgumentException("message of " + message.length + " bytes; the client was built for " + messageMax);
        }
        long address = sendArea + (long) (nextSlot++ % SLOTS) * messageMax;
        guest.memory().write(address, message, 0, message.length);
        qp.postSend(new WorkRequest.Send(nextSlot, address, message.length, sendRegion.lkey()));
    }

    /** Returns and forgets the bytes received so far. */
    byte[] takeReceived() {
        byte[] out = received.toByteArray();
        received.reset();
        return out;
    }

    /** Returns how many reply messages arrived. */
    public int messages() {
        return messages;
    }

    /** Returns the status of every send so far. */
    public List<CompletionStatus> sendStatuses() {
        return sendStatuses;
    }

    /** Returns whether the queue pair went to the error state. */
    public boolean inError() {
        return qp.inError();
    }
}
