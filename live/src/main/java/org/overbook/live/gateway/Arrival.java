package org.overbook.live.gateway;

import java.util.Objects;

/**
 * What the TCP edge hands the model about one client connection, in the order it happened there. Each is
 * applied at a virtual time the pacer chose and the session log records, so a replay applies the same.
 * Connection numbers are unique in a session.
 */
public sealed interface Arrival {

    /** Returns the gateway connection this concerns. */
    int connection();

    /** A client connected to listen address {@code listen} (the gateway tenant of that index). */
    record Open(int connection, int listen) implements Arrival {
    }

    /**
     * One request exactly as the client sent it (command line and data block), one message to the server; the
     * edge has worked out what the server will answer, and whether it is {@code quit}.
     */
    record Request(int connection, byte[] bytes, ReplyShape shape, boolean quit) implements Arrival {
        public Request {
            Objects.requireNonNull(bytes, "bytes");
            Objects.requireNonNull(shape, "shape");
        }
    }

    /**
     * A reply the edge itself gives (memcached's own error for a value too large for one request message, a
     * line too long), sent in its place among the model's replies.
     */
    record Local(int connection, byte[] reply) implements Arrival {
        public Local {
            Objects.requireNonNull(reply, "reply");
        }
    }

    /**
     * The connection ends. {@code clientGone}: the client disconnected, so replies still due are dropped; otherwise
     * (after {@code quit} or a fatal protocol error) the socket is closed once every reply due has been sent.
     */
    record Close(int connection, boolean clientGone) implements Arrival {
    }
}
