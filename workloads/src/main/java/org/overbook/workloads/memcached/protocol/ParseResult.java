package org.overbook.workloads.memcached.protocol;

import java.util.Objects;

/**
 * What {@link RequestParser} makes of the bytes at the start of a message: a request, or the error
 * line memcached would answer. Both say how many bytes memcached would have consumed, so a server
 * that allows pipelining parses again from there; one request per message leaves nothing after.
 */
public sealed interface ParseResult {

    /** Returns the number of bytes this result accounts for, from the offset given to the parser. */
    int consumed();

    /** A well-formed request. */
    record Parsed(Request request, int consumed) implements ParseResult {
        public Parsed {
            Objects.requireNonNull(request, "request");
        }
    }

    /**
     * A request memcached rejects, with memcached's answer.
     *
     * @param kind     which of memcached's three error replies
     * @param message  the human-readable text after {@code CLIENT_ERROR } or {@code SERVER_ERROR };
     *                 empty for {@code ERROR}
     * @param noreply  true when the line carried {@code noreply} and memcached had seen it before
     *                 failing: memcached then sends nothing, and neither should the server
     * @param consumed bytes memcached would have consumed: the command line, plus the data block
     *                 memcached swallows after a too-large or malformed storage request
     */
    record ProtocolError(Kind kind, String message, boolean noreply, int consumed) implements ParseResult {

        /** memcached's error replies. */
        public enum Kind {
            /** {@code ERROR}: an unknown command, or a known one with the wrong number of arguments. */
            ERROR,
            /** {@code CLIENT_ERROR <message>}: the input does not conform to the protocol. */
            CLIENT_ERROR,
            /** {@code SERVER_ERROR <message>}: the server cannot carry out the command. */
            SERVER_ERROR
        }

        public ProtocolError {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(message, "message");
        }

        /** Returns the reply line without its {@code \r\n}, e.g. {@code CLIENT_ERROR bad data chunk}. */
        public String line() {
            return kind == Kind.ERROR ? "ERROR" : kind.name() + " " + message;
        }
    }
}
