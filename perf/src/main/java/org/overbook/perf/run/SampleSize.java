package org.overbook.perf.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Whether a latency percentile rests on enough requests to mean anything.
 *
 * <h2>Design</h2>
 * A percentile {@code q} of {@code n} requests is flagged <em>under-sampled</em> when fewer than
 * {@value #TAIL_SAMPLES} requests lie above it, {@code n · (1 − q) < 10}: a p50 needs 20 requests, a p99 1,000, a
 * p999 10,000. Below that the percentile is one of the few largest values, and a single slow request moves it (a
 * p99 of 156 requests is their second largest). The rule is Overbook's choice; ten tail samples is the usual floor
 * for an empirical quantile's order statistic to be stable. The flag is a column of its own next to the latency
 * columns ({@code latency_p99_undersampled}, 1 or 0), in the terminal table (a {@code *} after the value) and in
 * report.md (a line under the point's table): the value is still reported, never silently trusted.
 */
public final class SampleSize {

    /** How many requests must lie above a percentile for it to be trusted. */
    public static final int TAIL_SAMPLES = 10;

    /** The percentile columns and their levels, in output order. */
    private static final Map<String, Double> PERCENTILES = percentiles();

    private SampleSize() {
    }

    private static Map<String, Double> percentiles() {
        Map<String, Double> out = new LinkedHashMap<>();
        out.put(Metrics.P50, 50.0);
        out.put(Metrics.P99, 99.0);
        out.put(Metrics.P999, 99.9);
        return out;
    }

    /** Returns how many requests percentile {@code percentile} (50, 99, 99.9) needs: 20, 1,000, 10,000. */
    public static long needed(double percentile) {
        return Math.round(TAIL_SAMPLES * 100.0 / (100.0 - percentile));
    }

    /** Returns the flag column of a percentile column: {@code latency_p99_ns} is flagged in {@code latency_p99_undersampled}. */
    public static String flagColumn(String percentileColumn) {
        return percentileColumn.replaceFirst("_ns$", "") + "_undersampled";
    }

    /** The flag columns, in output order. */
    static List<String> flagColumns() {
        return PERCENTILES.keySet().stream().map(SampleSize::flagColumn).toList();
    }

    /** Returns each flag column: 1 when {@code count} requests are too few for its percentile, else 0. */
    static Map<String, Number> flags(long count) {
        Map<String, Number> out = new LinkedHashMap<>();
        PERCENTILES.forEach((column, level) -> out.put(flagColumn(column), count < needed(level) ? 1L : 0L));
        return out;
    }

    /** Returns whether the percentile column {@code percentileColumn} of {@code metrics} is flagged under-sampled. */
    public static boolean undersampled(Map<String, Number> metrics, String percentileColumn) {
        Number flag = metrics.get(flagColumn(percentileColumn));
        return flag != null && flag.longValue() != 0;
    }

    /**
     * Returns a phrase per under-sampled percentile of {@code metrics} ({@code p99 from 156 requests, needs 1000}),
     * empty when none is.
     */
    public static List<String> describe(Map<String, Number> metrics) {
        List<String> out = new ArrayList<>();
        Number count = metrics.get(Metrics.LATENCY_COUNT);
        PERCENTILES.forEach((column, level) -> {
            if (undersampled(metrics, column)) {
                out.add(column.replaceFirst("^latency_", "").replaceFirst("_ns$", "") + " from " + count + " requests, needs "
                        + needed(level));
            }
        });
        return out;
    }
}
