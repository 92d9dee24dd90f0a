package org.overbook.live.gateway;

/**
 * One thing a client connection is owed, in order: the reply to a request sent to the model, the end of a request
 * with no reply, a reply the edge gave itself, or the closing of the socket.
 */
final class Entry {

    enum Kind { REQUEST, LOCAL, CLOSE }

    final Kind kind;
    final ReplyShape shape;
    final byte[] bytes;
    final boolean quit;
    long postedAt = -1;
    boolean sent;

    private Entry(Kind kind, ReplyShape shape, byte[] bytes, boolean quit) {
        this.kind = kind;
        this.shape = shape;
        this.bytes = bytes;
        this.quit = quit;
    }

    static Entry request(Arrival.Request request) {
        return new Entry(Kind.REQUEST, request.shape(), request.bytes(), request.quit());
    }

    static Entry local(byte[] reply) {
        return new Entry(Kind.LOCAL, ReplyShape.NONE, reply, false);
    }

    static Entry close() {
        return new Entry(Kind.CLOSE, ReplyShape.NONE, new byte[0], false);
    }

    boolean posted() {
        return postedAt >= 0;
    }

    /** Returns the request bytes this entry answers, for the edge's count of pending bytes. */
    int requestBytes() {
        return kind == Kind.REQUEST ? bytes.length : 0;
    }
}
