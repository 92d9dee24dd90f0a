package org.overbook.perf.run;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.overbook.hypervisor.Tenant;
import org.overbook.hypervisor.memory.SecondLevelTable;
import org.overbook.nic.Nic;
import org.overbook.nic.Testbed;
import org.overbook.nic.VfCounters;

/**
 * Takes the samples of a {@link TimeSeries}: each call to {@link #sample()} reads the {@link TimeSeries.Series}
 * of every tenant of both hosts at the simulation's current time into a growing primitive array. It only
 * reads counters, so sampling between two {@code runUntil} calls changes nothing in the run.
 */
final class Sampler {

    private final Testbed testbed;
    private final List<Tenant> tenants = new ArrayList<>();
    private final List<Nic> nics = new ArrayList<>();
    private final int width;
    private long[] times = new long[Runner.PROGRESS_SLICES + 3];
    private long[] values;
    private int samples;

    /** Returns a sampler of the server tenants, then the client tenants, of {@code testbed}. */
    Sampler(Testbed testbed) {
        this.testbed = testbed;
        for (Tenant tenant : testbed.server().tenants()) {
            tenants.add(tenant);
            nics.add(testbed.serverNic());
        }
        for (Tenant tenant : testbed.client().tenants()) {
            tenants.add(tenant);
            nics.add(testbed.clientNic());
        }
        width = tenants.size() * TimeSeries.Series.all().size();
        values = new long[times.length * width];
    }

    /** Reads every tenant's series now. */
    void sample() {
        if (samples == times.length) {
            times = Arrays.copyOf(times, samples * 2);
            values = Arrays.copyOf(values, samples * 2 * width);
        }
        times[samples] = testbed.simulation().now();
        int at = samples * width;
        for (int i = 0; i < tenants.size(); i++) {
            Tenant tenant = tenants.get(i);
            SecondLevelTable table = tenant.table();
            VfCounters counters = nics.get(i).vf(tenant.id()).counters();
            // The order of TimeSeries.Series.
            values[at++] = table.residentPages();
            values[at++] = table.swappedPages();
            values[at++] = table.balloonedPages();
            values[at++] = table.pinnedPages();
            values[at++] = tenant.cpuMinorFaults();
            values[at++] = tenant.cpuMajorFaults();
            values[at++] = counters.faults(VfCounters.Side.SEND);
            values[at++] = counters.faults(VfCounters.Side.RECEIVE);
        }
        samples++;
    }

    /** Returns the samples taken so far, the measured window starting at {@code warmUpNanos}. */
    TimeSeries series(long warmUpNanos) {
        return new TimeSeries(warmUpNanos, tenants.stream().map(Tenant::name).toList(), Arrays.copyOf(times, samples),
                Arrays.copyOf(values, samples * width));
    }
}
