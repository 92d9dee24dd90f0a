package org.overbook.workloads.load;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import java.util.Arrays;
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
 * <p>Values are written and checked by {@link Words}, which computes them a table of words at a time.
 *
 * <p>[1] G. Steele, D. Lea, C. Flood. Fast Splittable Pseudorandom Number Generators. OOPSLA 2014.
 */
public final class ValueBytes {

    private static final long GAMMA = 0x9E3779B97F4A7C15L;

    private ValueBytes() {
    }

    /** Returns the value of {@code keyId} at {@code version}, {@code length} bytes long. */
    public static byte[] of(long keyId, long version, int length) {
        byte[] value = new byte[length];
        new Words().fill(keyId, version, length, value, 0);
        return value;
    }

    /** Returns byte {@code index} of the value of {@code keyId} at {@code version}, {@code length} bytes long. */
    public static byte byteAt(long keyId, long version, int length, int index) {
        Objects.checkIndex(index, length);
        long word = UnitInterval.mix64(seed(keyId, version, length) + ((index >>> 3) + 1L) * GAMMA);
        return (byte) (word >>> (8 * (index & 7)));
    }

    private static long seed(long keyId, long version, int length) {
        return UnitInterval.mix64(UnitInterval.mix64(UnitInterval.mix64(keyId) + version) + length);
    }

    /**
     * Writes and checks values through a table of {@value #TABLE_WORDS} words of their stream, kept for reuse by one
     * user (a load generator's requests, its verifier). Word {@code k} of a table is {@code mix64(base + STEPS[k])}:
     * independent of its neighbours, so the JIT computes the table with vector instructions (a 64-bit multiply per
     * lane), several times faster than word by word; the table's bytes (the words in the platform's order, little-endian as the
     * definition wants: other platforms swap them first) are then copied or compared as one block.
     */
    public static final class Words {

        static final int TABLE_WORDS = 128;
        private static final int TABLE_BYTES = TABLE_WORDS * Long.BYTES;
        /** {@code (k + 1) · γ}: word k's input is the table's base plus this. Constant after class initialisation. */
        private static final long[] STEPS = new long[TABLE_WORDS];
        private static final boolean SWAP = ByteOrder.nativeOrder() != ByteOrder.LITTLE_ENDIAN;

        static {
            for (int k = 0; k < TABLE_WORDS; k++) {
                STEPS[k] = (k + 1L) * GAMMA;
            }
        }

        private final long[] words = new long[TABLE_WORDS];
        /** The table's bytes, copied out as one block: arrays of the same type copy and compare as one. */
        private final byte[] bytes = new byte[TABLE_BYTES];
        private final MemorySegment wordView = MemorySegment.ofArray(words);
        private final MemorySegment byteView = MemorySegment.ofArray(bytes);

        /** Writes the value of {@code keyId} at {@code version}, {@code length} bytes, into {@code dst} at {@code offset}. */
        public void fill(long keyId, long version, int length, byte[] dst, int offset) {
            Objects.checkFromIndexSize(offset, length, dst.length);
            long base = seed(keyId, version, length);
            for (int done = 0; done < length; done += TABLE_BYTES, base += TABLE_WORDS * GAMMA) {
                int count = Math.min(TABLE_BYTES, length - done);
                compute(base, count);
                System.arraycopy(bytes, 0, dst, offset + done, count);
            }
        }

        /**
         * Returns the first index at which {@code src[offset, offset+length)} differs from the value of
         * {@code keyId} at {@code version} and that length, or -1 if every byte matches.
         */
        public int firstMismatch(long keyId, long version, byte[] src, int offset, int length) {
            Objects.checkFromIndexSize(offset, length, src.length);
            long base = seed(keyId, version, length);
            for (int done = 0; done < length; done += TABLE_BYTES, base += TABLE_WORDS * GAMMA) {
                int count = Math.min(TABLE_BYTES, length - done);
                compute(base, count);
                int at = Arrays.mismatch(bytes, 0, count, src, offset + done, offset + done + count);
                if (at >= 0) {
                    return done + at;
                }
            }
            return -1;
        }

        /** Computes the table's first {@code count} bytes from {@code base}: words in one loop the JIT vectorises. */
        private void compute(long base, int count) {
            int n = (count + Long.BYTES - 1) >>> 3;
            for (int k = 0; k < n; k++) {
                words[k] = UnitInterval.mix64(base + STEPS[k]);
            }
            if (SWAP) {
                for (int k = 0; k < n; k++) {
                    words[k] = Long.reverseBytes(words[k]);
                }
            }
            MemorySegment.copy(wordView, 0, byteView, 0, count);
        }
    }
}
