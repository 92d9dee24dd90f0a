package org.overbook.perf.run;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.overbook.perf.scenario.Scenario;

/**
 * Everything one run of one resolved scenario measured. Deterministic: the same scenario and seed give
 * an equal {@code RunResult} (histograms compare by their counts, the time series by its samples), so it can be a cache value and two
 * runs can be compared field by field. Wall-clock time is not in it ({@link TimedResult}).
 *
 * <p>The warm-up boundary: host and NIC counters (faults, swap-outs, NACKs, TLB hits, ...) are measured
 * over the measured window only, {@code [warmUpNanos, warmUpNanos + durationNanos)}, as the difference of a
 * snapshot at the end of the warm-up and one at the end. Page counts and pinned bytes are the state at
 * the end. Workload metrics cannot be reset: they are what each workload reports at the end; a load generator
 * counts the replies that arrive from the window's start (or from the end of its own load phase and warm-up, when
 * that is later: {@link org.overbook.perf.run.SteadyState} tells such a point), so its figures cover the same
 * window as the host's.
 *
 * @param index         the point's place in its file, from 0
 * @param label         the sweep values ({@code nic.memory-policy=on-demand}), empty without a sweep
 * @param values        the same by field path
 * @param scenario      the resolved scenario
 * @param yaml          the merged scenario of this point, every default spelled out
 * @param events        simulation events dispatched over the whole run
 * @param tenants       server tenants then client tenants, in id order
 * @param total         the whole point: sums of counts, ratios recomputed from sums, latency of all requests
 * @param histograms    latency histograms by {@code tenant/label}, virtual nanoseconds
 * @param timeSeries    every tenant's page counts and cumulative faults over the whole run, warm-up included
 * @param resources     the hosts' contended resources (CPUs, swap devices) over the window and over the run
 */
public record RunResult(int index, String label, Map<String, String> values, Scenario scenario, String yaml,
                        long events, List<TenantRow> tenants, Map<String, Number> total,
                        SortedMap<String, Histogram> histograms, TimeSeries timeSeries, ResourceSeries resources) {

    /** A result with no contended resource (unlimited CPUs, an in-memory swap device). */
    public RunResult(int index, String label, Map<String, String> values, Scenario scenario, String yaml, long events,
                     List<TenantRow> tenants, Map<String, Number> total, SortedMap<String, Histogram> histograms,
                     TimeSeries timeSeries) {
        this(index, label, values, scenario, yaml, events, tenants, total, histograms, timeSeries, ResourceSeries.none());
    }

    public RunResult {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(scenario, "scenario");
        Objects.requireNonNull(yaml, "yaml");
        Objects.requireNonNull(timeSeries, "timeSeries");
        Objects.requireNonNull(resources, "resources");
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        tenants = List.copyOf(tenants);
        total = Collections.unmodifiableMap(new LinkedHashMap<>(total));
        histograms = Collections.unmodifiableSortedMap(new TreeMap<>(histograms));
    }

    /** Returns this result under another point's place: its index, label, sweep values and YAML. */
    public RunResult relabeled(int newIndex, String newLabel, Map<String, String> newValues, String newYaml) {
        return new RunResult(newIndex, newLabel, newValues, scenario, newYaml, events, tenants, total, histograms, timeSeries,
                resources);
    }

    /** Returns the seed every random stream of the run derived from. */
    public long seed() {
        return scenario.seed();
    }

    /** Returns data-integrity mismatches over every tenant; anything but 0 is a model bug. */
    public long mismatches() {
        return Math.round(total.getOrDefault(Metrics.MISMATCHES, 0L).doubleValue());
    }

    /** Returns a name for the point: its label, or {@code point-<index>} without a sweep. */
    public String displayLabel() {
        return label.isEmpty() ? "point-" + index : label;
    }
}
