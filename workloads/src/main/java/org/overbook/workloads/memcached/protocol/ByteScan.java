package org.overbook.workloads.memcached.protocol;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Finding a byte in a range of an array eight bytes a step: the protocol's scans for a newline or a
 * space run over whole keys and lines, so a word-at-a-time test (SWAR) replaces a test per byte.
 *
 * <p>A word XORed with the byte repeated has a zero byte exactly where the byte is; {@code (x - 0x01..01)
 * & ~x & 0x80..80} sets the high bit of every zero byte of {@code x}, and possibly of bytes above a zero
 * byte (the borrow), never below the first, so the lowest set bit marks the first match. Words are read
 * little-endian, so the lowest bit is the lowest address.
 */
final class ByteScan {

    private static final VarHandle WORD = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101_0101_0101_0101L;
    private static final long HIGHS = 0x8080_8080_8080_8080L;

    private ByteScan() {
    }

    /** Returns the index of the first byte in {@code a[from, to)} that is {@code b} or {@code c}, or -1. */
    static int indexOfEither(byte[] a, int from, int to, byte b, byte c) {
        long patternB = (b & 0xFFL) * ONES;
        long patternC = (c & 0xFFL) * ONES;
        int i = from;
        for (; i <= to - Long.BYTES; i += Long.BYTES) {
            long word = (long) WORD.get(a, i);
            long x = word ^ patternB;
            long y = word ^ patternC;
            long zeros = ((x - ONES) & ~x | (y - ONES) & ~y) & HIGHS;
            if (zeros != 0) {
                return i + (Long.numberOfTrailingZeros(zeros) >>> 3);
            }
        }
        for (; i < to; i++) {
            if (a[i] == b || a[i] == c) {
                return i;
            }
        }
        return -1;
    }

    /** Returns the index of the first {@code b} in {@code a[from, to)}, or -1. */
    static int indexOf(byte[] a, int from, int to, byte b) {
        long pattern = (b & 0xFFL) * ONES;
        int i = from;
        for (; i <= to - Long.BYTES; i += Long.BYTES) {
            long x = (long) WORD.get(a, i) ^ pattern;
            long zeros = (x - ONES) & ~x & HIGHS;
            if (zeros != 0) {
                return i + (Long.numberOfTrailingZeros(zeros) >>> 3);
            }
        }
        for (; i < to; i++) {
            if (a[i] == b) {
                return i;
            }
        }
        return -1;
    }
}
