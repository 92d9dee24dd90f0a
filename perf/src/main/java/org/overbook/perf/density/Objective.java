package org.overbook.perf.density;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.overbook.guest.ConfigurationException;
import org.overbook.perf.run.Metrics;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.SampleSize;
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
 *   <li>every load generator ended its load phase before the window opened ({@link SteadyState}); otherwise the
 *       probe is <em>not measured</em>;</li>
 *   <li>and each such tenant is within every bound: its latency percentile at most the bound, its throughput
 *       ({@code workload.throughput_ops_per_s}) at least the bound. A percentile flagged under-sampled
 *       ({@link SampleSize}: a p99 from fewer than 1,000 requests) is never judged, met or broken: a tenant with a
 *       well-sampled figure out of bounds fails the probe, but otherwise a bounded percentile under-sampled at any
 *       tenant makes the probe <em>not measured</em> ({@code not measured: c3: p99 from 156 requests (needs 1000)}).</li>
 * </ol>
 * Tenants that record no latency (memcached servers) are judged through their clients. The percentiles are
 * each tenant's own (its histograms merged), over the measured window as the load generator defines it.
 */
public final class Objective {

    /** What every "not measured" reason starts with. */
    static final String NOT_MEASURED = "not measured: ";
    /** The option that sets the confidence level. */
    public static final String CONFIDENCE_OPTION = "--slo-confidence";

    private final List<Bound> bounds;
    /** The confidence level in percent at which replications are judged, or 0 to judge each replication. */
    private final double confidence;

    private Objective(List<Bound> bounds, double confidence) {
        this.bounds = List.copyOf(bounds);
        this.confidence = confidence;
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
        return new Objective(bounds, 0);
    }

    /**
     * Returns this objective judged at {@code percent} confidence over replications ({@code --slo-confidence 95}):
     * each tenant's figure is the bound of its two-sided {@code percent} % confidence interval over the
     * replications (the upper bound for a latency, the lower for a throughput); see {@link ConfidenceJudge}.
     *
     * @param replications how many replications each probe runs: at least 2
     * @throws ConfigurationException naming {@code --slo-confidence} for a level outside (50, 100) or fewer than 2
     *                                replications
     */
    public Objective withConfidence(double percent, int replications) {
        if (!(percent >= 50 && percent < 100)) {
            throw new ConfigurationException(CONFIDENCE_OPTION, percent + "; accepted: a confidence level in percent from 50"
                    + " to below 100, such as 90, 95 or 99");
        }
        if (replications < 2) {
            throw new ConfigurationException(CONFIDENCE_OPTION, "needs replications to have an interval, but each probe runs "
                    + replications + " time; accepted: with --replications N (or replications: N in the file), N at least 2");
        }
        return new Objective(bounds, percent);
    }

    /** Returns the confidence level in percent at which replications are judged, or 0 when each one is judged alone. */
    public double confidence() {
        return confidence;
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
        List<TenantRow> judged = judged(result);
        Map<SloMetric, Double> worst = new EnumMap<>(SloMetric.class);
        for (TenantRow row : judged) {
            if (row.value(Metrics.LATENCY_COUNT) == 0) {
                continue;
            }
            for (SloMetric metric : SloMetric.values()) {
                if (metric.latency() && SampleSize.undersampled(row.metrics(), metric.column())) {
                    continue;
                }
                double value = row.value(metric.column());
                if (Double.isNaN(value)) {
                    continue; // not measured (a workload's gauge that is not a number): no figure, so no worst
                }
                Double before = worst.get(metric);
                if (before == null || metric.worse(value, before)) {
                    worst.put(metric, value);
                }
            }
        }
        Judgement gate = gate(result, judged, worst);
        if (gate != null) {
            return gate;
        }
        for (Bound bound : bounds) {
            TenantRow broken = judged.stream().filter(row -> measured(row, bound) && !bound.holds(row.value(bound.metric().column())))
                    .reduce((a, b) -> bound.metric().worse(b.value(bound.metric().column()), a.value(bound.metric().column())) ? b : a)
                    .orElse(null);
            if (broken != null) {
                double value = broken.value(bound.metric().column());
                return new Judgement(false, judged.size(), worst, broken.name(), broken.name() + ": " + bound.metric().key() + " "
                        + bound.metric().format(value) + (bound.metric().latency() ? " > " : " < ") + bound.written());
            }
        }
        Judgement thin = notMeasured(judged, worst);
        return thin != null ? thin : new Judgement(true, judged.size(), worst, "", "");
    }

    /**
     * Returns the judgement of a run that cannot be judged on its bounds, in this order, or null when it can: data
     * mismatches (fails), a load generator still loading when the window opened (not measured), a tenant that
     * completed no request in the window (fails: in an open loop its requests waited longer than the window).
     */
    private static Judgement gate(RunResult result, List<TenantRow> judged, Map<SloMetric, Double> worst) {
        long mismatches = result.mismatches();
        if (mismatches > 0) {
            return new Judgement(false, judged.size(), worst, "", mismatches + " data mismatches");
        }
        List<String> loading = SteadyState.loading(result);
        if (!loading.isEmpty()) {
            return new Judgement(false, judged.size(), worst, loading.getFirst().split(" ", 2)[0],
                    NOT_MEASURED + loading.getFirst() + (loading.size() == 1 ? ""
                            : String.format(Locale.ROOT, "; and %d more load generator%s", loading.size() - 1,
                            loading.size() == 2 ? "" : "s")), false);
        }
        String starved = judged.stream().filter(row -> row.value(Metrics.LATENCY_COUNT) == 0).map(TenantRow::name)
                .findFirst().orElse(null);
        if (starved != null) {
            return new Judgement(false, judged.size(), worst, starved, starved + ": no request completed in the measured window");
        }
        return null;
    }

