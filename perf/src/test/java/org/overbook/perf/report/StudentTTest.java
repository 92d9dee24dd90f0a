package org.overbook.perf.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import static org.overbook.hypervisor.testing.OtherMathJvm.mix;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import org.apache.commons.statistics.distribution.TDistribution;
import org.junit.jupiter.api.Test;
import org.overbook.hypervisor.testing.OtherMathJvm;

/**
 * A replicated point's interval is the same on any machine: a JVM whose {@link Math} returns other last bits (this
 * one with HotSpot's math intrinsics off, as on a processor with other ones or none: {@link OtherMathJvm}) writes the
 * same interval bits.
 */
class StudentTTest {

    private static final int MOST_REPLICATIONS = 200;

    @Test
    void intervalsDoNotDependOnTheJvmsMathLibrary() throws Exception {
        OtherMathJvm.assertSameFigures(StudentTTest.class, intervalsDigest(), libraryDigest(), "the intervals");
    }

    @Test
    void noQuantileLiesNearARoundingMidpoint() {
        // rounding is what makes machines agree: a quantile a few ulps from a midpoint would round either way
        for (int df = 1; df <= 10_000; df++) {
            double t = TDistribution.of(df).inverseCumulativeProbability(0.975);
            BigDecimal exact = new BigDecimal(t);
            BigDecimal step = BigDecimal.ONE.movePointLeft(StudentT.DIGITS - 1 - (int) Math.floor(Math.log10(t)));
            BigDecimal below = exact.divide(step, 0, RoundingMode.FLOOR).multiply(step);
            BigDecimal midpoint = below.add(step.divide(BigDecimal.TWO));
            double ulps = exact.subtract(midpoint).abs().doubleValue() / Math.ulp(t);
            assertTrue(ulps > 64, "t(0.975, " + df + ") = " + t + " lies " + ulps + " ulps from a rounding midpoint");
            assertEquals(new BigDecimal(t).round(new MathContext(StudentT.DIGITS)).doubleValue(), StudentT.quantile(0.975, df));
        }
    }

    /** Prints the intervals' digest and the library's own, one a line (the child JVM's side). */
    public static void main(String[] args) {
        System.out.println(intervalsDigest());
        System.out.println(libraryDigest());
    }

    /** The intervals of 2 to {@value #MOST_REPLICATIONS} replications of fixed values. */
    static long intervalsDigest() {
        long digest = 0;
        for (int n = 2; n <= MOST_REPLICATIONS; n++) {
            double[] values = new double[n];
            for (int i = 0; i < n; i++) {
                values[i] = 1000 + (i * 37 % 11);
            }
            Interval interval = Interval.of(values);
            digest = mix(mix(digest, Double.doubleToRawLongBits(interval.low())), Double.doubleToRawLongBits(interval.high()));
        }
        return digest;
    }

    /** Commons Statistics' quantiles themselves: whether the child's differ from this JVM's at all. */
    static long libraryDigest() {
        long digest = 0;
        for (int df = 1; df < MOST_REPLICATIONS; df++) {
            digest = mix(digest, Double.doubleToRawLongBits(TDistribution.of(df).inverseCumulativeProbability(0.975)));
        }
        return digest;
    }
}
