package org.overbook.perf.run;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
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
 * <p>Detail and summary. A run's histograms and series take hundreds of kilobytes (an HdrHistogram's counts cover
 * every value up to its largest; the series a hundred samples of every tenant and every CPU); its figures a few. A
 * results writer needs the detail once, to write the point's own files and its rows of {@code timeseries.csv} and
 * {@code resources.csv}; every later write of the folder needs only the figures, the histograms' names and the
 * saturation verdict. So a sweep of many points keeps each finished point as its {@link #summary()}, which holds those
 * and fails loudly (an {@link IllegalStateException}) if asked for the detail it let go.
 */
public final class RunResult {

    /** What one figure of a tenant or a total takes in the heap, about: a map entry, its name and its boxed value. */
    static final long BYTES_PER_FIGURE = 100;

    private final int index;
    private final String label;
    private final Map<String, String> values;
    private final Scenario scenario;
    private final String yaml;
    private final long events;
    private final List<TenantRow> tenants;
    private final Map<String, Number> total;
    /** The histograms, or null once released ({@link #summary()}). */
    private final SortedMap<String, Histogram> histograms;
    private final SortedSet<String> histogramKeys;
    private final TimeSeries timeSeries;
    private final ResourceSeries resources;

    /** A result with no contended resource (unlimited CPUs, an in-memory swap device). */
    public RunResult(int index, String label, Map<String, String> values, Scenario scenario, String yaml, long events,
                     List<TenantRow> tenants, Map<String, Number> total, SortedMap<String, Histogram> histograms,
                     TimeSeries timeSeries) {
        this(index, label, values, scenario, yaml, events, tenants, total, histograms, timeSeries, ResourceSeries.none());
    }

    public RunResult(int index, String label, Map<String, String> values, Scenario scenario, String yaml,
                     long events, List<TenantRow> tenants, Map<String, Number> total,
                     SortedMap<String, Histogram> histograms, TimeSeries timeSeries, ResourceSeries resources) {
        this(index, label, Collections.unmodifiableMap(new LinkedHashMap<>(values)), scenario, yaml, events, List.copyOf(tenants),
                Metrics.withSharedNames(total), Collections.unmodifiableSortedMap(new TreeMap<>(histograms)),
                Collections.unmodifiableSortedSet(new TreeSet<>(histograms.keySet())), timeSeries, resources);
    }

    /** The constructor every other ends in: the collections are immutable already. */
    private RunResult(int index, String label, Map<String, String> values, Scenario scenario, String yaml, long events,
                      List<TenantRow> tenants, Map<String, Number> total, SortedMap<String, Histogram> histograms,
                      SortedSet<String> histogramKeys, TimeSeries timeSeries, ResourceSeries resources) {
        this.index = index;
        this.label = Objects.requireNonNull(label, "label");
        this.values = values;
        this.scenario = Objects.requireNonNull(scenario, "scenario");
        this.yaml = Objects.requireNonNull(yaml, "yaml");
        this.events = events;
        this.tenants = tenants;
        this.total = total;
        this.histograms = histograms;
        this.histogramKeys = histogramKeys;
        this.timeSeries = Objects.requireNonNull(timeSeries, "timeSeries");
        this.resources = Objects.requireNonNull(resources, "resources");
    }

    /** Returns this result under another point's place: its index, label, sweep values and YAML. */
    public RunResult relabeled(int newIndex, String newLabel, Map<String, String> newValues, String newYaml) {
        return new RunResult(newIndex, newLabel, Collections.unmodifiableMap(new LinkedHashMap<>(newValues)), scenario, newYaml,
                events, tenants, total, histograms, histogramKeys, timeSeries, resources);
    }

    /**
     * Returns this result without its detail: the same figures, histogram names, saturation verdict and resources over
     * the window, but no histogram, time series or resource samples ({@link #histograms()} throws, and so do the series'
     * samples: {@link TimeSeries#summary()}, {@link ResourceSeries#summary()}). What a sweep keeps of a point once its
     * own files and its rows of the series files are written, so that a sweep of thousands holds a few kilobytes a
     * point, not the hundreds its histograms and series take.
     */
    public RunResult summary() {
        if (!hasDetail()) {
            return this;
        }
        return new RunResult(index, label, values, scenario, yaml, events, tenants, total, null, histogramKeys,
                timeSeries.summary(), resources.summary());
    }

    /**
     * Returns about how many bytes of heap this result takes beyond its scenario: its histograms' counts, its series'
     * samples, and each figure at {@value #BYTES_PER_FIGURE} bytes (a map entry, its name and its boxed value). An
     * estimate, for bounding what a cache holds ({@link PointCache}), not a measurement.
     */
    public long footprintBytes() {
        long figures = total.size();
        for (TenantRow row : tenants) {
            figures += row.metrics().size();
        }
        long bytes = figures * BYTES_PER_FIGURE + timeSeries.footprintBytes() + resources.footprintBytes();
        if (histograms != null) {
            for (Histogram h : histograms.values()) {
                bytes += h.getEstimatedFootprintInBytes();
            }
        }
        return bytes;
    }

    /** Returns whether this result still holds its histograms and series (it is not a {@link #summary()}). */
    public boolean hasDetail() {
        return histograms != null;
    }

    /** Returns the point's place in its file, from 0. */
    public int index() {
        return index;
    }

    /** Returns the sweep values ({@code nic.memory-policy=on-demand}), empty without a sweep. */
    public String label() {
        return label;
    }

    /** Returns the sweep values by field path. */
    public Map<String, String> values() {
        return values;
    }

    /** Returns the resolved scenario. */
    public Scenario scenario() {
        return scenario;
    }

    /** Returns the merged scenario of this point, every default spelled out. */
    public String yaml() {
        return yaml;
    }

    /** Returns the simulation events dispatched over the whole run. */
    public long events() {
        return events;
    }

    /** Returns the server tenants then the client tenants, in id order. */
    public List<TenantRow> tenants() {
        return tenants;
    }

    /** Returns the whole point: sums of counts, ratios recomputed from sums, latency of all requests. */
    public Map<String, Number> total() {
        return total;
    }

    /**
     * Returns the latency histograms by {@code tenant/label}, virtual nanoseconds.
     *
     * @throws IllegalStateException for a {@link #summary()}, which keeps their names alone ({@link #histogramKeys()})
     */
    public SortedMap<String, Histogram> histograms() {
        if (histograms == null) {
            throw new IllegalStateException("point " + index + "'s histograms were let go once written (a summary keeps"
                    + " their names only)");
        }
        return histograms;
    }

    /** Returns the names of the latency histograms, {@code tenant/label}, in order; a {@link #summary()} has them too. */
    public SortedSet<String> histogramKeys() {
        return histogramKeys;
    }

    /** Returns every tenant's page counts and cumulative faults over the whole run, warm-up included. */
    public TimeSeries timeSeries() {
        return timeSeries;
    }

    /** Returns the hosts' contended resources (CPUs, swap devices) over the window and over the run. */
    public ResourceSeries resources() {
        return resources;
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

    @Override
    public boolean equals(Object o) {
        return o instanceof RunResult r && index == r.index && events == r.events && label.equals(r.label)
                && values.equals(r.values) && scenario.equals(r.scenario) && yaml.equals(r.yaml) && tenants.equals(r.tenants)
                && total.equals(r.total) && Objects.equals(histograms, r.histograms) && histogramKeys.equals(r.histogramKeys)
                && timeSeries.equals(r.timeSeries) && resources.equals(r.resources);
    }

    @Override
    public int hashCode() {
        return Objects.hash(index, label, values, scenario, yaml, events, tenants, total, histograms, timeSeries, resources);
    }

    @Override
    public String toString() {
        return "RunResult[index=" + index + ", label=" + label + ", events=" + events + ", tenants=" + tenants + ", total="
                + total + ", histograms=" + (histograms == null ? "let go " + histogramKeys : histograms) + ", timeSeries="
                + timeSeries + ", resources=" + resources + "]";
    }
}
