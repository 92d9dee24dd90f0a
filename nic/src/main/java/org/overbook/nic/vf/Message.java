package org.overbook.nic.vf;

import org.overbook.guest.verbs.WorkRequest;

/**
 * One message on the wire: a send or an RDMA write, with the bytes the requester's DMA read (the first
 * {@link #length} bytes of {@link #payload}, a buffer of the NIC's {@link PayloadBuffers}), cut into
 * packets of at most the path MTU (a message of up to one MTU, or of no bytes, is one packet). Each
 * packet has its own packet sequence number: the message's first ({@link #psn}) plus its index. The
 * numbers are given at first transmission and kept across retransmissions.
 */
final class Message {

    enum Kind { SEND, WRITE, WRITE_WITH_IMMEDIATE }

    final WorkRequest request;
    final Kind kind;
    final byte[] payload;
    /** The message's bytes: the request's length (the payload buffer may be longer). */
    final int length;
    final int mtu;
    final int packets;
    long psn = -1;
    long notification = -1;
    /** Packets the requester's DMA has read so far: only those can be sent (or sent again). */
    int read;

    Message(WorkRequest request, byte[] payload, int mtu) {
        this.request = request;
        this.payload = payload;
        this.length = request.length();
        this.mtu = mtu;
        this.packets = packets(length, mtu);
        if (request instanceof WorkRequest.Send) {
            this.kind = Kind.SEND;
        } else if (request instanceof WorkRequest.RdmaWrite w) {
            this.kind = w.immediate() ? Kind.WRITE_WITH_IMMEDIATE : Kind.WRITE;
        } else {
            throw new IllegalArgumentException("a receive is not a message");
        }
    }

    /** Returns the packets a message of {@code length} bytes takes at {@code mtu}. */
    static int packets(int length, int mtu) {
        return length <= mtu ? 1 : (int) ((length + (long) mtu - 1) / mtu);
    }

    /** Returns the staging slots the message takes, packet by packet (what a system-buffer credit covers). */
    static int stagingSlots(int length, int mtu) {
        int count = packets(length, mtu);
        if (count == 1) {
            return StagingArea.slots(length);
        }
        return (count - 1) * StagingArea.slots(mtu) + StagingArea.slots(length - (count - 1) * mtu);
    }

    /** Returns the payload offset of packet {@code index}. */
    int offset(int index) {
        return index * mtu;
    }

    /** Returns the payload bytes of packet {@code index}. */
    int length(int index) {
        return Math.min(mtu, length - index * mtu);
    }

    /** Returns the sequence number of the message's last packet. */
    long lastPsn() {
        return psn + packets - 1;
    }

    long remoteAddress() {
        return request instanceof WorkRequest.RdmaWrite w ? w.remoteAddress() : 0;
    }

    int rkey() {
        return request instanceof WorkRequest.RdmaWrite w ? w.rkey() : 0;
    }

    int counter() {
        return request instanceof WorkRequest.RdmaWrite w ? w.counter() : WorkRequest.RdmaWrite.NO_COUNTER;
    }

    boolean consumesReceive() {
        return kind != Kind.WRITE;
    }
}
