package org.overbook.perf.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.overbook.hypervisor.resource.ResourceUsage;

/** Builds {@link ResourceSeries} with chosen utilisations, for tests of how they are judged and reported. */
public final class ResourceSeriesFixture {

    /** One interval is a millisecond. */
    public static final long INTERVAL = 1_000_000;

    private ResourceSeriesFixture() {
    }

    /**
     * Returns a series of one-server resources called {@code labels} whose utilisation in interval {@code k} is
     * {@code utilisation[r][k]}; the measured window starts at sample {@code warmUp}. Each window's usage is the mean
     * of its measured intervals, 10 requests per interval, 1 µs of wait each.
     */
    public static ResourceSeries series(List<String> labels, int warmUp, double[]... utilisation) {
        int n = labels.size();
        int intervals = utilisation[0].length;
        long[] times = new long[intervals + 1];
        long[] busy = new long[times.length * n];
        long[] requests = new long[busy.length];
        long[] waits = new long[busy.length];
        for (int k = 1; k <= intervals; k++) {
            times[k] = k * INTERVAL;
            for (int r = 0; r < n; r++) {
                busy[k * n + r] = busy[(k - 1) * n + r] + Math.round(utilisation[r][k - 1] * INTERVAL);
                requests[k * n + r] = requests[(k - 1) * n + r] + 10;
                waits[k * n + r] = waits[(k - 1) * n + r] + 10_000;
            }
        }
        List<ResourceWindow> windows = new ArrayList<>();
        long window = (intervals - warmUp) * INTERVAL;
        for (int r = 0; r < n; r++) {
            double busyInWindow = busy[intervals * n + r] - busy[warmUp * n + r];
            long count = 10L * (intervals - warmUp);
            windows.add(new ResourceWindow(labels.get(r).replace(' ', '_'), labels.get(r), new ResourceUsage(labels.get(r), 1,
                    busyInWindow / window, count * 1e9 / window, 1_000, 1_000, count * 1_000.0 / window, count),
                    List.of(), Map.of()));
        }
        int[] servers = new int[n];
        java.util.Arrays.fill(servers, 1);
        return new ResourceSeries(windows, servers, servers, times, warmUp, busy, requests, waits);
    }
}
