package org.overbook.workloads.server;

/**
 * The received messages of a connection not yet run, oldest first: each a receive slot and a length,
 * packed in one long ({@link #message}) of a ring that grows when full, so that queuing a message allocates
 * nothing. A connection has at most one message per receive buffer waiting, so the ring starts that large.
 */
final class Inbox {

    private long[] ring;
    private int head;
    private int size;

    Inbox(int capacity) {
        ring = new long[Math.max(1, capacity)];
    }

    /** Returns a message in receive slot {@code slot} of {@code length} bytes, packed in a (non-negative) long. */
    static long message(int slot, int length) {
        return (long) slot << 32 | Integer.toUnsignedLong(length);
    }

    /** Returns a packed message's receive slot. */
    static int slot(long message) {
        return (int) (message >>> 32);
    }

    /** Returns a packed message's length. */
    static int length(long message) {
        return (int) message;
    }

    void add(long message) {
        if (size == ring.length) {
            long[] larger = new long[ring.length * 2];
            for (int i = 0; i < size; i++) {
                larger[i] = ring[(head + i) % ring.length];
            }
            ring = larger;
            head = 0;
        }
        ring[(head + size) % ring.length] = message;
        size++;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** Takes the oldest message off the ring and returns it. */
    long poll() {
        if (size == 0) {
            throw new IllegalStateException("no message waits");
        }
        long message = ring[head];
        ring[head] = 0;
        head = (head + 1) % ring.length;
        size--;
        return message;
    }
}
