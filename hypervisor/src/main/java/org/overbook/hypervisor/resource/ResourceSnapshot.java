package org.overbook.hypervisor.resource;

import org.HdrHistogram.Histogram;

/**
 * A resource's counts at one instant. Two snapshots give its use over the window between them.
 *
 * @param name       the resource
 * @param servers    how many requests it serves at once
 * @param busyNanos  server time spent serving, summed over servers
 * @param requests   requests taken
 * @param waitNanos  time requests spent waiting before service, summed
 * @param waits      the distribution of those waits, in nanoseconds
 */
public record ResourceSnapshot(String name, int servers, long busyNanos, long requests, long waitNanos, Histogram waits) {

    /** Returns an empty snapshot of a resource: what it looked like before it took any work. */
    public static ResourceSnapshot empty(String name, int servers) {
        return new ResourceSnapshot(name, servers, 0, 0, 0, new Histogram(ResourceStats.MAX_WAIT_NANOS, ResourceStats.WAIT_DIGITS));
    }

    /** Returns the use between {@code earlier} and this snapshot, {@code windowNanos} apart. */
    public ResourceUsage since(ResourceSnapshot earlier, long windowNanos) {
        if (windowNanos <= 0) {
            throw new IllegalArgumentException("a window must be positive, not " + windowNanos + " ns");
        }
        Histogram window = waits.copy();
        window.subtract(earlier.waits);
        long count = requests - earlier.requests;
        long waited = waitNanos - earlier.waitNanos;
        double utilisation = (double) (busyNanos - earlier.busyNanos) / ((double) servers * windowNanos);
        return new ResourceUsage(name, servers, utilisation, count * 1e9 / windowNanos,
                count == 0 ? 0 : (double) waited / count, count == 0 ? 0 : window.getValueAtPercentile(99),
                (double) waited / windowNanos, count);
    }
}
