package org.overbook.perf.run;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import org.overbook.hypervisor.resource.ResourceSnapshot;
import org.overbook.hypervisor.resource.ResourceUsage;
import org.overbook.hypervisor.sim.Simulation;

/**
 * Takes the samples of a {@link ResourceSeries}: {@link #sample()} at every instant the {@link Sampler} samples,
 * {@link #markWarmUp()} right after the sample at the end of the warm-up, and {@link #series()} after the last
 * sample, which also measures every resource over the window between the two: its requests and waits from the
 * model's accounting ({@link ResourceSnapshot#since}), its utilisation from the served busy time the series
 * derives (see {@link ResourceSeries}). It only reads counters.
 */
final class ResourceSampler {

    private final Simulation simulation;
    private final List<ResourceProbe> probes;
    private final int[] lanes;
    private final int[] capacity;
    private final int width;
    private long[] times = new long[Runner.PROGRESS_SLICES + 3];
    private long[] booked;
    private long[] requests;
    private long[] waits;
    private int samples;
    private int warmUpSample;
    private Mark warmUp;

    ResourceSampler(Simulation simulation, List<ResourceProbe> probes) {
        this.simulation = simulation;
        this.probes = List.copyOf(probes);
        this.lanes = probes.stream().mapToInt(p -> p.serverBusy() == null ? 1 : p.serverBusy().get().length).toArray();
        this.capacity = probes.stream().mapToInt(p -> p.serverBusy() == null ? p.snapshot().get().servers() : 1).toArray();
        this.width = Arrays.stream(lanes).sum();
        booked = new long[times.length * width];
        requests = new long[times.length * probes.size()];
        waits = new long[requests.length];
    }

    /** Reads every resource's cumulative counts now. */
    void sample() {
        int n = probes.size();
        if (samples == times.length) {
            times = Arrays.copyOf(times, samples * 2);
            booked = Arrays.copyOf(booked, samples * 2 * width);
            requests = Arrays.copyOf(requests, samples * 2 * n);
            waits = Arrays.copyOf(waits, samples * 2 * n);
        }
        times[samples] = simulation.now();
        int lane = samples * width;
        for (int r = 0; r < n; r++) {
            ResourceProbe probe = probes.get(r);
            ResourceSnapshot s = probe.snapshot().get();
            if (probe.serverBusy() == null) {
                booked[lane++] = s.busyNanos();
            } else {
                for (long busy : probe.serverBusy().get()) {
                    booked[lane++] = busy;
                }
            }
            requests[samples * n + r] = s.requests();
            waits[samples * n + r] = s.waitNanos();
        }
        samples++;
    }

    /** Marks the end of the warm-up: the measured window starts at the sample just taken. */
    void markWarmUp() {
        warmUpSample = samples - 1;
        warmUp = new Mark(probes);
    }

    /** Returns the samples so far, each resource measured from {@link #markWarmUp()} to the last sample. */
    ResourceSeries series() {
        Mark end = new Mark(probes);
        int last = samples - 1;
        long window = times[last] - times[warmUpSample];
        long[] bookedSoFar = Arrays.copyOf(booked, samples * width);
        long[] served = ResourceSeries.serve(Arrays.copyOf(times, samples), bookedSoFar,
                ResourceSeries.laneCapacities(lanes, capacity));
        List<ResourceWindow> windows = new ArrayList<>();
        int lane = 0;
        for (int r = 0; r < probes.size(); r++) {
            ResourceProbe probe = probes.get(r);
            ResourceSnapshot at = end.snapshots.get(r);
            ResourceUsage model = window > 0 ? at.since(warmUp.snapshots.get(r), window)
                    : new ResourceUsage(at.name(), at.servers(), 0, 0, 0, 0, 0, 0);
            long servedInWindow = 0;
            List<Double> perLane = new ArrayList<>();
            for (int l = lane; l < lane + lanes[r]; l++) {
                long s = served[last * width + l] - served[warmUpSample * width + l];
                servedInWindow += s;
                perLane.add(window > 0 ? s / ((double) capacity[r] * window) : 0.0);
            }
            lane += lanes[r];
            double utilisation = window > 0 ? servedInWindow / ((double) lanes[r] * capacity[r] * window) : 0;
            ResourceUsage usage = new ResourceUsage(model.name(), model.servers(), utilisation, model.requestsPerSecond(),
                    model.meanWaitNanos(), model.p99WaitNanos(), model.meanQueueLength(), model.requests());
            Map<String, Double> rates = new LinkedHashMap<>();
            for (int i = 0; i < probe.rates().size(); i++) {
                long count = end.rates.get(r)[i] - warmUp.rates.get(r)[i];
                rates.put(probe.rates().get(i).name(), window > 0 ? count * 1e9 / window : 0.0);
            }
            windows.add(new ResourceWindow(probe.key(), probe.label(), usage,
                    probe.serverBusy() == null ? List.of() : perLane, rates));
        }
        int n = probes.size();
        return new ResourceSeries(windows, lanes, capacity, Arrays.copyOf(times, samples), warmUpSample, bookedSoFar,
                Arrays.copyOf(requests, samples * n), Arrays.copyOf(waits, samples * n));
    }

    /** Every resource's accounting and counters at one instant. */
    private static final class Mark {
        final List<ResourceSnapshot> snapshots = new ArrayList<>();
        final List<long[]> rates = new ArrayList<>();

        Mark(List<ResourceProbe> probes) {
            for (ResourceProbe probe : probes) {
                snapshots.add(probe.snapshot().get());
                rates.add(probe.rates().stream().map(ResourceProbe.Rate::count).mapToLong(LongSupplier::getAsLong).toArray());
            }
        }
    }
}
