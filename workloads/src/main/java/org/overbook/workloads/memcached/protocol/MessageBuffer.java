package org.overbook.workloads.memcached.protocol;

import java.util.Arrays;
import java.util.Objects;

/**
 * A growable byte buffer that replies and requests are written into: appends only, reused by
 * {@link #clear()}, so a server that keeps one per connection writes replies without garbage.
 *
 * <p>It starts on a caller-provided array or a fresh one; when an append does not fit, the contents
 * move to an array twice as large, so read the bytes through {@link #array()} after writing.
 */
public final class MessageBuffer {

    private static final int MAX_DIGITS = 20;

    private byte[] bytes;
    private int length;

    /** Creates an empty buffer with room for {@code initialCapacity} bytes before it grows. */
    public MessageBuffer(int initialCapacity) {
        this(new byte[Math.max(16, initialCapacity)]);
    }

    /** Creates an empty buffer that writes into {@code storage} until it outgrows it. */
    public MessageBuffer(byte[] storage) {
        this.bytes = Objects.requireNonNull(storage, "storage");
    }

    /** Returns the array holding the contents, valid in {@code [0, length())}. */
    public byte[] array() {
        return bytes;
    }

    /** Returns the number of bytes written. */
    public int length() {
        return length;
    }

    /** Forgets the contents, keeping the array. */
    public void clear() {
        length = 0;
    }

    /** Forgets everything after the first {@code newLength} bytes. */
    public void truncate(int newLength) {
        if (newLength < 0 || newLength > length) {
            throw new IllegalArgumentException("cannot truncate " + length + " bytes to " + newLength);
        }
        length = newLength;
    }

    /** Forgets the first {@code n} bytes: the rest move to the front of the array. */
    public void dropFront(int n) {
        if (n < 0 || n > length) {
            throw new IllegalArgumentException("cannot drop " + n + " of " + length + " bytes");
        }
        System.arraycopy(bytes, n, bytes, 0, length - n);
        length -= n;
    }

    /** Returns a copy of the contents. */
    public byte[] toByteArray() {
        return Arrays.copyOf(bytes, length);
    }

    /**
     * Makes room for {@code n} bytes and counts them as written, returning where they start in
     * {@link #array()}: the caller fills them, e.g. straight from guest memory.
     */
    public int reserve(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("negative reservation: " + n);
        }
        ensure(n);
        int at = length;
        length += n;
        return at;
    }

    /** Appends one byte. */
    public MessageBuffer put(byte b) {
        ensure(1);
        bytes[length++] = b;
        return this;
    }

    /** Appends {@code src[offset, offset+count)}. */
    public MessageBuffer put(byte[] src, int offset, int count) {
        Objects.checkFromIndexSize(offset, count, src.length);
        ensure(count);
        System.arraycopy(src, offset, bytes, length, count);
        length += count;
        return this;
    }

    /** Appends all of {@code src}. */
    public MessageBuffer put(byte[] src) {
        return put(src, 0, src.length);
    }

    /** Appends the bytes of {@code s}. */
    public MessageBuffer put(ByteString s) {
        ensure(s.length());
        s.copyTo(bytes, length);
        length += s.length();
        return this;
    }

    /** Appends {@code text} one byte per character (Latin-1; characters above 255 become {@code ?}). */
    public MessageBuffer putLatin1(CharSequence text) {
        int n = text.length();
        ensure(n);
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            bytes[length++] = c <= 0xFF ? (byte) c : (byte) '?';
        }
        return this;
    }

    /** Appends {@code value} in decimal, as a signed number. */
    public MessageBuffer putDecimal(long value) {
        if (value < 0) {
            put((byte) '-');
            if (value == Long.MIN_VALUE) {
                return putLatin1("9223372036854775808");
            }
            return putUnsignedDecimal(-value);
        }
        return putUnsignedDecimal(value);
    }

    /** Appends {@code value} in decimal, read as a 64-bit unsigned number. */
    public MessageBuffer putUnsignedDecimal(long value) {
        ensure(MAX_DIGITS);
        long v = value;
        int digits = 1;
        long quotient = Long.divideUnsigned(v, 10);
        for (long q = quotient; q != 0; q /= 10) {
            digits++;
        }
        int at = length + digits;
        bytes[--at] = (byte) ('0' + Long.remainderUnsigned(v, 10));
        for (long q = quotient; q != 0; q /= 10) {
            bytes[--at] = (byte) ('0' + q % 10);
        }
        length += digits;
        return this;
    }

    /** Appends {@code \r\n}. */
    public MessageBuffer putCrlf() {
        ensure(2);
        bytes[length++] = '\r';
        bytes[length++] = '\n';
        return this;
    }

    private void ensure(int extra) {
        long needed = (long) length + extra;
        if (needed > bytes.length) {
            if (needed > Integer.MAX_VALUE - 8) {
                throw new IllegalStateException("message too large: " + needed + " bytes");
            }
            bytes = Arrays.copyOf(bytes, (int) Math.max(needed, Math.min(Integer.MAX_VALUE - 8L, 2L * bytes.length)));
        }
    }
}
