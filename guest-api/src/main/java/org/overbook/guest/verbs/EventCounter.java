package org.overbook.guest.verbs;

/**
 * An event counter that peers increment with notifying RDMA writes (NetVM's counter-based
 * notifications). Increments from one queue pair are applied in the order they were sent, even when
 * the writes arrive out of order.
 */
public interface EventCounter {

    /** How the waiting side learns that the counter reached its target. */
    enum Detection {
        /** The vCPU polls the counter: fastest, and the vCPU is charged for the time it spins. */
        BUSY_WAIT,
        /** The tenant sleeps and an interrupt wakes it: slowest, costs no vCPU time while waiting. */
        BLOCK,
        /** A user-defined handler runs when the increment lands. */
        HANDLER
    }

    /** Returns the counter's value. */
    long value();

    /** Runs {@code then} on the tenant's vCPU once the counter is at least {@code target}, detected by {@code detection}. */
    void await(long target, Detection detection, Runnable then);
}
