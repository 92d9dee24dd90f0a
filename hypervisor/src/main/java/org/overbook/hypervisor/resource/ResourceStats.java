package org.overbook.hypervisor.resource;

import org.HdrHistogram.Histogram;

/**
 * The accounting of one contended resource: how long its servers were busy, how many requests it took,
 * and how long they waited before service began. A resource adds to it as it books work; a reader takes
 * {@link #snapshot() snapshots} at the start and end of a measured window and subtracts them.
 */
public final class ResourceStats {

    /** The longest wait the histograms hold (an hour); longer ones are recorded as this. */
    static final long MAX_WAIT_NANOS = 3_600_000_000_000L;
    /** Significant decimal digits of the wait histograms. */
    static final int WAIT_DIGITS = 2;

    private final String name;
    private final int servers;
    private final Histogram waits = new Histogram(MAX_WAIT_NANOS, WAIT_DIGITS);
    private long busyNanos;
    private long requests;
    private long waitNanos;

    /**
     * @param name    what the resource is, for reports ({@code cpu}, {@code swap-device}, ...)
     * @param servers how many requests it can serve at once (pCPUs, worker threads); 1 for a FIFO server
     */
    public ResourceStats(String name, int servers) {
        if (servers <= 0) {
            throw new IllegalArgumentException(name + ": a resource needs at least one server, not " + servers);
        }
        this.name = name;
        this.servers = servers;
    }

    /** Records one request that waited {@code waitNanos} and then kept a server busy for {@code serviceNanos}. */
    public void record(long waitNanos, long serviceNanos) {
        requests++;
        this.waitNanos += waitNanos;
        busyNanos += serviceNanos;
        waits.recordValue(Math.min(Math.max(0, waitNanos), MAX_WAIT_NANOS));
    }

    /** Adds busy time that no request waited for (a spin, say). */
    public void addBusy(long serviceNanos) {
        busyNanos += serviceNanos;
    }

    public String name() {
        return name;
    }

    public int servers() {
        return servers;
    }

    public long busyNanos() {
        return busyNanos;
    }

    public long requests() {
        return requests;
    }

    public long waitNanos() {
        return waitNanos;
    }

    /** Returns a copy of the counts as they stand. */
    public ResourceSnapshot snapshot() {
        return new ResourceSnapshot(name, servers, busyNanos, requests, waitNanos, waits.copy());
    }
}
