package org.overbook.workloads.memcached.protocol;

import java.nio.charset.StandardCharsets;

/**
 * Writes memcached text-protocol replies into a {@link MessageBuffer}, byte for byte as memcached's
 * {@code doc/protocol.txt} shows them, every line ending in {@code \r\n}.
 *
 * <p>A retrieval reply is a sequence of {@code VALUE} items closed by {@link Reply#END}:
 * <pre>{@code
 * ResponseEncoder.value(out, key, flags, data, 0, data.length);        // get
 * ResponseEncoder.value(out, key, flags, data, 0, data.length, cas);   // gets, gats
 * ResponseEncoder.reply(out, Reply.END);
 * }</pre>
 * A server whose data sits elsewhere (guest memory) writes {@link #valueHeader} instead, fills
 * {@link MessageBuffer#reserve(int)} bytes itself, and closes the block with {@link #endOfData}.
 * Nothing here allocates once the buffer is large enough.
 */
public final class ResponseEncoder {

    private static final byte[] VALUE = "VALUE ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] VERSION = "VERSION ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] STAT = "STAT ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CLIENT_ERROR = "CLIENT_ERROR ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SERVER_ERROR = "SERVER_ERROR ".getBytes(StandardCharsets.US_ASCII);

    /** The replies that are one fixed line. */
    public enum Reply {
        /** Closes a retrieval or stats reply. */
        END,
        /** The item was stored. */
        STORED,
        /** add/replace/append/prepend's condition did not hold. */
        NOT_STORED,
        /** cas: the item changed since it was fetched. */
        EXISTS,
        /** The item does not exist. */
        NOT_FOUND,
        /** delete succeeded. */
        DELETED,
        /** touch succeeded. */
        TOUCHED,
        /** flush_all or verbosity succeeded. */
        OK,
        /** A nonexistent command. */
        ERROR;

        private final byte[] line = (name() + "\r\n").getBytes(StandardCharsets.US_ASCII);
    }

    private ResponseEncoder() {
    }

    /** Writes a fixed one-line reply. */
    public static void reply(MessageBuffer out, Reply reply) {
        out.put(reply.line);
    }

    /** Writes {@code VALUE <key> <flags> <bytes>\r\n<data>\r\n}. */
    public static void value(MessageBuffer out, ByteString key, int flags, byte[] data, int offset, int length) {
        valueHeader(out, key, flags, length);
        out.put(data, offset, length);
        endOfData(out);
    }

    /** Writes {@code VALUE <key> <flags> <bytes> <cas unique>\r\n<data>\r\n}, for gets and gats. */
    public static void value(MessageBuffer out, ByteString key, int flags, byte[] data, int offset, int length, long cas) {
        valueHeader(out, key, flags, length, cas);
        out.put(data, offset, length);
        endOfData(out);
    }

    /** Writes {@code VALUE <key> <flags> <bytes>\r\n}; the data block and {@link #endOfData} follow. */
    public static void valueHeader(MessageBuffer out, ByteString key, int flags, int length) {
        out.put(VALUE).put(key).put((byte) ' ').putUnsignedDecimal(Integer.toUnsignedLong(flags))
                .put((byte) ' ').putDecimal(length).putCrlf();
    }

    /** Writes {@code VALUE <key> <flags> <bytes> <cas unique>\r\n}; the data block and {@link #endOfData} follow. */
    public static void valueHeader(MessageBuffer out, ByteString key, int flags, int length, long cas) {
        out.put(VALUE).put(key).put((byte) ' ').putUnsignedDecimal(Integer.toUnsignedLong(flags))
                .put((byte) ' ').putDecimal(length).put((byte) ' ').putUnsignedDecimal(cas).putCrlf();
    }

    /** Writes the {@code \r\n} that closes a data block. */
    public static void endOfData(MessageBuffer out) {
        out.putCrlf();
    }

    /** Writes an incr/decr result: the new value as a 64-bit unsigned decimal. */
    public static void number(MessageBuffer out, long unsignedValue) {
        out.putUnsignedDecimal(unsignedValue).putCrlf();
    }

    /** Writes {@code VERSION <version>}. */
    public static void version(MessageBuffer out, String version) {
        out.put(VERSION).putLatin1(version).putCrlf();
    }

    /** Writes {@code STAT <name> <value>}; close the list with {@link Reply#END}. */
    public static void stat(MessageBuffer out, String name, String value) {
        out.put(STAT).putLatin1(name).put((byte) ' ').putLatin1(value).putCrlf();
    }

    /** Writes {@code STAT <name> <value>} with a numeric value. */
    public static void stat(MessageBuffer out, String name, long value) {
        out.put(STAT).putLatin1(name).put((byte) ' ').putDecimal(value).putCrlf();
    }

    /** Writes {@code CLIENT_ERROR <message>}. */
    public static void clientError(MessageBuffer out, String message) {
        out.put(CLIENT_ERROR).putLatin1(message).putCrlf();
    }

    /** Writes {@code SERVER_ERROR <message>}. */
    public static void serverError(MessageBuffer out, String message) {
        out.put(SERVER_ERROR).putLatin1(message).putCrlf();
    }

    /**
     * Writes the reply for a rejected request. The caller decides about {@link
     * ParseResult.ProtocolError#noreply()}: memcached sends nothing when it is set.
     */
    public static void protocolError(MessageBuffer out, ParseResult.ProtocolError error) {
        switch (error.kind()) {
            case ERROR -> reply(out, Reply.ERROR);
            case CLIENT_ERROR -> clientError(out, error.message());
            case SERVER_ERROR -> serverError(out, error.message());
        }
    }
}
