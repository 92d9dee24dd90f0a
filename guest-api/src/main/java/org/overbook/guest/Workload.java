package org.overbook.guest;

/**
 * A program running in a tenant: a memcached-like server, a load generator, or a user's own.
 *
 * <p>A workload is event driven. {@link #start(Guest)} runs once, on the tenant's vCPU when the run begins: at
 * virtual time zero, or after the vCPU's time pinning the whole guest where the memory policy pins it when the
 * tenant's VF is attached (pin-all, as on the client host); it allocates memory, registers callbacks and
 * schedules its first work with {@link Guest#schedule(long, Runnable)}. Every handler then runs on the same vCPU: the time it
 * {@linkplain Guest#charge(long) charges}, and the page faults its memory accesses take, delay
 * whatever it posts and whatever is queued behind it.
 *
 * <p>A workload must be deterministic: it may draw randomness only from {@link Guest#random()} and
 * read time only from {@link Guest#now()}.
 */
public interface Workload {

    /** Boots the workload inside its tenant. */
    void start(Guest guest);

    /** Reports the workload's own figures; called once, after the run. Reports nothing by default. */
    default void report(WorkloadMetrics metrics) {
    }
}
