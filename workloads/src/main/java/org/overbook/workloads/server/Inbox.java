package org.overbook.workloads.server;

/**
 * The received messages of a connection not yet run, oldest first: each a receive slot and a length,
 * packed in one long of a ring that grows when full, so that queuing a message allocates nothing. A
 * connection has at most one message per receive buffer waiting, so the ring starts that large.
 */
final class Inbox {

    private long[] ring;
    private int head;
    private int size;

    Inbox(int capacity) {
        ring = new long[Math.max(1, capacity)];
    }

    void add(int slot, int length) {
        if (size == ring.length) {
            long[] larger = new long[ring.length * 2];
            for (int i = 0; i < size; i++) {
                larger[i] = ring[(head + i) % ring.length];
            }
            ring = larger;
            head = 0;
        }
        ring[(head + size) % ring.length] = (long) slot << 32 | Integer.toUnsignedLong(length);
        size++;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** Returns the oldest message's receive slot; it stays queued until {@link #remove}. */
    int slot() {
        return (int) (ring[head] >>> 32);
    }

    /** Returns the oldest message's length. */
    int length() {
        return (int) ring[head];
    }

    /** Drops the oldest message. */
    void remove() {
        if (size == 0) {
            throw new IllegalStateException("no message waits");
        }
        ring[head] = 0;
        head = (head + 1) % ring.length;
        size--;
    }
}
