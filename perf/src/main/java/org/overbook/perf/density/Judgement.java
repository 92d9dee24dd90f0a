package org.overbook.perf.density;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * Whether one probe met the objective, and its worst figures. A probe whose load generators were still in their
 * load phase when the measured window opened ({@link org.overbook.perf.run.SteadyState}), or whose bounded
 * percentile is under-sampled ({@link org.overbook.perf.run.SampleSize}) at a tenant, is not measured: it does
 * not meet the objective (the search treats it as a failure, so an answer never rests on it), but its verdict
 * says "not measured", not "fails".
 *
 * @param meets    every judged tenant within every bound, and no data mismatch
 * @param judged   how many tenants were judged: those that record latency
 * @param worst    the worst value of every {@link SloMetric} over the judged tenants that completed a request
 *                 (the highest latency, the lowest throughput), a latency percentile only where it is not
 *                 under-sampled; absent when there is none
 * @param tenant   the tenant that failed the objective: the worst one for the first bound broken (in
 *                 {@code --slo} order); empty when it is met or when mismatches broke it
 * @param reason   why it failed ({@code c3: p99 812.4us > 500us}); empty when it is met
 * @param measured whether the probe's load generators were in steady state when the measured window opened and
 *                 its bounded percentiles rest on enough requests
 */
public record Judgement(boolean meets, int judged, Map<SloMetric, Double> worst, String tenant, String reason,
                        boolean measured) {

    /** A judgement of a probe measured in steady state. */
    public Judgement(boolean meets, int judged, Map<SloMetric, Double> worst, String tenant, String reason) {
        this(meets, judged, worst, tenant, reason, true);
    }

    public Judgement {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(reason, "reason");
        worst = Collections.unmodifiableMap(worst.isEmpty() ? new EnumMap<>(SloMetric.class) : new EnumMap<>(worst));
    }

    /** Returns {@code meets}, {@code fails} or {@code not measured}. */
    public String verdict() {
        return !measured ? "not measured" : meets ? "meets" : "fails";
    }

    /** Returns the worst value of {@code metric}, or NaN when no judged tenant completed a request. */
    public double worst(SloMetric metric) {
        Double value = worst.get(metric);
        return value == null ? Double.NaN : value;
    }
}
