package org.overbook.perf.run;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.overbook.hypervisor.resource.ResourceUsage;

/**
 * One contended resource over the measured window.
 *
 * @param key               column prefix ({@code server_cpu})
 * @param label             the resource in words ({@code server CPUs})
 * @param usage             utilisation (of the served busy time, see {@link ResourceSeries}), request rate,
 *                          waits and queue length over the window
 * @param serverUtilisation the utilisation of each server (each pCPU), empty when not kept per server
 * @param ratesPerSecond    the resource's own counters per second of the window, by name
 */
public record ResourceWindow(String key, String label, ResourceUsage usage, List<Double> serverUtilisation,
                             Map<String, Double> ratesPerSecond) {

    public ResourceWindow {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(usage, "usage");
        serverUtilisation = List.copyOf(serverUtilisation);
        ratesPerSecond = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(ratesPerSecond));
    }

    /**
     * Returns the summary columns, in output order: utilisation (over all servers), requests per second,
     * mean and p99 wait before service, mean queue length, the resource's own rates, then each server's
     * utilisation ({@code server_cpu3_utilisation}).
     */
    public Map<String, Number> columns() {
        Map<String, Number> out = new LinkedHashMap<>();
        out.put(key + "_utilisation", usage.utilisation());
        out.put(key + "_requests_per_s", usage.requestsPerSecond());
        out.put(key + "_wait_mean_ns", usage.meanWaitNanos());
        out.put(key + "_wait_p99_ns", usage.p99WaitNanos());
        out.put(key + "_queue_length", usage.meanQueueLength());
        ratesPerSecond.forEach((name, rate) -> out.put(key + "_" + name + "_per_s", rate));
        for (int i = 0; i < serverUtilisation.size(); i++) {
            out.put(key + i + "_utilisation", serverUtilisation.get(i));
        }
        return out;
    }
}
