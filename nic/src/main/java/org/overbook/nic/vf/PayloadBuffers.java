package org.overbook.nic.vf;

import java.util.Arrays;

/**
 * A requester's message buffers: where its DMA read puts a message's bytes until the peer has them. A real NIC keeps such buffers on the card and reuses them; so does the model, instead of
 * allocating a byte array per message: a buffer goes back once the message is acknowledged (the
 * responder wrote or staged every packet before it acknowledged, and a retransmitted copy that arrives
 * later is a duplicate, whose bytes are never read), and the next message of a size that fits takes it.
 *
 * <p>Buffers come in power-of-two sizes from 64 bytes to 64 KiB, at most {@value #KEPT_PER_SIZE} kept
 * idle per size; a message longer than 64 KiB gets a buffer of its own, which is not kept. A buffer
 * holds stale bytes beyond the message's length; only the first {@link Message#length} are read.
 */
final class PayloadBuffers {

    private static final byte[] EMPTY = new byte[0];
    private static final int SMALLEST_SHIFT = 6;
    private static final int LARGEST_SHIFT = 16;
    static final int KEPT_PER_SIZE = 256;

    private final byte[][][] idle = new byte[LARGEST_SHIFT - SMALLEST_SHIFT + 1][][];
    private final int[] counts = new int[LARGEST_SHIFT - SMALLEST_SHIFT + 1];

    /** Returns a buffer of at least {@code length} bytes (its contents are whatever it held before). */
    byte[] take(int length) {
        if (length == 0) {
            return EMPTY;
        }
        int size = sizeClass(length);
        if (size < 0) {
            return new byte[length];
        }
        int count = counts[size];
        if (count == 0) {
            return new byte[1 << (size + SMALLEST_SHIFT)];
        }
        counts[size] = --count;
        byte[] buffer = idle[size][count];
        idle[size][count] = null;
        return buffer;
    }

    /** Takes back a buffer no one reads any more. */
    void give(byte[] buffer) {
        if (!kept(buffer)) {
            return;
        }
        int size = sizeClass(buffer.length);
        int count = counts[size];
        byte[][] kept = idle[size];
        if (kept == null || count == kept.length) {
            if (count == KEPT_PER_SIZE) {
                return;
            }
            kept = idle[size] = Arrays.copyOf(kept == null ? new byte[0][] : kept, Math.min(KEPT_PER_SIZE, Math.max(8, count * 2)));
        }
        kept[count] = buffer;
        counts[size] = count + 1;
    }

    /** Returns whether a buffer is one of the sizes kept (a power of two from 64 bytes to 64 KiB), not one of its own. */
    static boolean kept(byte[] buffer) {
        int capacity = buffer.length;
        return capacity >= 1 << SMALLEST_SHIFT && capacity <= 1 << LARGEST_SHIFT && Integer.bitCount(capacity) == 1;
    }

    /** Returns the size class of {@code length} bytes (buffers of {@code 64 << class}), or -1 past 64 KiB. */
    private static int sizeClass(int length) {
        if (length > 1 << LARGEST_SHIFT) {
            return -1;
        }
        int shift = 32 - Integer.numberOfLeadingZeros(Math.max(length, 1 << SMALLEST_SHIFT) - 1);
        return shift - SMALLEST_SHIFT;
    }
}
