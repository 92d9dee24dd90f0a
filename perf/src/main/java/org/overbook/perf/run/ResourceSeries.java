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
 * in the run. A resource has one or more <em>lanes</em>, servers whose busy time is read separately (each
 * pCPU; the swap device's one bottleneck); per sample the series keeps each lane's cumulative busy time and
 * each resource's cumulative requests and wait.
 *
 * <p>Booked and served busy time. The model counts a server's busy time when it books the work, which can be
 * ahead of when the server does it: a queue with a backlog books service that will run later. Read as is, an
 * interval would show such a resource far above 100 % and the next ones idle. So the series also derives each
 * lane's <em>served</em> busy time, the booked work done as fast as the lane's {@code c} servers can:
 * {@code served(k+1) = min(served(k) + c × interval, booked(k+1))}. For a lane of one server that serves its
 * booked work in order without idling while work waits (the swap device's FIFO bottlenecks, a pCPU running
 * the tasks and host work it was given, a PCIe direction) this is exactly the time it was busy in each
 * interval; for a pool read as one lane (the NIC's fault-service workers) it is exact while every worker has
 * a backlog and otherwise a fluid approximation. Utilisation is served time over the lanes' server time.
 * Immutable and compared by content, so a {@link RunResult} holding it stays a value. Its {@link Saturation} verdict
 * is judged once, as it is made; its {@link #summary()} keeps the windows and the verdict, not the samples: what a
 * sweep of many points keeps once the samples are written ({@link RunResult#summary()}).
 */
public final class ResourceSeries {

    private final List<ResourceWindow> windows;
    private final int[] lanes;
    private final int[] capacity;
    private final int[] firstLane;
    private final int width;
    private final long[] times;
    private final int warmUpSample;
    private final long[] booked;
    private final long[] served;
    private final long[] requests;
    private final long[] waits;
    private final Saturation verdict;

    /**
     * @param windows      each resource over the measured window, in report order
     * @param lanes        each resource's lane count
     * @param capacity     how many servers each lane of each resource stands for: 1 for a lane per server (each
     *                     pCPU), the server count for a resource read as a whole (a pool of workers)
     * @param times        sample times, strictly increasing
     * @param warmUpSample the index of the sample at the end of the warm-up
     * @param booked       cumulative booked busy nanoseconds, sample by sample, lane by lane (resources in order)
     * @param requests     cumulative requests, sample by sample, resource by resource
     * @param waits        cumulative wait nanoseconds, laid out as {@code requests}
     */
    public ResourceSeries(List<ResourceWindow> windows, int[] lanes, int[] capacity, long[] times, int warmUpSample,
                          long[] booked, long[] requests, long[] waits) {
        this.windows = List.copyOf(windows);
        this.lanes = lanes.clone();
        this.capacity = capacity.clone();
        this.times = times.clone();
        this.warmUpSample = warmUpSample;
        this.booked = booked.clone();
        this.requests = requests.clone();
        this.waits = waits.clone();
        int n = this.windows.size();
        this.firstLane = new int[n];
        int w = 0;
        for (int r = 0; r < Math.min(n, this.lanes.length); r++) {
            firstLane[r] = w;
            w += this.lanes[r];
        }
        this.width = w;
        if (this.lanes.length != n || this.capacity.length != n || this.booked.length != this.times.length * width
                || this.requests.length != this.times.length * n || this.waits.length != this.requests.length) {
            throw new IllegalArgumentException(n + " resources of " + width + " lanes and " + this.times.length
                    + " samples do not fit " + this.booked.length + " and " + this.requests.length + " values");
        }
        Objects.checkIndex(warmUpSample, this.times.length);
        this.served = serve(this.times, this.booked, laneCapacities(this.lanes, this.capacity));
        this.verdict = Saturation.judge(this);
    }

    /** A summary of {@code full}: its resources and verdict, without samples. */
    private ResourceSeries(ResourceSeries full) {
        this.windows = full.windows;
        this.lanes = full.lanes;
        this.capacity = full.capacity;
        this.firstLane = full.firstLane;
        this.width = full.width;
        this.times = null;
        this.warmUpSample = -1;
        this.booked = null;
        this.served = null;
        this.requests = null;
        this.waits = null;
        this.verdict = full.verdict;
    }

    /** Returns this series without its samples: its resources over the window and its saturation verdict alone. */
    public ResourceSeries summary() {
        return times == null ? this : new ResourceSeries(this);
    }

    /** Returns about how many bytes of heap the samples take (none for a {@link #summary()}). */
    long footprintBytes() {
        return times == null ? 0
                : Long.BYTES * ((long) times.length + booked.length + served.length + requests.length + waits.length);
    }

    /** Returns which resource saturated first, by {@link Saturation}'s rules, judged when the series was made. */
    public Saturation saturation() {
        return verdict;
    }

    /** Returns the capacity of every lane, resources in order, from each resource's lane count and capacity. */
    static int[] laneCapacities(int[] lanes, int[] capacity) {
        return java.util.stream.IntStream.range(0, lanes.length)
                .flatMap(r -> java.util.stream.IntStream.generate(() -> capacity[r]).limit(lanes[r])).toArray();
    }

    /**
     * Returns the served busy time of each lane at each sample, from the booked: the booked work done as fast as
     * the lane's servers can ({@code times} and {@code booked} as the constructor takes them).
     */
    static long[] serve(long[] times, long[] booked, int[] laneCapacity) {
        int width = laneCapacity.length;
        long[] served = new long[booked.length];
        for (int k = 1; k < times.length; k++) {
            long interval = times[k] - times[k - 1];
            for (int l = 0; l < width; l++) {
                served[k * width + l] = Math.min(served[(k - 1) * width + l] + laneCapacity[l] * interval,
                        booked[k * width + l]);
            }
        }
        return served;
    }

    /** Returns a run with no contended resource (unlimited CPUs, an in-memory swap device). */
    public static ResourceSeries none() {
        return new ResourceSeries(List.of(), new int[0], new int[0], new long[] {0}, 0, new long[0], new long[0],
                new long[0]);
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

    /** @throws IllegalStateException for a {@link #summary()}, as every method reading a sample does */
    public int samples() {
        if (times == null) {
            throw new IllegalStateException("a summary of a run's resources has no samples: they were let go once written");
        }
        return times.length;
    }

    public long timeNanos(int sample) {
        samples();
        return times[sample];
    }

    /** Returns the index of the sample at the end of the warm-up: intervals from it on are measured. */
    public int warmUpSample() {
        samples();
        return warmUpSample;
    }

    /** Returns whether {@code resource} took no request and no busy time over the whole run. */
    public boolean idle(int resource) {
        int last = samples() - 1;
        return bookedNanos(last, resource) == 0 && requests(last, resource) == 0;
    }

    /** Returns how many lanes (separately read servers) {@code resource} has. */
    public int lanes(int resource) {
        return lanes[resource];
    }

    /** Returns how many servers each lane of {@code resource} stands for (1 for a lane per server). */
    public int capacity(int resource) {
        return capacity[resource];
    }

    /** Returns the busy time lane {@code lane} of {@code resource} had booked by sample {@code sample}. */
    public long laneBookedNanos(int sample, int resource, int lane) {
        samples();
        return booked[sample * width + firstLane[resource] + Objects.checkIndex(lane, lanes[resource])];
    }

    /** Returns the busy time {@code resource} had booked by sample {@code sample}, over all its lanes. */
    public long bookedNanos(int sample, int resource) {
        return sum(booked, sample, resource);
    }

    /** Returns the busy time {@code resource} had served by sample {@code sample}, over all its lanes. */
    public long servedNanos(int sample, int resource) {
        return sum(served, sample, resource);
    }

    public long requests(int sample, int resource) {
        samples();
        return requests[sample * windows.size() + Objects.checkIndex(resource, windows.size())];
    }

    public long waitNanos(int sample, int resource) {
        samples();
        return waits[sample * windows.size() + Objects.checkIndex(resource, windows.size())];
    }

    /** Returns the utilisation of {@code resource} (served time over its lanes' time) from sample {@code interval} to the next. */
    public double utilisation(int interval, int resource) {
        return utilisation(interval, interval + 1, resource);
    }

    /** Returns the utilisation of {@code resource} from sample {@code from} to sample {@code to}. */
    public double utilisation(int from, int to, int resource) {
        samples();
        long span = times[to] - times[from];
        return span <= 0 ? 0 : (servedNanos(to, resource) - servedNanos(from, resource))
                / ((double) lanes[resource] * capacity[resource] * span);
    }

    /** Returns the utilisation of lane {@code lane} of {@code resource} from sample {@code from} to sample {@code to}. */
    public double laneUtilisation(int from, int to, int resource, int lane) {
        Objects.checkIndex(lane, lanes[resource]);
        samples();
        long span = times[to] - times[from];
        int l = firstLane[resource] + lane;
        return span <= 0 ? 0 : (served[to * width + l] - served[from * width + l]) / ((double) capacity[resource] * span);
    }

    private long sum(long[] values, int sample, int resource) {
        samples();
        long total = 0;
        for (int l = firstLane[resource]; l < firstLane[resource] + lanes[resource]; l++) {
            total += values[sample * width + l];
        }
        return total;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ResourceSeries other && windows.equals(other.windows) && warmUpSample == other.warmUpSample
                && Arrays.equals(lanes, other.lanes) && Arrays.equals(capacity, other.capacity)
                && Arrays.equals(times, other.times)
                && Arrays.equals(booked, other.booked) && Arrays.equals(requests, other.requests)
                && Arrays.equals(waits, other.waits);
    }

    @Override
    public int hashCode() {
        return Objects.hash(windows, Arrays.hashCode(times), Arrays.hashCode(booked));
    }

    @Override
    public String toString() {
        return "ResourceSeries[" + windows.stream().map(ResourceWindow::key).toList() + ", " + (times == null ? "no" : String.valueOf(times.length)) + " samples]";
    }
}
