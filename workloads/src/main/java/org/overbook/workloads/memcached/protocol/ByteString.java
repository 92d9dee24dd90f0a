package org.overbook.workloads.memcached.protocol;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;
import org.overbook.guest.GuestMemory;

/**
 * An immutable run of bytes with value equality: a key or a data block of a request.
 *
 * <p>It owns its bytes, except a {@linkplain #borrow borrowed} one, which is a window on a message
 * buffer: a parser makes those for a caller that is done with the request before the buffer changes,
 * so that a key or a set's value is not copied on its way from the message into guest memory. A
 * parser's own {@linkplain #window() windows} are borrowed ones it re-points at every parse
 * ({@link ParseResult.BorrowedGet}): the one exception to immutability, and never seen outside a parse's
 * lifetime.
 */
public final class ByteString {

    private static final ByteString EMPTY = new ByteString(new byte[0]);
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private byte[] bytes;
    private int offset;
    private int length;
    private int hash;

    private ByteString(byte[] owned) {
        this(owned, 0, owned.length);
    }

    private ByteString(byte[] bytes, int offset, int length) {
        this.bytes = bytes;
        this.offset = offset;
        this.length = length;
    }

    /** Returns a copy of {@code src[offset, offset+length)}. */
    public static ByteString copyOf(byte[] src, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, src.length);
        return length == 0 ? EMPTY : new ByteString(Arrays.copyOfRange(src, offset, offset + length));
    }

    /**
     * Returns {@code src[offset, offset+length)} without copying it: good only while those bytes stay as
     * they are, so for a request its parser's caller executes before it reuses the buffer.
     */
    static ByteString borrow(byte[] src, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, src.length);
        return length == 0 ? EMPTY : new ByteString(src, offset, length);
    }

    /** Returns an empty window for a parser to {@linkplain #point re-point} at each parse. */
    static ByteString window() {
        return new ByteString(EMPTY.bytes);
    }

    /** Points this window, made by {@link #window()}, at {@code src[offset, offset+length)}: a borrow without a new object. */
    void point(byte[] src, int offset, int length) {
        this.bytes = src;
        this.offset = offset;
        this.length = length;
        this.hash = 0;
    }

    /** Returns a copy of {@code src}. */
    public static ByteString copyOf(byte[] src) {
        return copyOf(src, 0, src.length);
    }

    /** Returns the bytes of {@code text}, whose characters must all be below 256 (ISO-8859-1). */
    public static ByteString ofLatin1(String text) {
        byte[] b = new byte[text.length()];
        for (int i = 0; i < b.length; i++) {
            char c = text.charAt(i);
            if (c > 0xFF) {
                throw new IllegalArgumentException("not a Latin-1 character at " + i + " in " + text);
            }
            b[i] = (byte) c;
        }
        return b.length == 0 ? EMPTY : new ByteString(b);
    }

    /** Returns the number of bytes. */
    public int length() {
        return length;
    }

    /** Returns byte {@code index}. */
    public byte byteAt(int index) {
        return bytes[offset + Objects.checkIndex(index, length)];
    }

    /** Returns the index of the first byte that is {@code b} or {@code c}, or -1 if there is none. */
    public int indexOfEither(byte b, byte c) {
        int at = ByteScan.indexOfEither(bytes, offset, offset + length, b, c);
        return at < 0 ? -1 : at - offset;
    }

    /** Copies all bytes into {@code dst} at {@code offset}. */
    public void copyTo(byte[] dst, int offset) {
        System.arraycopy(bytes, this.offset, dst, offset, length);
    }

    /** Writes all bytes to guest memory at {@code address}, in one write straight from where they are. */
    public void writeTo(GuestMemory memory, long address) {
        memory.write(address, bytes, offset, length);
    }

    /** Returns a fresh copy of the bytes. */
    public byte[] toByteArray() {
        return Arrays.copyOfRange(bytes, offset, offset + length);
    }

    /** Returns whether these bytes equal {@code other[offset, offset+length)}. */
    public boolean contentEquals(byte[] other, int offset, int length) {
        return length == this.length && Arrays.equals(bytes, this.offset, this.offset + length, other, offset, offset + length);
    }

    /** Returns the bytes as a Latin-1 string, one character per byte. */
    public String toLatin1() {
        return new String(bytes, offset, length, StandardCharsets.ISO_8859_1);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ByteString other && other.contentEquals(bytes, offset, length);
    }

    /** The hash of {@link Arrays#hashCode(byte[])} over the bytes. */
    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            h = 1;
            for (int i = offset; i < offset + length; i++) {
                h = 31 * h + bytes[i];
            }
            hash = h;
        }
        return h;
    }

    /** Returns printable ASCII as is and every other byte as {@code \xNN}, for messages and test output. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(length + 2);
        for (int i = offset; i < offset + length; i++) {
            int c = bytes[i] & 0xFF;
            if (c >= 0x20 && c < 0x7F && c != '\\') {
                sb.append((char) c);
            } else {
                sb.append("\\x").append(HEX[c >>> 4]).append(HEX[c & 0xF]);
            }
        }
        return sb.toString();
    }
}
