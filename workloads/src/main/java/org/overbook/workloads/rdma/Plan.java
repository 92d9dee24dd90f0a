package org.overbook.workloads.rdma;

import org.overbook.guest.GuestMemory;
import org.overbook.guest.verbs.EventCounter;

/**
 * What the client tells the server in its first message, with where the client's destination buffer
 * is: the pattern, the sizes and counts, and how to detect messages. The server answers with its own
 * buffer's address and key. The encoding is little-endian fields at fixed offsets, sizes at the end.
 *
 * @param address  the sender's destination buffer
 * @param rkey     its remote key
 * @param pattern  what is measured
 * @param sizes    message sizes in order
 * @param messages messages per size (warm-up and measured)
 * @param window   stream window
 * @param detection how writes are detected
 * @param busyPoll whether receives are polled
 * @param pollNanos the cost of one poll
 */
record Plan(long address, int rkey, Pattern pattern, int[] sizes, int messages, int window,
            EventCounter.Detection detection, boolean busyPoll, long pollNanos) {

    /** Bytes of a control message, enough for every field and {@link RdmaSettings#MAX_SIZES} sizes. */
    static final int CONTROL_BYTES = 4096;
    private static final int SIZES_AT = 48;

    /** Writes the plan at {@code at}; returns its length. */
    int write(GuestMemory memory, long at) {
        memory.writeLong(at, address);
        memory.writeInt(at + 8, rkey);
        memory.writeInt(at + 12, pattern.ordinal());
        memory.writeInt(at + 16, messages);
        memory.writeInt(at + 20, window);
        memory.writeInt(at + 24, detection.ordinal());
        memory.writeInt(at + 28, busyPoll ? 1 : 0);
        memory.writeLong(at + 32, pollNanos);
        memory.writeInt(at + 40, sizes.length);
        for (int i = 0; i < sizes.length; i++) {
            memory.writeInt(at + SIZES_AT + 4L * i, sizes[i]);
        }
        return SIZES_AT + 4 * sizes.length;
    }

    /** Reads a plan written by {@link #write}; null if the bytes are no plan. */
    static Plan read(GuestMemory memory, long at, int length) {
        if (length < SIZES_AT) {
            return null;
        }
        int patternIndex = memory.readInt(at + 12);
        int notifyIndex = memory.readInt(at + 24);
        int count = memory.readInt(at + 40);
        if (patternIndex < 0 || patternIndex >= Pattern.values().length || notifyIndex < 0
                || notifyIndex >= EventCounter.Detection.values().length || count < 1 || count > RdmaSettings.MAX_SIZES
                || length < SIZES_AT + 4 * count) {
            return null;
        }
        int[] sizes = new int[count];
        for (int i = 0; i < count; i++) {
            sizes[i] = memory.readInt(at + SIZES_AT + 4L * i);
            if (sizes[i] < RdmaSettings.MIN_SIZE || sizes[i] > RdmaSettings.MAX_SIZE) {
                return null;
            }
        }
        int messages = memory.readInt(at + 16);
        int window = memory.readInt(at + 20);
        if (messages < 1 || window < 1 || window > RdmaSettings.MAX_WINDOW) {
            return null;
        }
        return new Plan(memory.readLong(at), memory.readInt(at + 8), Pattern.values()[patternIndex], sizes, messages, window,
                EventCounter.Detection.values()[notifyIndex], memory.readInt(at + 28) == 1, memory.readLong(at + 32));
    }

    /** Writes the server's answer: its destination buffer's address and key. */
    static int writeAnswer(GuestMemory memory, long at, long address, int rkey) {
        memory.writeLong(at, address);
        memory.writeInt(at + 8, rkey);
        return 12;
    }

    int maxSize() {
        int max = 0;
        for (int s : sizes) {
            max = Math.max(max, s);
        }
        return max;
    }

    /** Returns the size of message {@code index} (0-based) of the whole run. */
    int sizeOf(long index) {
        return sizes[(int) Math.min(sizes.length - 1, index / messages)];
    }

    /** Returns the messages of the whole run. */
    long total() {
        return (long) messages * sizes.length;
    }
}
