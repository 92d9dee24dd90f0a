package org.overbook.perf.density;

import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.overbook.perf.report.StudentT;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.TenantRow;

/**
 * Judges a probe's replications on confidence intervals ({@code --slo-confidence 95}): a tenant meets a bound
 * when the far end of its figure's two-sided confidence interval over the replications does, the upper bound for a
 * latency percentile, the lower for a throughput.
 *
 * <h2>Design</h2>
 * Each tenant's figure (its p99, say) is one value per replication; its interval is
 * {@code mean ± t(1 − α/2, n − 1) · sd / √n}, Student t ({@link StudentT}), as {@code summary.csv}'s
 * {@code ci95_low}/{@code ci95_high} are for the totals, so at 95 the bound judged is the one the summary would
 * show for that tenant. The upper end of a two-sided 95 % interval is a one-sided 97.5 % bound: the probe meets
 * the objective only if every tenant's true mean figure is within it at that confidence, under the usual
 * assumption that the replications are independent and roughly normal. The judgement is per tenant, not on the
 * worst tenant of each replication, because the objective is "every tenant": the worst of several tenants is a
 * biased statistic whose interval says nothing about any one of them.
 *
 * <p>Before any interval, every replication must be judgeable ({@link Objective#unjudgeable}): no mismatch, no
 * load generator still loading, no starved tenant and no under-sampled percentile in any of them.
 */
final class ConfidenceJudge {

    private final Objective objective;
    private final double percent;

    ConfidenceJudge(Objective objective, double percent) {
        this.objective = objective;
        this.percent = percent;
    }

    Judgement judge(List<RunResult> replications) {
        Judgement unjudgeable = objective.unjudgeable(replications);
        if (unjudgeable != null) {
            return unjudgeable;
        }
        List<TenantRow> tenants = Objective.judged(replications.getFirst());
        Map<SloMetric, Double> worst = new EnumMap<>(SloMetric.class);
        Map<SloMetric, String> worstTenant = new EnumMap<>(SloMetric.class);
        Map<SloMetric, double[]> worstSpread = new EnumMap<>(SloMetric.class);
        for (TenantRow tenant : tenants) {
            for (SloMetric metric : SloMetric.values()) {
                double[] values = values(replications, tenant.name(), metric);
                double[] interval = interval(values);
                double far = metric.latency() ? interval[2] : interval[1];
                Double before = worst.get(metric);
                if (before == null || metric.worse(far, before)) {
                    worst.put(metric, far);
                    worstTenant.put(metric, tenant.name());
                    worstSpread.put(metric, interval);
                }
            }
        }
        for (Bound bound : objective.bounds()) {
            SloMetric metric = bound.metric();
            double far = worst.get(metric);
            if (!bound.holds(far)) {
                String tenant = worstTenant.get(metric);
                return new Judgement(false, tenants.size(), worst, tenant, String.format(Locale.ROOT,
                        "%s: %s %s %% %s bound %s %s %s (mean %s over %d replications)", tenant, metric.key(),
                        Objective.level(percent), metric.latency() ? "upper" : "lower", metric.format(far),
                        metric.latency() ? ">" : "<", bound.written(), metric.format(worstSpread.get(metric)[0]),
                        replications.size()));
            }
        }
        return new Judgement(true, tenants.size(), worst, "", "");
    }

    /** Returns {@code metric} of tenant {@code name} in each replication. */
    private static double[] values(List<RunResult> replications, String name, SloMetric metric) {
        double[] out = new double[replications.size()];
        for (int i = 0; i < out.length; i++) {
            TenantRow row = replications.get(i).tenants().stream().filter(t -> t.name().equals(name)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("tenant " + name + " missing from a replication"));
            out[i] = row.value(metric.column());
        }
        return out;
    }

    /** Returns {mean, low, high} of the two-sided {@code percent} % Student t interval of {@code values} (n >= 2). */
    double[] interval(double[] values) {
        int n = values.length;
        double mean = 0;
        for (double v : values) {
            mean += v / n;
        }
        double squares = 0;
        for (double v : values) {
            squares += (v - mean) * (v - mean);
        }
        double sd = Math.sqrt(squares / (n - 1));
        double half = StudentT.quantile(0.5 + percent / 200, n - 1) * sd / Math.sqrt(n);
        return new double[] {mean, mean - half, mean + half};
    }
}
