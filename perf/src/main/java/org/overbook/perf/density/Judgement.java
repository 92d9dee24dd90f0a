package org.overbook.perf.density;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * Whether one probe met the objective, and its worst figures.
 *
 * @param meets    every judged tenant within every bound, and no data mismatch
 * @param judged   how many tenants were judged: those that record latency
 * @param worst    the worst value of every {@link SloMetric} over the judged tenants that completed a request
 *                 (the highest latency, the lowest throughput); absent when none did
 * @param tenant   the tenant that failed the objective: the worst one for the first bound broken (in
 *                 {@code --slo} order); empty when it is met or when mismatches broke it
 * @param reason   why it failed ({@code c3: p99 812.4us > 500us}); empty when it is met
 */
public record Judgement(boolean meets, int judged, Map<SloMetric, Double> worst, String tenant, String reason) {

    public Judgement {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(reason, "reason");
        worst = Collections.unmodifiableMap(worst.isEmpty() ? new EnumMap<>(SloMetric.class) : new EnumMap<>(worst));
    }

    /** Returns the worst value of {@code metric}, or NaN when no judged tenant completed a request. */
    public double worst(SloMetric metric) {
        Double value = worst.get(metric);
        return value == null ? Double.NaN : value;
    }
}
