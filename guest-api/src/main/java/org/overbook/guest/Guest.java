package org.overbook.guest;

import java.util.random.RandomGenerator;
import org.overbook.guest.verbs.Verbs;

/**
 * A workload's handle on the tenant it runs in.
 *
 * <p>Time is virtual, in nanoseconds. The tenant has one vCPU, a single server: inside a handler,
 * {@link #now()} is the time the handler started plus everything charged to the vCPU since (compute
 * with {@link #charge(long)}, page-fault stalls taken by memory accesses). Work scheduled from a
 * handler is timed from that point, and work that arrives while the vCPU is busy waits its turn.
 */
public interface Guest {

    /** Returns the tenant's name, as the scenario gives it. */
    String tenantName();

    /** Returns the tenant's memory. */
    GuestMemory memory();

    /** Returns the current virtual time in nanoseconds, including the vCPU's charges so far. */
    long now();

    /**
     * Returns the virtual time at which the run's measured window opens (a scenario's {@code warm-up}); 0 when the
     * run measures from its start. A workload that measures over time (a load generator) counts nothing that
     * happens before it, so its figures cover the same window as the host's; one that measures by count (an RDMA
     * microbenchmark's iterations) may ignore it.
     */
    default long measuredWindowStart() {
        return 0;
    }

    /** Charges {@code nanos} of compute to the vCPU, advancing {@link #now()}. */
    void charge(long nanos);

    /** Runs {@code task} on this tenant's vCPU {@code delayNanos} after {@link #now()}. */
    void schedule(long delayNanos, Runnable task);

    /** Returns the tenant's own random stream, derived from the scenario seed and the tenant's name. */
    RandomGenerator random();

    /**
     * Returns a further independent random stream of this tenant, derived from the scenario seed, the
     * tenant's name and {@code stream}; the same name gives the same stream.
     */
    RandomGenerator random(String stream);

    /**
     * Returns the tenant's virtual function.
     *
     * @throws IllegalStateException if the scenario gave this tenant no virtual function
     */
    Verbs verbs();

    /**
     * Registers a callback the guest kernel calls when it needs memory back (the balloon driver
     * inflating); listeners are asked in the order they registered.
     */
    void onMemoryPressure(MemoryPressureListener listener);
}
