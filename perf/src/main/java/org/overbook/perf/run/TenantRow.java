package org.overbook.perf.run;

import java.util.Map;
import java.util.Objects;

/**
 * One tenant's figures of one run.
 *
 * @param name    the tenant's name (unique across both hosts)
 * @param host    {@code server} or {@code client}
 * @param workload the workload's registered name
 * @param metrics every metric by column name, in a fixed order: {@link Long} for counts, {@link Double}
 *                for measured values; workload metrics are prefixed {@code workload.}
 */
public record TenantRow(String name, String host, String workload, Map<String, Number> metrics) {

    public TenantRow {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(workload, "workload");
        metrics = Metrics.withSharedNames(metrics);
    }

    /** Returns the metric called {@code column} as a double, or 0 when this tenant has none. */
    public double value(String column) {
        Number n = metrics.get(column);
        return n == null ? 0 : n.doubleValue();
    }
}
