package org.overbook.nic.vf;

import java.util.function.IntConsumer;

/**
 * NetVM's sequence window: notifications carry a per-sender sequence number, and the receiver applies
 * them in that order over a network that may deliver them out of order. A notification ahead of the
 * next expected one waits in the window (up to {@code size} ahead); one already applied is a duplicate
 * and is ignored; one beyond the window is refused, for the sender to retransmit.
 */
final class NotificationWindow {

    private final int size;
    private final int[] waiting;     // counter id by sequence modulo size; -1 when empty
    private long next;

    NotificationWindow(int size) {
        this.size = size;
        this.waiting = new int[size];
        java.util.Arrays.fill(waiting, -1);
    }

    /**
     * Offers notification {@code sequence} for {@code counter}; applies, in order, every notification
     * now deliverable. Returns false if the sequence is beyond the window (refused).
     */
    boolean offer(long sequence, int counter, IntConsumer apply) {
        if (sequence < next) {
            return true; // duplicate
        }
        if (sequence >= next + size) {
            return false;
        }
        waiting[(int) (sequence % size)] = counter;
        int slot;
        while ((slot = waiting[(int) (next % size)]) >= 0) {
            waiting[(int) (next % size)] = -1;
            next++;
            apply.accept(slot);
        }
        return true;
    }

    /** Returns the next sequence number to be applied. */
    long next() {
        return next;
    }
}
