package org.overbook.nic.vf;

import org.overbook.guest.verbs.WorkRequest;

/**
 * One message on the wire: a send or an RDMA write, with the bytes the requester's DMA read. The
 * packet sequence number is given at first transmission and kept across retransmissions.
 */
final class Message {

    enum Kind { SEND, WRITE, WRITE_WITH_IMMEDIATE }

    final WorkRequest request;
    final Kind kind;
    final byte[] payload;
    long psn = -1;
    long notification = -1;

    Message(WorkRequest request, byte[] payload) {
        this.request = request;
        this.payload = payload;
        this.kind = switch (request) {
            case WorkRequest.Send s -> Kind.SEND;
            case WorkRequest.RdmaWrite w -> w.immediate() ? Kind.WRITE_WITH_IMMEDIATE : Kind.WRITE;
            case WorkRequest.Receive r -> throw new IllegalArgumentException("a receive is not a message");
        };
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
