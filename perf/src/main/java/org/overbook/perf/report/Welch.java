package org.overbook.perf.report;

import org.apache.commons.statistics.inference.TTest;

/**
 * Welch's t-test of the difference of one metric between two replicated points (Commons Statistics, unequal
 * variances): its p-value and the 95 % confidence interval of the difference {@code B - A}, from the
 * Welch-Satterthwaite degrees of freedom.
 *
 * <h2>Design</h2>
 * The p-value comes from Commons Statistics' t distribution, whose last bit depends on the machine's {@link Math}
 * (with HotSpot's math intrinsics off, one p-value in fourteen of a grid of small samples came out a bit apart).
 * {@code compare} writes it to nine significant digits ({@code compare.csv}), prints it to four and calls the
 * difference significant or not, so it is rounded to {@value StudentT#DIGITS} significant digits, as the interval's t quantile
 * is ({@link StudentT}). Every machine then holds the same value, and the digits and the verdict drawn from it,
 * unless the exact p-value lies within a few units in its last place of a midpoint of the rounding (for a p-value
 * whose last bit differs, a chance of the order of one in a million). The degrees of freedom and the statistic are
 * plain arithmetic, the same everywhere.
 *
 * @param pValue  the two-sided p-value, to {@value StudentT#DIGITS} significant digits
 * @param low     the lower end of the 95 % confidence interval of {@code mean(B) - mean(A)}
 * @param high    its upper end
 * @param degrees the degrees of freedom
 */
public record Welch(double pValue, double low, double high, double degrees) {

    /** The level below which a difference is called significant. */
    public static final double ALPHA = 0.05;

    /**
     * Tests {@code b - a}; returns null unless both sides have at least two replications. Two sides without
     * variance are equal (p = 1) when their means are, and different (p = 0) otherwise.
     */
    public static Welch of(Interval a, Interval b) {
        if (a == null || b == null || a.n() < 2 || b.n() < 2 || !Double.isFinite(a.sd()) || !Double.isFinite(b.sd())) {
            return null;
        }
        double difference = b.mean() - a.mean();
        double va = a.sd() * a.sd();
        double vb = b.sd() * b.sd();
        if (va == 0 && vb == 0) {
            return new Welch(difference == 0 ? 1 : 0, difference, difference, a.n() + b.n() - 2);
        }
        TTest.Result result = TTest.withDefaults().test(a.mean(), va, a.n(), b.mean(), vb, b.n());
        double halfWidth = StudentT.quantile(1 - ALPHA / 2, result.getDegreesOfFreedom())
                * Math.sqrt(va / a.n() + vb / b.n());
        return new Welch(StudentT.round(result.getPValue()), difference - halfWidth, difference + halfWidth, result.getDegreesOfFreedom());
    }

    /** Returns whether the difference is significant at {@link #ALPHA}. */
    public boolean significant() {
        return pValue < ALPHA;
    }
}
