package org.overbook.workloads.memcached.protocol;

import java.util.List;
import java.util.Objects;

/**
 * A memcached text-protocol reply as a client reads it ({@link ResponseParser}): the inverse of
 * {@link ResponseEncoder}. One record per reply shape; a client handles them with a {@code switch}.
 */
public sealed interface Response {

    /** A retrieval reply: zero or more {@code VALUE} blocks closed by {@code END}. */
    record Values(List<Value> values) implements Response {
        public Values {
            values = List.copyOf(values);
        }
    }

    /**
     * One {@code VALUE} block.
     *
     * @param key   the item's key
     * @param flags the 32-bit unsigned flags, held in an {@code int}
     * @param cas   the cas unique, meaningful only when {@code hasCas} (gets, gats)
     * @param data  the data block
     */
    record Value(ByteString key, int flags, long cas, boolean hasCas, ByteString data) {
        public Value {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(data, "data");
        }
    }

    /** A fixed one-line reply: STORED, NOT_STORED, EXISTS, NOT_FOUND, DELETED, TOUCHED or OK. */
    record Status(ResponseEncoder.Reply reply) implements Response {
        public Status {
            Objects.requireNonNull(reply, "reply");
        }
    }

    /** An incr/decr result, 64-bit unsigned. */
    record Number(long value) implements Response {
    }

    /** {@code VERSION <version>}. */
    record Version(String version) implements Response {
    }

    /** {@code STAT <name> <value>} lines closed by {@code END}, in the server's order. */
    record Stats(List<Stat> stats) implements Response {
        public Stats {
            stats = List.copyOf(stats);
        }
    }

    /** One {@code STAT} line. */
    record Stat(String name, String value) {
    }

    /**
     * One of memcached's error replies: {@code ERROR}, {@code CLIENT_ERROR <message>} or
     * {@code SERVER_ERROR <message>}.
     */
    record Error(ParseResult.ProtocolError.Kind kind, String message) implements Response {
        public Error {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(message, "message");
        }
    }

    /** Bytes that are no reply of the expected shape: the offending line, or a broken data block. */
    record Malformed(String description) implements Response {
    }
}
