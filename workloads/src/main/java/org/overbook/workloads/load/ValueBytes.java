package org.overbook.workloads.load;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Objects;
import org.overbook.workloads.dist.UnitInterval;

/**
 * The bytes of a value, as a pure function of (key id, version, length), so a verifier can
 * recompute any value byte for byte instead of remembering it.
 *
 * <p>Byte {@code i} is byte {@code i % 8} (little-endian) of {@code mix64(seed + (i/8 + 1) · γ)},
 * with {@code seed = mix64(mix64(mix64(keyId) + version) + length)} and γ the golden-ratio
 * increment: a SplitMix64 stream [1] keyed by all three inputs. The length is part of the seed, so
 * a value cut short or extended (a lost append, a stale read of another version) differs in its
 * contents as well as its length. Values are arbitrary binary, {@code \r\n} included, which
 * exercises the protocol's length-delimited data blocks.
 *
 * <p>[1] G. Steele, D. Lea, C. Flood. Fast Splittable Pseudorandom Number Generators. OOPSLA 2014.
 */
public final class ValueBytes {

    private static final long GAMMA = 0x9E3779B97F4A7C15L;
    /** Eight bytes of an array as one little-endian long: a whole word of the stream in one access. */
    /** Bytes compared per test in {@link #firstMismatch}: four words. */
    private static final int BLOCK = 32;
    private static final VarHandle WORD = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private ValueBytes() {
    }

    /** Returns the value of {@code keyId} at {@code version}, {@code length} bytes long. */
    public static byte[] of(long keyId, long version, int length) {
        byte[] value = new byte[length];
        fill(keyId, version, length, value, 0);
        return value;
    }

    /** Writes the value of {@code keyId} at {@code version}, {@code length} bytes, into {@code dst}. */
    public static void fill(long keyId, long version, int length, byte[] dst, int offset) {
        Objects.checkFromIndexSize(offset, length, dst.length);
        long counter = seed(keyId, version, length); // word k's input, seed + (k + 1) * GAMMA, one addition on
        int whole = length & ~7;
        for (int i = 0; i < whole; i += 8) {
            counter += GAMMA;
            WORD.set(dst, offset + i, UnitInterval.mix64(counter));
        }
        if (whole < length) {
            long word = UnitInterval.mix64(counter + GAMMA);
            for (int b = 0; whole + b < length; b++) {
                dst[offset + whole + b] = (byte) (word >>> (8 * b));
            }
        }
    }

    /** Returns byte {@code index} of the value of {@code keyId} at {@code version}, {@code length} bytes long. */
    public static byte byteAt(long keyId, long version, int length, int index) {
        Objects.checkIndex(index, length);
        long word = UnitInterval.mix64(seed(keyId, version, length) + ((index >>> 3) + 1L) * GAMMA);
        return (byte) (word >>> (8 * (index & 7)));
    }

    /**
     * Returns the first index at which {@code src[offset, offset+length)} differs from the value of
     * {@code keyId} at {@code version} and that length, or -1 if every byte matches.
     */
    public static int firstMismatch(long keyId, long version, byte[] src, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, src.length);
        long counter = seed(keyId, version, length); // word k's input, seed + (k + 1) * GAMMA, one addition on
        int whole = length & ~7;
        int blocks = length & ~(BLOCK - 1);
        int i = 0;
        // a block of four words with one test: independent multiplications, one branch
        for (; i < blocks; i += BLOCK, counter += 4 * GAMMA) {
            long differ = ((long) WORD.get(src, offset + i) ^ UnitInterval.mix64(counter + GAMMA))
                    | ((long) WORD.get(src, offset + i + 8) ^ UnitInterval.mix64(counter + 2 * GAMMA))
                    | ((long) WORD.get(src, offset + i + 16) ^ UnitInterval.mix64(counter + 3 * GAMMA))
                    | ((long) WORD.get(src, offset + i + 24) ^ UnitInterval.mix64(counter + 4 * GAMMA));
            if (differ != 0) {
                break; // the words below find where
            }
        }
        for (; i < whole; i += 8) {
            counter += GAMMA;
            long differ = (long) WORD.get(src, offset + i) ^ UnitInterval.mix64(counter);
            if (differ != 0) {
                return i + (Long.numberOfTrailingZeros(differ) >>> 3);
            }
        }
        if (whole < length) {
            long word = UnitInterval.mix64(counter + GAMMA);
            for (int b = 0; whole + b < length; b++) {
                if (src[offset + whole + b] != (byte) (word >>> (8 * b))) {
                    return whole + b;
                }
            }
        }
        return -1;
    }

    private static long seed(long keyId, long version, int length) {
        return UnitInterval.mix64(UnitInterval.mix64(UnitInterval.mix64(keyId) + version) + length);
    }
}
