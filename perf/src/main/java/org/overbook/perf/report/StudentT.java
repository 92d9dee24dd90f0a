package org.overbook.perf.report;

import java.math.BigDecimal;
import java.math.MathContext;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * Student t figures that are the same on every machine: the quantiles of the confidence intervals a results folder
 * writes, and the rounding of Welch's p-values ({@link Welch}).
 *
 * <h2>Design</h2>
 * Commons Statistics computes a quantile with {@link Math}'s {@code log}, {@code exp} and {@code pow}, whose last
 * bit may differ from one processor or JVM to another (HotSpot's x86-64 intrinsics against fdlibm): t(0.975, 41)
 * is one of eight of the first 200 that came out one bit apart, so {@code summary.json}, which writes every bit
 * of an interval, differed with 42 replications. A quantile is therefore rounded to {@value #DIGITS} significant
 * digits: far coarser than that bit, far finer than an interval is read at. Two machines then agree unless the
 * exact value lies within a few units in the last place of a rounding midpoint, which no t(0.975, 1..10,000)
 * does. Welch's p-values come from the same library's t distribution and are rounded the same way ({@link #round}).
 */
public final class StudentT {

    /** Significant digits a quantile or a p-value keeps. */
    static final int DIGITS = 10;
    private static final MathContext ROUNDING = new MathContext(DIGITS);

    private StudentT() {
    }

    /** Returns the {@code p} quantile of Student's t with {@code degreesOfFreedom}, rounded to {@value #DIGITS} digits. */
    public static double quantile(double p, double degreesOfFreedom) {
        return round(TDistribution.of(degreesOfFreedom).inverseCumulativeProbability(p));
    }

    /** Returns {@code value} rounded to {@value #DIGITS} significant digits. */
    static double round(double value) {
        return new BigDecimal(value).round(ROUNDING).doubleValue();
    }
}
