package org.overbook.perf.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether a point's load generators had reached steady state when its measured window opened.
 *
 * <h2>Design</h2>
 * A load generator (memaslap, etc, ycsb) first sets every key once, its load phase, and reports when that ended
 * ({@value #LOAD_END}, -1 while it has not) with how many keys it set of how many. A point in which any of them
 * ended its load phase after the scenario's warm-up, or never did, measured a mix of loading and running, often
 * few requests: its figures describe the load phase overrunning the warm-up, not the question asked. Such a
 * point is reported as not in steady state (report.md, the terminal) and a density search calls its verdict
 * "not measured" rather than "fails". The rule uses what the generators know, not a statistical truncation
 * rule (MSER-5 and the like), because the load phase's end is exact.
 */
public final class SteadyState {

    /** When a load generator's load phase ended, virtual ns, or -1 while it has not. */
    public static final String LOAD_END = Metrics.WORKLOAD_PREFIX + "load_phase_end_ns";
    private static final String KEYS_TO_LOAD = Metrics.WORKLOAD_PREFIX + "keys_to_load";
    private static final String LOADED_KEYS = Metrics.WORKLOAD_PREFIX + "loaded_keys";

    private SteadyState() {
    }

    /**
     * Returns a phrase per load generator of {@code result} that had not ended its load phase when the measured
     * window opened ({@code c3 still loading at the end (6061 of 6144 keys set)}); empty when every one had.
     */
    public static List<String> loading(RunResult result) {
        long opens = result.scenario().warmUpNanos();
        List<String> out = new ArrayList<>();
        for (TenantRow row : result.tenants()) {
            Number end = row.metrics().get(LOAD_END);
            if (end == null) {
                continue;
            }
            String keys = String.format(Locale.ROOT, "%d of %d keys set", (long) row.value(LOADED_KEYS), (long) row.value(KEYS_TO_LOAD));
            if (stillLoading(row)) {
                out.add(row.name() + " still loading at the end (" + keys + ")");
            } else if (end.doubleValue() > opens) {
                out.add(String.format(Locale.ROOT, "%s ended its load phase at %.1f ms, after the window opened at %.1f ms (%s)",
                        row.name(), end.doubleValue() / 1e6, opens / 1e6, keys));
            }
        }
        return out;
    }

    /** Returns whether {@code row} is a load generator that had not set every key once when the run ended. */
    public static boolean stillLoading(TenantRow row) {
        Number end = row.metrics().get(LOAD_END);
        return end != null && end.doubleValue() < 0;
    }

    /**
     * Returns when the last load generator of {@code result} that overran the warm-up ended its load phase, virtual
     * ns, or 0 when none did. A generator still loading at the end of the run is extrapolated at the rate it set
     * keys over the whole run ({@code end · keys to load / keys set}; twice the run's end when it set none): an
     * estimate, for choosing a longer warm-up, never a figure of the run.
     */
    public static long latestLoadEnd(RunResult result) {
        long opens = result.scenario().warmUpNanos();
        long runEnd = result.scenario().endNanos();
        long latest = 0;
        for (TenantRow row : result.tenants()) {
            Number end = row.metrics().get(LOAD_END);
            if (end == null) {
                continue;
            }
            double loaded = row.value(LOADED_KEYS);
            double estimate = end.doubleValue() >= 0 ? end.doubleValue()
                    : loaded > 0 ? runEnd * row.value(KEYS_TO_LOAD) / loaded : 2.0 * runEnd;
            if (estimate > opens) {
                latest = Math.max(latest, (long) Math.ceil(estimate));
            }
        }
        return latest;
    }

    /** Returns whether every load generator of {@code result} had ended its load phase when the window opened. */
    public static boolean steady(RunResult result) {
        return loading(result).isEmpty();
    }
}
