package org.overbook.workloads.memcached.protocol;

import java.util.ArrayList;
import java.util.List;
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
     * A {@code get} or {@code gets} as {@link RequestParser#parseReusing} reads it: the parser's own
     * object, whose keys are windows on the message, all of it overwritten by the parser's next parse.
     * A server that executes each request before it parses the next one thus parses its commonest
     * request without making an object; {@link #copy()} is the {@link Parsed} that outlives the parse.
     */
    final class BorrowedGet implements ParseResult {

        private final BorrowedKeys keys = new BorrowedKeys();
        private boolean returnCas;
        private int consumed;

        BorrowedGet() {
        }

        /** Points this get at tokens {@code [from, to)} of {@code line}, all valid keys. */
        void point(CommandLine line, int from, int to, boolean returnCas, int consumed) {
            keys.point(line, from, to);
            this.returnCas = returnCas;
            this.consumed = consumed;
        }

        /** Returns the keys, at least one: windows good until the next parse. */
        public List<ByteString> keys() {
            return keys;
        }

        /** Returns whether it is a {@code gets}, which returns each item's cas unique. */
        public boolean returnCas() {
            return returnCas;
        }

        @Override
        public int consumed() {
            return consumed;
        }

        /** Returns the same get as a {@link Parsed} with keys of its own. */
        public Parsed copy() {
            List<ByteString> owned = new ArrayList<>(keys.size());
            for (int i = 0; i < keys.size(); i++) {
                owned.add(ByteString.copyOf(keys.get(i).toByteArray()));
            }
            return new Parsed(new Request.Get(owned, returnCas), consumed);
        }
    }

    /**
     * A {@code set}, {@code add}, {@code replace}, {@code append} or {@code prepend} as {@link
     * RequestParser#parseReusing} reads it: the parser's own object, whose key and data are windows on
     * the message, all of it overwritten by the parser's next parse, as a {@link BorrowedGet} is;
     * {@link #copy()} is the {@link Parsed} that outlives the parse.
     */
    final class BorrowedStore implements ParseResult {

        private final ByteString key = ByteString.window();
        private final ByteString data = ByteString.window();
        private StoreMode mode;
        private int flags;
        private int exptime;
        private boolean noreply;
        private int consumed;

        BorrowedStore() {
        }

        /** Points this store at key token {@code keyToken} of {@code line} and at {@code data[offset, offset+length)}. */
        void point(StoreMode mode, CommandLine line, int keyToken, int flags, int exptime, byte[] buf, int dataOffset,
                   int dataLength, boolean noreply, int consumed) {
            line.point(key, keyToken);
            data.point(buf, dataOffset, dataLength);
            this.mode = mode;
            this.flags = flags;
            this.exptime = exptime;
            this.noreply = noreply;
            this.consumed = consumed;
        }

        public StoreMode mode() {
            return mode;
        }

        /** Returns the key: a window good until the next parse. */
        public ByteString key() {
            return key;
        }

        public int flags() {
            return flags;
        }

        public int exptime() {
            return exptime;
        }

        /** Returns the data block: a window good until the next parse. */
        public ByteString data() {
            return data;
        }

        public boolean noreply() {
            return noreply;
        }

        @Override
        public int consumed() {
            return consumed;
        }

        /** Returns the same request as a {@link Parsed} with a key and data of its own. */
        public Parsed copy() {
            return new Parsed(new Request.Store(mode, ByteString.copyOf(key.toByteArray()), flags, exptime,
                    ByteString.copyOf(data.toByteArray()), noreply), consumed);
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
