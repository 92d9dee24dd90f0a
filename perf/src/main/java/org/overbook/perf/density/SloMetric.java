package org.overbook.perf.density;

import java.util.Arrays;
import java.util.Locale;
import org.overbook.perf.run.Metrics;

/**
 * A per-tenant figure a service-level objective can bound: a latency percentile (at most a bound) or a
 * tenant's throughput (at least a bound). Each reads one column of a tenant's row ({@link Metrics}).
 */
public enum SloMetric {
    P50("p50", Metrics.P50, 50),
    P99("p99", Metrics.P99, 99),
    P999("p999", Metrics.P999, 99.9),
    OPS("ops", Metrics.THROUGHPUT, Double.NaN);

    private final String key;
    private final String column;
    private final boolean latency;
    private final double percentile;

    SloMetric(String key, String column, double percentile) {
        this.key = key;
        this.column = column;
        this.latency = !Double.isNaN(percentile);
        this.percentile = percentile;
    }

    /** Returns the percentile a latency metric is (50, 99, 99.9); NaN for the throughput. */
    public double percentile() {
        return percentile;
    }

    /** Returns the name {@code --slo} writes ({@code p99}). */
    public String key() {
        return key;
    }

    /** Returns the metric column it reads: latency in virtual nanoseconds, throughput in operations per second. */
    public String column() {
        return column;
    }

    /** Returns whether this is a latency (bounded from above) rather than a throughput (bounded from below). */
    public boolean latency() {
        return latency;
    }

    /** Returns whether {@code value} is worse than {@code other}: higher latency, lower throughput. */
    boolean worse(double value, double other) {
        return latency ? value > other : value < other;
    }

    /** Returns whether {@code value} is within {@code limit}. */
    boolean within(double value, double limit) {
        return latency ? value <= limit : value >= limit;
    }

    /** Spells a value for people: latency in microseconds ({@code 452.1us}), throughput whole ({@code 20923 ops/s}). */
    public String format(double value) {
        return latency ? String.format(Locale.ROOT, "%.1fus", value / 1e3) : String.format(Locale.ROOT, "%.0f ops/s", value);
    }

    /** Returns the metric {@code --slo} calls {@code key}, or null. */
    static SloMetric of(String key) {
        return Arrays.stream(values()).filter(m -> m.key.equals(key)).findFirst().orElse(null);
    }

    /** Returns the accepted names, for errors. */
    static String accepted() {
        return "p50, p99, p999 (a latency bound, e.g. p99=500us or p999=2ms) and ops (each tenant's throughput at least, "
                + "e.g. ops=50k)";
    }
}
