package org.overbook.workloads.memcached.protocol;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One command line split into tokens, with typed reads of each token: the working state of a
 * {@link RequestParser}, reused from request to request so parsing allocates only its result.
 *
 * <p>Tokens are split on the space character alone, as memcached's {@code tokenize_command} does;
 * runs of spaces count as one. Numbers are plain decimal digits, with one leading {@code -} for the
 * signed fields. memcached reads numbers with {@code strtol}/{@code strtoul}, which also skip leading
 * whitespace and accept {@code +}, and silently truncate flags and lengths above 32 bits; this codec
 * rejects all of those as malformed instead.
 */
final class CommandLine {

    private static final long UINT32_MAX = 0xFFFF_FFFFL;

    private byte[] buf = new byte[0];
    private int[] starts = new int[16];
    private int[] ends = new int[16];
    private int count;
    /** The value of the last successful numeric read. */
    private long number;

    /** Splits {@code buf[from, to)} into tokens. */
    void tokenize(byte[] source, int from, int to) {
        this.buf = source;
        count = 0;
        int i = from;
        while (i < to) {
            while (i < to && source[i] == ' ') {
                i++;
            }
            if (i == to) {
                break;
            }
            int start = i;
            int space = ByteScan.indexOf(source, i, to, (byte) ' ');
            i = space < 0 ? to : space;
            if (count == starts.length) {
                starts = Arrays.copyOf(starts, count * 2);
                ends = Arrays.copyOf(ends, count * 2);
            }
            starts[count] = start;
            ends[count] = i;
            count++;
        }
    }

    /** Returns the number of tokens. */
    int count() {
        return count;
    }

    /** Returns the length of token {@code i}. */
    int length(int i) {
        return ends[i] - starts[i];
    }

    /** Returns whether token {@code i} is exactly {@code literal}. */
    boolean is(int i, byte[] literal) {
        return Arrays.equals(buf, starts[i], ends[i], literal, 0, literal.length);
    }

    /**
     * Returns whether token {@code i} is a valid key: at most 250 bytes. As in memcached, which checks only the
     * length, any byte but the separators (space, newline) may be in a key; memaslap's keys carry control bytes.
     */
    boolean isKey(int i) {
        return length(i) <= Request.KEY_MAX_LENGTH;
    }

    /** Returns token {@code i} as bytes: a copy, or with {@code borrow} a window on the line ({@link ByteString#borrow}). */
    ByteString bytes(int i, boolean borrow) {
        return borrow ? ByteString.borrow(buf, starts[i], length(i)) : ByteString.copyOf(buf, starts[i], length(i));
    }

    /** Points {@code window} ({@link ByteString#window()}) at token {@code i}. */
    void point(ByteString window, int i) {
        window.point(buf, starts[i], length(i));
    }

    /** Returns token {@code i} as a Latin-1 string. */
    String latin1(int i) {
        return new String(buf, starts[i], length(i), StandardCharsets.ISO_8859_1);
    }

    /** Returns the value of the last successful numeric read. */
    long number() {
        return number;
    }

    /** Reads token {@code i} as a 32-bit unsigned number into {@link #number()}; false if it is not one. */
    boolean uint32(int i) {
        return digits(starts[i], ends[i]) && Long.compareUnsigned(number, UINT32_MAX) <= 0;
    }

    /** Reads token {@code i} as a 32-bit signed number into {@link #number()}; false if it is not one. */
    boolean int32(int i) {
        boolean negative = length(i) > 1 && buf[starts[i]] == '-';
        if (!digits(negative ? starts[i] + 1 : starts[i], ends[i])) {
            return false;
        }
        long magnitude = number;
        if (Long.compareUnsigned(magnitude, negative ? 0x8000_0000L : 0x7FFF_FFFFL) > 0) {
            return false;
        }
        number = negative ? -magnitude : magnitude;
        return true;
    }

    /** Reads token {@code i} as a 64-bit unsigned number into {@link #number()}; false if it is not one. */
    boolean uint64(int i) {
        return digits(starts[i], ends[i]);
    }

    /** Parses decimal digits in {@code [from, to)} as an unsigned 64-bit value; false on a non-digit or overflow. */
    private boolean digits(int from, int to) {
        if (from >= to) {
            return false;
        }
        long value = 0;
        for (int p = from; p < to; p++) {
            int d = buf[p] - '0';
            if (d < 0 || d > 9) {
                return false;
            }
            long high = Math.unsignedMultiplyHigh(value, 10);
            long times10 = value * 10;
            long sum = times10 + d;
            if (high != 0 || Long.compareUnsigned(sum, times10) < 0) {
                return false;
            }
            value = sum;
        }
        number = value;
        return true;
    }
}
