package org.overbook.perf.run;

import java.util.Objects;

/**
 * A run's result with how long it took on the wall clock and on the CPU. Those are the figures that are not
 * deterministic, so they live here, beside the {@link RunResult}, and are never written into
 * {@code summary.csv} (the results writer puts them in {@code timing.txt}).
 *
 * @param result     the deterministic result
 * @param wallNanos  wall-clock nanoseconds the simulation took (build, warm-up, measured part, collection)
 * @param setUpNanos wall-clock nanoseconds of the build alone (hosts, swap stores, NICs, workloads booted)
 * @param cpuNanos   CPU nanoseconds of the thread that ran the point over the same span as {@code wallNanos}
 *                   (0 where not measured): unlike wall time, it does not count the time other processes held
 *                   the core, so it is the figure to compare on a loaded machine
 */
public record TimedResult(RunResult result, long wallNanos, long setUpNanos, long cpuNanos) {

    /** The workload figure whose sum over the memcached servers is a run's simulated requests ({@link #requests()}). */
    static final String REQUESTS = Metrics.REQUESTS;
    /** The workload name of a memcached server tenant. */
    static final String MEMCACHED = "memcached";

    public TimedResult {
        Objects.requireNonNull(result, "result");
    }

    /** Returns a result whose CPU time was not measured (0). */
    public TimedResult(RunResult result, long wallNanos, long setUpNanos) {
        this(result, wallNanos, setUpNanos, 0);
    }

    /** Returns a result whose set-up and CPU time were not measured (0). */
    public TimedResult(RunResult result, long wallNanos) {
        this(result, wallNanos, 0, 0);
    }

    /** Returns the same timing for another result (the same run relabelled). */
    public TimedResult withResult(RunResult other) {
        return new TimedResult(other, wallNanos, setUpNanos, cpuNanos);
    }

    /** Returns simulated events per wall-clock second. */
    public double eventsPerSecond() {
        return wallNanos == 0 ? 0 : result.events() * 1e9 / wallNanos;
    }

    /**
     * Returns the simulated memcached requests of the whole run, load phase and warm-up included: the requests every
     * memcached server executed ({@code workload.requests} of each tenant running {@code memcached}). The load
     * generators' own {@code workload.requests} count only what completed in the measured window, so they cannot
     * say how much the simulation did; a server has no phases and counts every request (those still in flight at
     * the end are in a server's count and not yet in a client's: a few in hundreds of thousands).
     */
    public long requests() {
        long total = 0;
        for (TenantRow tenant : result.tenants()) {
            if (MEMCACHED.equals(tenant.workload()) && tenant.metrics().containsKey(REQUESTS)) {
                total += Math.round(tenant.value(REQUESTS));
            }
        }
        return total;
    }

    /** Returns simulated requests per wall-clock second of the whole point, set-up included. */
    public double requestsPerWallSecond() {
        return wallNanos == 0 ? 0 : requests() * 1e9 / wallNanos;
    }

    /** Returns simulated requests per CPU second of the point's thread, set-up included (0 if not measured). */
    public double requestsPerCpuSecond() {
        return cpuNanos == 0 ? 0 : requests() * 1e9 / cpuNanos;
    }
}
