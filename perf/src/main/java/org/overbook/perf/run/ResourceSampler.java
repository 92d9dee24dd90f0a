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
 * {@link #markWarmUp()} at the end of the warm-up, and {@link #series} at the end of the run, which also
 * measures every resource over the window between the last two. It only reads counters.
 */
final class ResourceSampler {

    private final Simulation simulation;
    private final List<ResourceProbe> probes;
    private long[] times = new long[Runner.PROGRESS_SLICES + 3];
    private long[] busy;
    private long[] requests;
    private long[] waits;
    private int samples;
    private int warmUpSample;
    private long warmUpNanos;
    private Mark warmUp;

    ResourceSampler(Simulation simulation, List<ResourceProbe> probes) {
        this.simulation = simulation;
        this.probes = List.copyOf(probes);
        busy = new long[times.length * probes.size()];
        requests = new long[busy.length];
        waits = new long[busy.length];
    }

    /** Reads every resource's cumulative counts now. */
    void sample() {
        int n = probes.size();
        if (samples == times.length) {
            times = Arrays.copyOf(times, samples * 2);
            busy = Arrays.copyOf(busy, samples * 2 * n);
            requests = Arrays.copyOf(requests, samples * 2 * n);
            waits = Arrays.copyOf(waits, samples * 2 * n);
        }
        times[samples] = simulation.now();
        for (int r = 0; r < n; r++) {
            ResourceSnapshot s = probes.get(r).snapshot().get();
            busy[samples * n + r] = s.busyNanos();
            requests[samples * n + r] = s.requests();
            waits[samples * n + r] = s.waitNanos();
        }
        samples++;
    }

    /** Marks the end of the warm-up: the measured window starts now (call after the sample taken now). */
    void markWarmUp() {
        warmUpSample = samples - 1;
        warmUpNanos = simulation.now();
        warmUp = new Mark(probes);
    }

    /** Returns the samples so far, each resource measured from {@link #markWarmUp()} to now. */
    ResourceSeries series() {
        Mark end = new Mark(probes);
        long window = simulation.now() - warmUpNanos;
        List<ResourceWindow> windows = new ArrayList<>();
        int[] servers = new int[probes.size()];
        for (int r = 0; r < probes.size(); r++) {
            ResourceProbe probe = probes.get(r);
            ResourceSnapshot last = end.snapshots.get(r);
            servers[r] = last.servers();
            ResourceUsage usage = window > 0 ? last.since(warmUp.snapshots.get(r), window)
                    : new ResourceUsage(last.name(), last.servers(), 0, 0, 0, 0, 0, 0);
            List<Double> perServer = new ArrayList<>();
            long[] before = warmUp.serverBusy.get(r);
            long[] after = end.serverBusy.get(r);
            for (int i = 0; i < after.length && window > 0; i++) {
                perServer.add((after[i] - before[i]) / (double) window);
            }
            Map<String, Double> rates = new LinkedHashMap<>();
            for (int i = 0; i < probe.rates().size(); i++) {
                long count = end.rates.get(r)[i] - warmUp.rates.get(r)[i];
                rates.put(probe.rates().get(i).name(), window > 0 ? count * 1e9 / window : 0.0);
            }
            windows.add(new ResourceWindow(probe.key(), probe.label(), usage, perServer, rates));
        }
        int n = probes.size();
        return new ResourceSeries(windows, servers, Arrays.copyOf(times, samples), warmUpSample,
                Arrays.copyOf(busy, samples * n), Arrays.copyOf(requests, samples * n), Arrays.copyOf(waits, samples * n));
    }

    /** Every resource's full accounting at one instant. */
    private static final class Mark {
        final List<ResourceSnapshot> snapshots = new ArrayList<>();
        final List<long[]> serverBusy = new ArrayList<>();
        final List<long[]> rates = new ArrayList<>();

        Mark(List<ResourceProbe> probes) {
            for (ResourceProbe probe : probes) {
                snapshots.add(probe.snapshot().get());
                serverBusy.add(probe.serverBusy() == null ? new long[0] : probe.serverBusy().get());
                rates.add(probe.rates().stream().map(ResourceProbe.Rate::count).mapToLong(LongSupplier::getAsLong).toArray());
            }
        }
    }
}
