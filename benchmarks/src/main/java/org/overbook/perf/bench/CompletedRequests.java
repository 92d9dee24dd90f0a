package org.overbook.perf.bench;

import java.util.Map;
import org.overbook.guest.Workload;
import org.overbook.guest.WorkloadMetrics;
import org.overbook.perf.scenario.Deployment;

/**
 * The simulated memcached requests of a run so far, load phase and warm-up included: what the servers executed
 * ({@code requests} of every server workload), as {@code timing.txt} counts them. The load generators' own
 * {@code requests} count only what completed in the measured window.
 */
final class CompletedRequests {

    private CompletedRequests() {
    }

    /** Returns the requests {@code deployment}'s server workloads have executed so far. */
    static long of(Deployment deployment) {
        long total = 0;
        for (Workload server : deployment.serverWorkloads()) {
            total += figure(WorkloadMetrics.collect(server::report), "requests");
        }
        return total;
    }

    private static long figure(Map<String, Number> figures, String name) {
        Number value = figures.get(name);
        return value == null ? 0 : value.longValue();
    }
}
