package org.overbook.perf.density;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.overbook.guest.ConfigurationException;
import org.overbook.perf.run.Metrics;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.SteadyState;
import org.overbook.perf.run.TenantRow;

/**
 * A service-level objective every tenant must meet: one or more {@link Bound}s ({@code --slo p99=500us
 * --slo ops=20k}).
 *
 * <p><b>Meeting it.</b> A probe (one run at a number of tenants) meets the objective when
 * <ol>
 *   <li>no workload read back a value other than the one it wrote (zero data mismatches over every tenant);</li>
 *   <li>every tenant that records latency (in the usual scenario: every client, each standing for the server
 *       tenant it loads) completed at least one request in the measured window ({@code latency_count > 0}): a
 *       tenant starved to nothing has no percentile to judge and fails;</li>
 *   <li>and each such tenant is within every bound: its latency percentile at most the bound, its throughput
 *       ({@code workload.throughput_ops_per_s}) at least the bound.</li>
 * </ol>
 * Tenants that record no latency (memcached servers) are judged through their clients. The percentiles are
 * each tenant's own (its histograms merged), over the measured window as the load generator defines it.
 */
public final class Objective {

    private final List<Bound> bounds;

    private Objective(List<Bound> bounds) {
        this.bounds = List.copyOf(bounds);
    }

    /**
     * Parses the {@code --slo} options.
     *
     * @throws ConfigurationException naming {@code --slo} when there is none, one is malformed or a metric is bounded twice
     */
    public static Objective parse(List<String> options) {
        if (options == null || options.isEmpty()) {
            throw new ConfigurationException(Bound.OPTION, "missing; accepted: at least one METRIC=VALUE, such as --slo p99=500us; "
                    + "metrics: " + SloMetric.accepted());
        }
        List<Bound> bounds = new ArrayList<>();
        Map<SloMetric, String> seen = new EnumMap<>(SloMetric.class);
        for (String option : options) {
            Bound bound = Bound.parse(option);
            String earlier = seen.putIfAbsent(bound.metric(), option);
            if (earlier != null) {
                throw new ConfigurationException(Bound.OPTION, bound.metric().key() + " is bounded twice ('" + earlier + "' and '"
                        + option + "'); accepted: one bound per metric");
            }
            bounds.add(bound);
        }
        return new Objective(bounds);
    }

    /** Returns the bounds, in the order the options gave them. */
    public List<Bound> bounds() {
        return bounds;
    }

    /** Returns the metric of the first bound: the one the curve's chart and answer speak of. */
    public SloMetric primary() {
        return bounds.getFirst().metric();
    }

    /**
     * Judges one run.
     *
     * @throws IllegalArgumentException if no tenant of the run records latency (the experiment checks the
     *                                  scenario for that before anything runs)
     */
    public Judgement judge(RunResult result) {
        List<TenantRow> judged = result.tenants().stream().filter(row -> recordsLatency(result, row)).toList();
        if (judged.isEmpty()) {
            throw new IllegalArgumentException("no tenant of " + result.displayLabel() + " records latency");
        }
        Map<SloMetric, Double> worst = new EnumMap<>(SloMetric.class);
        Map<SloMetric, TenantRow> worstTenant = new EnumMap<>(SloMetric.class);
        String starved = null;
        for (TenantRow row : judged) {
            if (row.value(Metrics.LATENCY_COUNT) == 0) {
                starved = starved == null ? row.name() : starved;
                continue;
            }
            for (SloMetric metric : SloMetric.values()) {
                double value = row.value(metric.column());
                Double before = worst.get(metric);
                if (before == null || metric.worse(value, before)) {
                    worst.put(metric, value);
                    worstTenant.put(metric, row);
                }
            }
        }
        long mismatches = result.mismatches();
        if (mismatches > 0) {
            return new Judgement(false, judged.size(), worst, "", mismatches + " data mismatches");
        }
        List<String> loading = SteadyState.loading(result);
        if (!loading.isEmpty()) {
            return new Judgement(false, judged.size(), worst, loading.getFirst().split(" ", 2)[0],
                    "not measured: " + String.join("; ", loading), false);
        }
        if (starved != null) {
            return new Judgement(false, judged.size(), worst, starved, starved + ": no request completed in the measured window");
        }
        for (Bound bound : bounds) {
            double value = worst.get(bound.metric());
            if (!bound.holds(value)) {
                String tenant = worstTenant.get(bound.metric()).name();
                return new Judgement(false, judged.size(), worst, tenant, tenant + ": " + bound.metric().key() + " "
                        + bound.metric().format(value) + (bound.metric().latency() ? " > " : " < ") + bound.written());
            }
        }
        return new Judgement(true, judged.size(), worst, "", "");
    }

    /**
     * Judges the replications of one probe, the first under the scenario's own seed: the probe is not measured if
     * any replication is not, fails if any fails (the first such, its reason prefixed with its seed), and meets
     * only if every one meets, with the first's figures. A conservative rule, Overbook's choice: an answer holds
     * under every seed tried.
     */
    public Judgement judge(List<RunResult> replications) {
        List<Judgement> each = replications.stream().map(this::judge).toList();
        for (int i = 0; i < each.size(); i++) {
            Judgement j = each.get(i);
            if (!j.meets()) {
                return i == 0 ? j : new Judgement(false, j.judged(), j.worst(), j.tenant(),
                        "seed " + replications.get(i).seed() + ": " + j.reason(), j.measured());
            }
        }
        return each.getFirst();
    }

    /** Returns whether {@code row}'s workload records latency: it has a histogram in the run, empty or not. */
    private static boolean recordsLatency(RunResult result, TenantRow row) {
        String prefix = row.name() + "/";
        return result.histograms().keySet().stream().anyMatch(key -> key.startsWith(prefix));
    }

    /** Returns the objective as people read it: {@code p99 <= 500us, ops >= 20k}. */
    @Override
    public String toString() {
        return String.join(", ", bounds.stream().map(Bound::toString).toList());
    }
}