    /**
     * Returns "not measured" naming the tenant with the fewest requests among those whose bounded percentile is
     * under-sampled ({@link SampleSize}: a p99 from fewer than 1,000 requests), or the first whose bounded throughput is
     * not a number (its workload did not measure it), or null when none is. A bound is never judged on such a figure,
     * met or broken.
     */
    private Judgement notMeasured(List<TenantRow> judged, Map<SloMetric, Double> worst) {
        for (Bound bound : bounds) {
            if (!bound.metric().latency()) {
                TenantRow unmeasured = judged.stream().filter(row -> !measured(row, bound)).findFirst().orElse(null);
                if (unmeasured != null) {
                    return new Judgement(false, judged.size(), worst, unmeasured.name(), NOT_MEASURED + unmeasured.name() + ": "
                            + bound.metric().key() + " is not a number (its workload did not measure its throughput)", false);
                }
                continue;
            }
            TenantRow fewest = judged.stream().filter(row -> !measured(row, bound))
                    .min(java.util.Comparator.comparingDouble(row -> row.value(Metrics.LATENCY_COUNT))).orElse(null);
            if (fewest != null) {
                long count = (long) fewest.value(Metrics.LATENCY_COUNT);
                long others = judged.stream().filter(row -> !measured(row, bound)).count() - 1;
                return new Judgement(false, judged.size(), worst, fewest.name(), String.format(Locale.ROOT,
                        "%s%s: %s from %d requests (needs %d)%s", NOT_MEASURED, fewest.name(), bound.metric().key(), count,
                        SampleSize.needed(bound.metric().percentile()), others == 0 ? ""
                                : "; and " + others + " more tenant" + (others == 1 ? "" : "s")), false);
            }
        }
        return null;
    }

    /**
     * Returns whether {@code bound} can be judged on {@code row}: a throughput that is a number, or a percentile not
     * flagged under-sampled.
     */
    private static boolean measured(TenantRow row, Bound bound) {
        return bound.metric().latency() ? !SampleSize.undersampled(row.metrics(), bound.metric().column())
                : !Double.isNaN(row.value(bound.metric().column()));
    }

    /**
     * Judges the replications of one probe, the first under the scenario's own seed. Without a confidence level:
     * the probe is not measured if any replication is not, fails if any fails (the first such, its reason prefixed
     * with its seed), and meets only if every one meets, with the first's figures; a conservative rule, Overbook's
     * choice: an answer holds under every seed tried. With one ({@link #withConfidence}), see {@link ConfidenceJudge}.
     */
    public Judgement judge(List<RunResult> replications) {
        if (confidence > 0) {
            return new ConfidenceJudge(this, confidence).judge(replications);
        }
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

    /**
     * Returns the judgement of the replications that keeps a probe from being judged on its bounds (a mismatch,
     * a load generator still loading, a starved tenant, an under-sampled percentile, in any replication, prefixed
     * with its seed after the first), or null when every replication can be judged.
     */
    Judgement unjudgeable(List<RunResult> replications) {
        for (int i = 0; i < replications.size(); i++) {
            RunResult result = replications.get(i);
            List<TenantRow> judged = judged(result);
            Judgement j = gate(result, judged, Map.of());
            j = j != null ? j : notMeasured(judged, Map.of());
            if (j != null) {
                return i == 0 ? j : new Judgement(false, j.judged(), j.worst(), j.tenant(),
                        "seed " + result.seed() + ": " + j.reason(), j.measured());
            }
        }
        return null;
    }

    /** Returns the tenants of {@code result} that record latency: the ones judged. */
    static List<TenantRow> judged(RunResult result) {
        List<TenantRow> judged = result.tenants().stream().filter(row -> recordsLatency(result, row)).toList();
        if (judged.isEmpty()) {
            throw new IllegalArgumentException("no tenant of " + result.displayLabel() + " records latency");
        }
        return judged;
    }

    /** Returns whether {@code row}'s workload records latency: it has a histogram in the run, empty or not. */
    private static boolean recordsLatency(RunResult result, TenantRow row) {
        String prefix = row.name() + "/";
        return result.histograms().keySet().stream().anyMatch(key -> key.startsWith(prefix));
    }

    /** Returns the objective as people read it: {@code p99 <= 500us, ops >= 20k}. */
    @Override
    public String toString() {
        return String.join(", ", bounds.stream().map(Bound::toString).toList()) + (confidence == 0 ? ""
                : String.format(Locale.ROOT, " at %s %% confidence", level(confidence)));
    }

    /** Spells a confidence level: {@code 95}, {@code 99.5}. */
    static String level(double percent) {
        return java.math.BigDecimal.valueOf(percent).stripTrailingZeros().toPlainString();
    }
}
