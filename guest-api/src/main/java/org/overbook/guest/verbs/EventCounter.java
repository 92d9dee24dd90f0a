package org.overbook.guest.verbs;

/**
 * An event counter that peers increment with notifying RDMA writes (NetVM's counter-based
 * notifications). Increments from one queue pair are applied in the order they were sent, even when
 * the writes arrive out of order.
 */
public interface EventCounter {

    /** How the waiting side learns that the counter reached its target. */
    enum Detection {
        /**
         * The vCPU polls the counter: fastest, and the vCPU is charged for the time it spins, from the end of the task
         * that waits. Awaited from one of the tenant's own tasks (its workload's start, a task it scheduled, a handler)
         * alone: anywhere else a {@link VerbsException} names the call.
         */
        BUSY_WAIT,
        /** The tenant sleeps and an interrupt wakes it: slowest, costs no vCPU time while waiting. */
        BLOCK,
        /** A user-defined handler runs when the increment lands. */
        HANDLER
    }

    /** Returns the counter's value. */
    long value();

    /**
     * Runs {@code then} on the tenant's vCPU once the counter is at least {@code target}, detected by {@code detection}.
     *
     * @throws VerbsException for {@link Detection#BUSY_WAIT} outside a task of the tenant's vCPU
     */
    void await(long target, Detection detection, Runnable then);
}
