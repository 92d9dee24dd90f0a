package org.overbook.workloads.dist;

import java.util.random.RandomGenerator;

/**
 * The generalized Pareto distribution GP(θ, σ, k), sampled by inversion.
 *
 * <p>CDF, for {@code x ≥ θ} (and {@code x ≤ θ - σ/k} when {@code k < 0}):
 * {@code F(x) = 1 - (1 + k(x-θ)/σ)^(-1/k)}, and the exponential {@code 1 - exp(-(x-θ)/σ)} at
 * {@code k = 0}, in the convention of Atikoglu et al. [1]. The quantile is
 * {@code θ + σ((1-p)^(-k) - 1)/k}, evaluated with {@code expm1} and {@code log1p}.
 *
 * <p>[1] B. Atikoglu et al. Workload Analysis of a Large-Scale Key-Value Store. SIGMETRICS 2012.
 *
 * @param location θ
 * @param scale    σ, positive
 * @param shape    k
 */
public record GeneralizedPareto(double location, double scale, double shape) {

    public GeneralizedPareto {
        if (!(scale > 0) || !Double.isFinite(scale) || !Double.isFinite(location) || !Double.isFinite(shape)) {
            throw new IllegalArgumentException("GP needs finite parameters and a positive scale: " + location + ", " + scale + ", " + shape);
        }
    }

    /** Returns the value below which a fraction {@code p} of the mass lies; {@code p} in (0, 1). */
    public double quantile(double p) {
        if (!(p > 0 && p < 1)) {
            throw new IllegalArgumentException("p must lie in (0, 1): " + p);
        }
        double logSurvival = StrictMath.log1p(-p);
        if (shape == 0) {
            return location - scale * logSurvival;
        }
        return location + scale * StrictMath.expm1(-shape * logSurvival) / shape;
    }

    /** Draws one value from {@code rng}. */
    public double sample(RandomGenerator rng) {
        return quantile(UnitInterval.open(rng));
    }
}
