package org.overbook.perf.bench;

import java.util.Map;
import org.overbook.guest.Workload;
import org.overbook.guest.WorkloadMetrics;
import org.overbook.perf.scenario.Deployment;

/**
 * The simulated memcached requests a run completed, all load generators together, as their own reports
 * count them: the keys set in the load phase ({@code loaded_keys}) plus the requests completed after it
 * ({@code requests}). Requests of a warm-up phase of the generator itself count in neither (the default
 * scenario has none); requests still outstanding at the end count in neither.
 */
final class CompletedRequests {

    private CompletedRequests() {
    }

    /** Returns the requests {@code deployment}'s client workloads have completed so far. */
    static long of(Deployment deployment) {
        long total = 0;
        for (Workload client : deployment.clientWorkloads()) {
            Map<String, Number> figures = WorkloadMetrics.collect(client::report);
            total += figure(figures, "loaded_keys") + figure(figures, "requests");
        }
        return total;
    }

    private static long figure(Map<String, Number> figures, String name) {
        Number value = figures.get(name);
        return value == null ? 0 : value.longValue();
    }
}
