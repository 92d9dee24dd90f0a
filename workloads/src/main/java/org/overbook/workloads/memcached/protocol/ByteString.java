package org.overbook.workloads.memcached.protocol;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/** An immutable run of bytes with value equality: a key or a data block of a request. */
public final class ByteString {

    private static final ByteString EMPTY = new ByteString(new byte[0]);
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private final byte[] bytes;
    private int hash;

    private ByteString(byte[] owned) {
        this.bytes = owned;
    }

    /** Returns a copy of {@code src[offset, offset+length)}. */
    public static ByteString copyOf(byte[] src, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, src.length);
        return length == 0 ? EMPTY : new ByteString(Arrays.copyOfRange(src, offset, offset + length));
    }

    /** Returns a copy of {@code src}. */
    public static ByteString copyOf(byte[] src) {
        return copyOf(src, 0, src.length);
    }

    /**
     * Returns {@code fresh} as a byte string without copying it: for an array made for this byte string
     * alone, which its maker never touches again (a rendered key, a generated value).
     */
    public static ByteString ofFresh(byte[] fresh) {
        return fresh.length == 0 ? EMPTY : new ByteString(fresh);
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
        return bytes.length;
    }

    /** Returns byte {@code index}. */
    public byte byteAt(int index) {
        return bytes[index];
    }

    /** Copies all bytes into {@code dst} at {@code offset}. */
    public void copyTo(byte[] dst, int offset) {
        System.arraycopy(bytes, 0, dst, offset, bytes.length);
    }

    /** Returns a fresh copy of the bytes. */
    public byte[] toByteArray() {
        return bytes.clone();
    }

    /** Returns whether these bytes equal {@code other[offset, offset+length)}. */
    public boolean contentEquals(byte[] other, int offset, int length) {
        return length == bytes.length && Arrays.equals(bytes, 0, length, other, offset, offset + length);
    }

    /** Returns the bytes as a Latin-1 string, one character per byte. */
    public String toLatin1() {
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ByteString other && Arrays.equals(bytes, other.bytes);
    }

    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            h = Arrays.hashCode(bytes);
            hash = h;
        }
        return h;
    }

    /** Returns printable ASCII as is and every other byte as {@code \xNN}, for messages and test output. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(bytes.length + 2);
        for (byte b : bytes) {
            int c = b & 0xFF;
            if (c >= 0x20 && c < 0x7F && c != '\\') {
                sb.append((char) c);
            } else {
                sb.append("\\x").append(HEX[c >>> 4]).append(HEX[c & 0xF]);
            }
        }
        return sb.toString();
    }
}
