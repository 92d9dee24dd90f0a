package org.overbook.workloads.dist;

import java.util.random.RandomGenerator;

/**
 * The generalized extreme value distribution GEV(μ, σ, k), sampled by inversion.
 *
 * <p>CDF, for {@code 1 + k(x-μ)/σ > 0}: {@code F(x) = exp(-(1 + k(x-μ)/σ)^(-1/k))}, and the Gumbel
 * limit {@code exp(-exp(-(x-μ)/σ))} at {@code k = 0}. This is the sign convention of Atikoglu et al.
 * [1] (and MATLAB's {@code gevfit}): {@code k > 0} has a heavy right tail and a lower bound
 * {@code μ - σ/k}. The quantile is {@code μ + σ((-ln p)^(-k) - 1)/k}, evaluated with {@code expm1} so
 * it stays accurate as {@code k} approaches 0.
 *
 * <p>[1] B. Atikoglu, Y. Xu, E. Frachtenberg, S. Jiang, M. Paleczny. Workload Analysis of a
 * Large-Scale Key-Value Store. SIGMETRICS 2012.
 *
 * @param location μ
 * @param scale    σ, positive
 * @param shape    k
 */
public record GeneralizedExtremeValue(double location, double scale, double shape) {

    public GeneralizedExtremeValue {
        if (!(scale > 0) || !Double.isFinite(scale) || !Double.isFinite(location) || !Double.isFinite(shape)) {
            throw new IllegalArgumentException("GEV needs finite parameters and a positive scale: " + location + ", " + scale + ", " + shape);
        }
    }

    /** Returns the value below which a fraction {@code p} of the mass lies; {@code p} in (0, 1). */
    public double quantile(double p) {
        if (!(p > 0 && p < 1)) {
            throw new IllegalArgumentException("p must lie in (0, 1): " + p);
        }
        double logTerm = StrictMath.log(-StrictMath.log(p));
        if (shape == 0) {
            return location - scale * logTerm;
        }
        return location + scale * StrictMath.expm1(-shape * logTerm) / shape;
    }

    /** Draws one value from {@code rng}. */
    public double sample(RandomGenerator rng) {
        return quantile(UnitInterval.open(rng));
    }
}
