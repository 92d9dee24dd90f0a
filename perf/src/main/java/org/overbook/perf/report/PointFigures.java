package org.overbook.perf.report;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.overbook.perf.run.Metrics;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.Saturation;
import org.overbook.perf.run.SteadyState;
import org.overbook.perf.run.TenantRow;

/**
 * The figures of one point that the finding, {@code show} and {@code compare} work from: what a run measured or
 * what a results folder's {@code summary.json} holds ({@link ResultsFolder}), the same either way.
 *
 * @param index        the point's place in its file, from 0
 * @param label        the sweep values ({@code tenants=4}), empty without a sweep
 * @param values       the same by field path
 * @param seed         the seed
 * @param events       simulation events dispatched
 * @param tenants      server tenants then client tenants, with their metrics
 * @param total        the whole point's metrics
 * @param saturation   the saturation status ({@code saturated}, {@code bursts}, {@code none}, {@code unmodelled})
 * @param resource     the label of the resource the saturation verdict names, or empty
 * @param saturationWords the verdict in a few words ({@link Saturation#brief()})
 * @param yaml         the point's merged scenario, every default spelled out
 * @param replications per metric of the total, its interval over the point's replications; empty when the point
 *                     ran once
 */
public record PointFigures(int index, String label, Map<String, String> values, long seed, long events,
                           List<TenantRow> tenants, Map<String, Number> total, String saturation, String resource,
                           String saturationWords, String yaml, Map<String, Interval> replications) {

    public PointFigures {
        Objects.requireNonNull(label, "label");
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        tenants = List.copyOf(tenants);
        total = Collections.unmodifiableMap(new LinkedHashMap<>(total));
        replications = Collections.unmodifiableMap(new LinkedHashMap<>(replications));
    }

    /** The figures of a run's result. */
    public static PointFigures of(RunResult result) {
        Saturation verdict = Saturation.of(result.resources());
        return new PointFigures(result.index(), result.label(), result.values(), result.seed(), result.events(),
                result.tenants(), result.total(), verdict.status().name().toLowerCase(java.util.Locale.ROOT),
                verdict.resource() == null ? "" : verdict.resource().label(), verdict.brief(), result.yaml(), Map.of());
    }

    /** The figures of {@code result} with {@code intervals}, its total's over its replications. */
    static PointFigures of(RunResult result, Map<String, Interval> intervals) {
        PointFigures p = of(result);
        return new PointFigures(p.index, p.label, p.values, p.seed, p.events, p.tenants, p.total, p.saturation, p.resource,
                p.saturationWords, p.yaml, intervals);
    }

    /** Returns how many replications the point ran: its intervals' count, 1 without any. */
    public int replicationCount() {
        return replications.isEmpty() ? 1 : replications.values().iterator().next().n();
    }

    /** The figures of every result, in order. */
    public static List<PointFigures> of(List<RunResult> results) {
        return results.stream().map(PointFigures::of).toList();
    }

    /** Returns a name for the point: its label, or {@code point-<index>} without a sweep. */
    public String displayLabel() {
        return label.isEmpty() ? "point-" + index : label;
    }

    /** Returns the sweep values without their field paths ({@code on-demand/4}), or the display label. */
    public String shortLabel() {
        return values.isEmpty() ? displayLabel() : String.join("/", values.values());
    }

    /** Returns the total metric {@code column}, or NaN when the point has none. */
    public double value(String column) {
        Number n = total.get(column);
        return n == null ? Double.NaN : n.doubleValue();
    }

    /** Returns data-integrity mismatches over every tenant. */
    public long mismatches() {
        Number n = total.get(Metrics.MISMATCHES);
        return n == null ? 0 : Math.round(n.doubleValue());
    }

    /** Returns the number of tenants on the server host. */
    public int serverTenants() {
        return (int) tenants.stream().filter(t -> "server".equals(t.host())).count();
    }

    /** Returns the major faults of the measured window: the CPU's and the NIC's, sending and receiving. */
    public long majorFaults() {
        long sum = 0;
        for (String column : List.of("cpu_major_faults", "nic_faults_send_major", "nic_faults_receive_major")) {
            for (TenantRow row : tenants) {
                sum += Math.round(row.value(column));
            }
        }
        return sum;
    }

    /**
     * Returns the load generators still in their load phase when the run ended (every key not yet set once): such a
     * point measured loading, not the workload ({@link org.overbook.perf.run.SteadyState} says more of a run's result).
     */
    public List<String> stillLoading() {
        return tenants.stream().filter(SteadyState::stillLoading).map(TenantRow::name).toList();
    }

    /** Returns whether a resource saturated over the measured window. */
    public boolean saturated() {
        return "saturated".equals(saturation);
    }
}
