package org.overbook.nic.vf;

import org.overbook.guest.verbs.CompletionStatus;
import org.overbook.hypervisor.sim.Action;
import org.overbook.hypervisor.sim.Simulation;
import org.overbook.nic.link.Link;

/**
 * What one queue pair has on the wire to its peer: its requester's data packets and its responder's
 * answers (acknowledgements, NAKs), in the order they will arrive.
 *
 * <p>Design. A link direction delivers its packets in the order they were sent, each strictly after the
 * one before ({@link Link.Direction#send}), so the packets of one queue pair, a subset of its direction's,
 * arrive in the order it sent them. They wait here in a ring of plain fields, and every arrival event is
 * this one object: it takes the oldest packet and hands it to the peer. That spares an object (a closure
 * over the packet) per packet and per answer; the events, their times and their order are those of a
 * closure per packet. Each arrival checks that it is the oldest packet's time, so a link that reordered
 * would fail loudly rather than misdeliver.
 */
final class Wire extends Action {

    private static final int DATA = 0;
    private static final int ACK = 1;
    private static final int SEQUENCE_ERROR = 2;
    private static final int RNR_NACK = 3;
    private static final int NAK = 4;
    private static final CompletionStatus[] STATUSES = CompletionStatus.values();
    private static final int FIELDS = 3;

    private final Simulation simulation;
    private final Link.Direction direction;
    private final QueuePairImpl peer;
    /*
     * The oldest packet on the wire, in fields of this object (a queue pair mostly has one packet at a time on each
     * wire, and then touches no array: with many tenants each is a cold cache line): its arrival time, its packet
     * index (data) or sequence number (answers), its kind in the top byte of an int with the RNR timer code or NAK
     * status below it, and its message (data); valid when oldestArrival >= 0.
     */
    private long oldestArrival = -1;
    private long oldestNumber;
    private int oldestWord;
    private Message oldestMessage;
    /**
     * The packets behind it, in sending order from {@link #head}: in {@link #fields}, {@value #FIELDS} longs side by
     * side (one cache line an arrival, not one per field) — arrival time, number and kind as above; in
     * {@link #messages}, the message (data).
     */
    private long[] fields = new long[8 * FIELDS];
    private Message[] messages = new Message[8];
    private int head;
    private int size;

    Wire(Simulation simulation, Link.Direction direction, QueuePairImpl peer) {
        this.simulation = simulation;
        this.direction = direction;
        this.peer = peer;
    }

    /** Returns the path MTU of the link. */
    int mtu() {
        return direction.mtu();
    }

    /** Returns the link's propagation latency toward the peer. */
    long latencyNanos() {
        return direction.latencyNanos();
    }

    /** Sends packet {@code index} of {@code message} now, for the peer's responder. */
    void data(Message message, int index) {
        send(simulation.now(), message.length(index), DATA, 0, index, message);
    }

    /** Sends, no earlier than {@code time}, the acknowledgement of every packet up to {@code psn}. */
    void ack(long time, long psn) {
        send(time, 0, ACK, 0, psn, null);
    }

    /** Sends, no earlier than {@code time}, a NAK for a PSN sequence error: the peer resends from {@code expected}. */
    void sequenceError(long time, long expected) {
        send(time, 0, SEQUENCE_ERROR, 0, expected, null);
    }

    /** Sends, no earlier than {@code time}, an RNR NACK of packet {@code psn} naming RNR timer {@code timerCode}. */
    void rnrNack(long time, long psn, int timerCode) {
        send(time, 0, RNR_NACK, timerCode, psn, null);
    }

    /** Sends, no earlier than {@code time}, a NAK refusing the message whose first packet is {@code psn}. */
    void nak(long time, long psn, CompletionStatus status) {
        send(time, 0, NAK, status.ordinal(), psn, null);
    }

    private void send(long time, int bytes, int kind, int argument, long number, Message message) {
        long arrival = direction.send(time, bytes, this);
        if (arrival == Link.LOST) {
            return;
        }
        if (oldestArrival < 0) {
            oldestArrival = arrival;
            oldestNumber = number;
            oldestWord = kind << 24 | argument;
            oldestMessage = message;
            return;
        }
        if (size == messages.length) {
            grow();
        }
        int slot = (head + size) & (messages.length - 1);
        int at = slot * FIELDS;
        fields[at] = arrival;
        fields[at + 1] = number;
        fields[at + 2] = kind << 24 | argument;
        messages[slot] = message;
        size++;
    }

    /** The oldest packet arrives: the peer takes it. */
    @Override
    public void run() {
        if (oldestArrival < 0 || oldestArrival != simulation.now()) {
            throw new IllegalStateException("a packet arrived out of the order it was sent in");
        }
        long number = oldestNumber;
        int word = oldestWord;
        Message message = oldestMessage;
        takeNext();
        int argument = word & 0xFFFFFF;
        switch (word >>> 24) {
            case DATA -> peer.responder.onArrival(message, (int) number);
            case ACK -> peer.requester.onAck(number);
            case SEQUENCE_ERROR -> peer.requester.onSequenceError(number);
            case RNR_NACK -> peer.requester.onRnrNack(number, argument);
            case NAK -> peer.requester.onNak(number, STATUSES[argument]);
            default -> throw new IllegalStateException("unknown packet kind " + (word >>> 24));
        }
    }

    /** The oldest packet has arrived: the next one, if any, becomes the oldest. */
    private void takeNext() {
        if (size == 0) {
            oldestArrival = -1;
            oldestMessage = null;
            return;
        }
        int slot = head;
        int at = slot * FIELDS;
        oldestArrival = fields[at];
        oldestNumber = fields[at + 1];
        oldestWord = (int) fields[at + 2];
        oldestMessage = messages[slot];
        messages[slot] = null;
        head = (slot + 1) & (messages.length - 1);
        size--;
    }

    private void grow() {
        int capacity = messages.length;
        long[] newFields = new long[capacity * 2 * FIELDS];
        Message[] newMessages = new Message[capacity * 2];
        for (int i = 0; i < size; i++) {
            int slot = (head + i) & (capacity - 1);
            System.arraycopy(fields, slot * FIELDS, newFields, i * FIELDS, FIELDS);
            newMessages[i] = messages[slot];
        }
        fields = newFields;
        messages = newMessages;
        head = 0;
    }
}
