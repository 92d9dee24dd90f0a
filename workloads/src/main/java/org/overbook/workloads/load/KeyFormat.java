package org.overbook.workloads.load;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Objects;
import java.util.stream.LongStream;

/**
 * Renders key ids to memcached keys and back: {@code prefix + zero-padded decimal id}, exactly the
 * requested length.
 *
 * <p>{@code render(42, 12)} with prefix {@code "key:"} is {@code key:00000042}. When the length
 * cannot hold the prefix and the digits, the prefix is dropped ({@code render(42, 3)} is {@code 042});
 * a length shorter than the id's digits is an error ({@link #minimumLength(long)}). The mapping is
 * injective for keys of one length: two prefixed keys differ in their digits, two bare keys likewise,
 * and a prefixed key starts with a non-digit (the prefix may not start with a digit) while a bare one
 * starts with a digit. Keys contain printable ASCII only, never spaces or control characters, so
 * every rendered key is a valid memcached key up to 250 bytes.
 *
 * @param prefix printable ASCII without spaces, not starting with a digit; may be empty
 */
public record KeyFormat(String prefix) {

    /** 10^0 .. 10^18: an id below 10^d has at most d digits. */
    private static final long[] POWERS_OF_TEN = LongStream.iterate(1, p -> p * 10).limit(19).toArray();

    /** Eight bytes of an array as one long, and eight ASCII zeros as one. */
    private static final VarHandle WORD = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long EIGHT_ZEROS = 0x3030303030303030L;

    /** The longest prefix accepted, leaving room for the digits of any id within memcached's 250 bytes. */
    public static final int MAX_PREFIX_LENGTH = 200;

    public KeyFormat {
        Objects.requireNonNull(prefix, "prefix");
        if (prefix.length() > MAX_PREFIX_LENGTH || (!prefix.isEmpty() && isDigit(prefix.charAt(0)))) {
            throw new IllegalArgumentException("key prefix too long or starts with a digit: '" + prefix + "'");
        }
        for (int i = 0; i < prefix.length(); i++) {
            char c = prefix.charAt(i);
            if (c <= ' ' || c >= 0x7F) {
                throw new IllegalArgumentException("key prefix must be printable ASCII without spaces: '" + prefix + "'");
            }
        }
    }

    /** Returns the shortest length a key for {@code keyId} can have: its count of decimal digits. */
    public static int minimumLength(long keyId) {
        if (keyId < 0) {
            throw new IllegalArgumentException("key ids are non-negative: " + keyId);
        }
        // From the bit length b: 1233/4096 is just below log10(2), so t = floor(b·log10 2) and an id below
        // 2^b has t or t+1 digits, t+1 exactly when it reaches 10^t (t <= 18 for b <= 63).
        int t = (64 - Long.numberOfLeadingZeros(keyId)) * 1233 >>> 12;
        return keyId >= POWERS_OF_TEN[t] ? t + 1 : Math.max(t, 1);
    }

    /** Returns the key for {@code keyId}, {@code length} bytes long. */
    public byte[] render(long keyId, int length) {
        byte[] key = new byte[length];
        render(keyId, length, key, 0);
        return key;
    }

    /** Writes the key for {@code keyId}, {@code length} bytes long, into {@code dst} at {@code offset}. */
    public void render(long keyId, int length, byte[] dst, int offset) {
        int digits = checkLength(keyId, length);
        Objects.checkFromIndexSize(offset, length, dst.length);
        int at = offset;
        if (length >= prefix.length() + digits) {
            for (int i = 0; i < prefix.length(); i++) {
                dst[at++] = (byte) prefix.charAt(i);
            }
        }
        int i = offset + length;
        for (long v = keyId; v != 0; v /= 10) {
            dst[--i] = (byte) ('0' + v % 10);
        }
        Arrays.fill(dst, at, i, (byte) '0');
    }

    /**
     * Returns whether {@code buf[offset, offset+count)} is the key for {@code keyId}, {@code length}
     * bytes long: what {@link #render(long, int, byte[], int)} writes, compared where it lies.
     */
    public boolean matches(long keyId, int length, byte[] buf, int offset, int count) {
        int digits = checkLength(keyId, length);
        Objects.checkFromIndexSize(offset, count, buf.length);
        if (count != length) {
            return false;
        }
        int at = offset;
        if (length >= prefix.length() + digits) {
            for (int i = 0; i < prefix.length(); i++) {
                if (buf[at++] != (byte) prefix.charAt(i)) {
                    return false;
                }
            }
        }
        int i = offset + length;
        for (long v = keyId; v != 0; v /= 10) {
            if (buf[--i] != (byte) ('0' + v % 10)) {
                return false;
            }
        }
        for (; i - at >= Long.BYTES; i -= Long.BYTES) { // the zero padding, eight bytes a comparison
            if ((long) WORD.get(buf, i - Long.BYTES) != EIGHT_ZEROS) {
                return false;
            }
        }
        while (i > at) {
            if (buf[--i] != '0') {
                return false;
            }
        }
        return true;
    }

    /** Returns the digits of {@code keyId}, after checking that a key of {@code length} bytes holds them. */
    private static int checkLength(long keyId, int length) {
        int digits = minimumLength(keyId);
        if (length < digits) {
            throw new IllegalArgumentException("a key for id " + keyId + " needs at least " + digits + " bytes, not " + length);
        }
        return digits;
    }

    /**
     * Returns the key id that {@link #render(long, int)} turned into these bytes, or -1 if no id
     * renders to them (wrong prefix, a non-digit, an id beyond {@code Long.MAX_VALUE}, or a bare key
     * long enough that it would have been rendered with the prefix).
     */
    public long parse(byte[] key, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, key.length);
        if (length > prefix.length() && startsWithPrefix(key, offset)) {
            return digits(key, offset + prefix.length(), offset + length);
        }
        long id = digits(key, offset, offset + length);
        boolean canonical = prefix.isEmpty() || length < prefix.length() + minimumLength(Math.max(id, 0));
        return canonical ? id : -1;
    }

    private static long digits(byte[] key, int start, int end) {
        if (start == end) {
            return -1;
        }
        long id = 0;
        for (int i = start; i < end; i++) {
            int d = key[i] - '0';
            if (d < 0 || d > 9 || id > (Long.MAX_VALUE - d) / 10) {
                return -1;
            }
            id = id * 10 + d;
        }
        return id;
    }

    private boolean startsWithPrefix(byte[] key, int offset) {
        for (int i = 0; i < prefix.length(); i++) {
            if (key[offset + i] != (byte) prefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
