package org.overbook.perf.run;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The contended resources of a run (the hosts' CPUs and swap devices, ...): each one's accounting over the
 * measured window ({@link ResourceWindow}) and its cumulative counts sampled over the whole run.
 *
 * <h2>Design</h2>
 * Sampled at the same instants as the {@link TimeSeries} (time 0, the end of every progress slice, the end of
 * the warm-up and of the run), by reading counters between two {@code runUntil} calls, so it changes nothing
 * in the run. Per sample and resource it keeps three cumulative integers, busy server-nanoseconds, requests
 * and summed wait, from which any interval's utilisation, request rate and mean wait follow. Busy time is
 * counted when a resource books the work, which for a queue with a backlog is ahead of when it serves it:
 * an interval of a resource with a growing backlog can show a utilisation above 1. Immutable and compared by
 * content, so a {@link RunResult} holding it stays a value.
 */
public final class ResourceSeries {

    private final List<ResourceWindow> windows;
    private final int[] servers;
    private final long[] times;
    private final int warmUpSample;
    private final long[] busy;
    private final long[] requests;
    private final long[] waits;

    /**
     * @param windows      each resource over the measured window, in report order
     * @param servers      each resource's server count
     * @param times        sample times, strictly increasing
     * @param warmUpSample the index of the sample at the end of the warm-up
     * @param busy         cumulative busy nanoseconds, sample by sample, resource by resource
     * @param requests     cumulative requests, laid out as {@code busy}
     * @param waits        cumulative wait nanoseconds, laid out as {@code busy}
     */
    public ResourceSeries(List<ResourceWindow> windows, int[] servers, long[] times, int warmUpSample, long[] busy,
                          long[] requests, long[] waits) {
        this.windows = List.copyOf(windows);
        this.servers = servers.clone();
        this.times = times.clone();
        this.warmUpSample = warmUpSample;
        this.busy = busy.clone();
        this.requests = requests.clone();
        this.waits = waits.clone();
        int n = this.windows.size();
        if (this.servers.length != n || this.busy.length != this.times.length * n || this.requests.length != this.busy.length
                || this.waits.length != this.busy.length) {
            throw new IllegalArgumentException(n + " resources and " + this.times.length + " samples do not fit "
                    + this.busy.length + " values");
        }
        Objects.checkIndex(warmUpSample, Math.max(1, this.times.length));
    }

    /** Returns a run with no contended resource (unlimited CPUs, an in-memory swap device). */
    public static ResourceSeries none() {
        return new ResourceSeries(List.of(), new int[0], new long[] {0}, 0, new long[0], new long[0], new long[0]);
    }

    /** Returns how many resources there are. */
    public int resources() {
        return windows.size();
    }

    /** Returns every resource over the measured window, in report order. */
    public List<ResourceWindow> windows() {
        return windows;
    }

    public ResourceWindow window(int resource) {
        return windows.get(resource);
    }

    public int samples() {
        return times.length;
    }

    public long timeNanos(int sample) {
        return times[sample];
    }

    /** Returns the index of the sample at the end of the warm-up: intervals from it on are measured. */
    public int warmUpSample() {
        return warmUpSample;
    }

    public long busyNanos(int sample, int resource) {
        return busy[index(sample, resource)];
    }

    public long requests(int sample, int resource) {
        return requests[index(sample, resource)];
    }

    public long waitNanos(int sample, int resource) {
        return waits[index(sample, resource)];
    }

    /** Returns the utilisation of {@code resource} from sample {@code interval} to the next. */
    public double utilisation(int interval, int resource) {
        long window = times[interval + 1] - times[interval];
        return (busyNanos(interval + 1, resource) - busyNanos(interval, resource)) / ((double) servers[resource] * window);
    }

    private int index(int sample, int resource) {
        Objects.checkIndex(resource, windows.size());
        return sample * windows.size() + resource;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ResourceSeries other && windows.equals(other.windows) && warmUpSample == other.warmUpSample
                && Arrays.equals(servers, other.servers) && Arrays.equals(times, other.times)
                && Arrays.equals(busy, other.busy) && Arrays.equals(requests, other.requests)
                && Arrays.equals(waits, other.waits);
    }

    @Override
    public int hashCode() {
        return Objects.hash(windows, Arrays.hashCode(times), Arrays.hashCode(busy));
    }

    @Override
    public String toString() {
        return "ResourceSeries[" + windows.stream().map(ResourceWindow::key).toList() + ", " + times.length + " samples]";
    }
}
