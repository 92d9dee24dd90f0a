package org.overbook.perf.reproduce;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.overbook.perf.run.Metrics;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.TenantRow;

/**
 * The points a preset's experiments measured, as its figures read them: a point by the value its sweep
 * gave a field ({@code nic.memory-policy} = {@code on-demand}), or by its place in the file; then a metric
 * of one tenant, of several tenants summed, or of the whole point. A figure that asks for a point or
 * metric the results do not have fails with a {@link MissingMeasurement} naming what is there.
 */
public final class Measurements {

    private final Map<String, List<RunResult>> byExperiment;

    /** Returns the measurements of a preset: each experiment's results, in point order. */
    Measurements(Map<String, List<RunResult>> byExperiment) {
        this.byExperiment = new LinkedHashMap<>(byExperiment);
    }

    /** A figure asked for something the results do not hold: a preset out of step with its scenario. */
    static final class MissingMeasurement extends RuntimeException {
        private static final long serialVersionUID = 1L;

        MissingMeasurement(String message) {
            super(message);
        }
    }

    /** Returns the point of a one-experiment preset at which the sweep set {@code field} to {@code value}. */
    public Point point(String field, String value) {
        return point(onlyExperiment(), field, value);
    }

    /** Returns the one point of {@code experiment} at which the sweep set {@code field} to {@code value}. */
    public Point point(String experiment, String field, String value) {
        return point(experiment, Map.of(field, value));
    }

    /** Returns the one point of a one-experiment preset at which the sweep set every field of {@code values} so. */
    public Point point(Map<String, String> values) {
        return point(onlyExperiment(), values);
    }

    private Point point(String experiment, Map<String, String> values) {
        List<Point> matching = points(experiment, values);
        if (matching.size() != 1) {
            throw new MissingMeasurement(experiment + ": " + matching.size() + " points with " + describe(values)
                    + "; the points are " + results(experiment).stream().map(RunResult::displayLabel).toList());
        }
        return matching.getFirst();
    }

    /** Returns every point of a one-experiment preset at which the sweep set {@code field} to {@code value}, in order. */
    public List<Point> points(String field, String value) {
        String experiment = onlyExperiment();
        List<Point> matching = points(experiment, Map.of(field, value));
        if (matching.isEmpty()) {
            throw new MissingMeasurement(experiment + ": no point with " + field + "=" + value + "; the points are "
                    + results(experiment).stream().map(RunResult::displayLabel).toList());
        }
        return matching;
    }

    private List<Point> points(String experiment, Map<String, String> values) {
        return results(experiment).stream()
                .filter(r -> values.entrySet().stream().allMatch(e -> e.getValue().equals(r.values().get(e.getKey()))))
                .map(r -> new Point(experiment, r)).toList();
    }

    private static String describe(Map<String, String> values) {
        return values.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).sorted()
                .collect(java.util.stream.Collectors.joining(", "));
    }

    private String onlyExperiment() {
        if (byExperiment.size() != 1) {
            throw new MissingMeasurement("name the experiment, one of " + byExperiment.keySet());
        }
        return byExperiment.keySet().iterator().next();
    }

    /** Returns the point of {@code experiment} at {@code index} in its file's order (from 0). */
    public Point point(String experiment, int index) {
        List<RunResult> results = results(experiment);
        if (index < 0 || index >= results.size()) {
            throw new MissingMeasurement(experiment + ": no point " + index + " among " + results.size());
        }
        return new Point(experiment, results.get(index));
    }

    private List<RunResult> results(String experiment) {
        List<RunResult> results = byExperiment.get(experiment);
        if (results == null) {
            throw new MissingMeasurement("no experiment '" + experiment + "'; there are " + byExperiment.keySet());
        }
        return results;
    }

    /**
     * One measured point.
     *
     * @param experiment the experiment it belongs to
     * @param result     what it measured
     */
    public record Point(String experiment, RunResult result) {

        /** Returns {@code metric} of the whole point (the total row: sums, and ratios of sums). */
        public double total(String metric) {
            return value(result.total(), "total", metric);
        }

        /** Returns {@code metric} of the tenant called {@code name}. */
        public double tenant(String name, String metric) {
            return value(row(name).metrics(), name, metric);
        }

        /** Returns {@code metric} summed over the server tenants (the client host's tenants are pinned load generators). */
        public double servers(String metric) {
            return sum(row -> row.host().equals("server"), metric);
        }

        /** Returns {@code metric} summed over the tenants called {@code names}. */
        public double sum(String metric, String... names) {
            List<String> wanted = List.of(names);
            wanted.forEach(this::row);
            return sum(row -> wanted.contains(row.name()), metric);
        }

        /** Returns the NIC TLB hit rate of the tenants called {@code names} together: their hits over their lookups. */
        public double tlbHitRate(String... names) {
            double hits = sum("nic_tlb_hits", names);
            double lookups = hits + sum("nic_tlb_misses", names);
            return lookups == 0 ? Double.NaN : hits / lookups;
        }

        private double sum(Predicate<TenantRow> which, String metric) {
            double sum = 0;
            for (TenantRow row : result.tenants()) {
                if (which.test(row)) {
                    sum += value(row.metrics(), row.name(), metric);
                }
            }
            return sum;
        }

        private TenantRow row(String name) {
            return result.tenants().stream().filter(r -> r.name().equals(name)).findFirst()
                    .orElseThrow(() -> new MissingMeasurement(where() + ": no tenant '" + name + "'; there are " + names()));
        }

        private List<String> names() {
            return result.tenants().stream().map(TenantRow::name).toList();
        }

        private double value(Map<String, Number> metrics, String whose, String metric) {
            Number value = metrics.get(metric);
            if (value == null) {
                throw new MissingMeasurement(where() + ": " + whose + " has no metric '" + metric + "'"
                        + (metric.startsWith(Metrics.WORKLOAD_PREFIX) ? " (did its workload finish?)" : ""));
            }
            return value.doubleValue();
        }

        private String where() {
            return experiment + " " + result.displayLabel();
        }
    }
}
