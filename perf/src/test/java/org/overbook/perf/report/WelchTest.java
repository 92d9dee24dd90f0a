package org.overbook.perf.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.overbook.hypervisor.testing.OtherMathJvm.mix;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.statistics.inference.TTest;
import org.junit.jupiter.api.Test;
import org.overbook.hypervisor.testing.OtherMathJvm;

/**
 * Welch's p-value is the same on any machine: a JVM whose {@link Math} returns other last bits (this one with
 * HotSpot's math intrinsics off, as on a processor with other ones or none: {@link OtherMathJvm}) computes the same
 * p-value bits over a grid of replicated samples, where Commons Statistics' own p-values differ.
 */
class WelchTest {

    /** The most replications a side of the grid has. */
    private static final int MOST_REPLICATIONS = 10;
    /** Differences of the means a pair of sizes is tested at, from none to far beyond the noise. */
    private static final int DIFFERENCES = 30;

    /** Every pair of sides of the grid: 2 to {@value #MOST_REPLICATIONS} replications each, means apart by 0 to 107. */
    private static List<Interval[]> grid() {
        List<Interval[]> out = new ArrayList<>();
        for (int na = 2; na <= MOST_REPLICATIONS; na++) {
            for (int nb = 2; nb <= MOST_REPLICATIONS; nb++) {
                for (int k = 0; k < DIFFERENCES; k++) {
                    out.add(new Interval[] {Interval.of(na, 1000, 10 + na * 1.3),
                            Interval.of(nb, 1000 + k * 3.7, 9 + nb * 2.9 + k * 0.1)});
                }
            }
        }
        return out;
    }

    @Test
    void pValuesDoNotDependOnTheJvmsMathLibrary() throws Exception {
        OtherMathJvm.assertSameFigures(WelchTest.class, pValuesDigest(), libraryDigest(), "the p-values");
    }

    @Test
    void noPValueOfTheGridLiesNearARoundingMidpoint() {
        // rounding is what makes machines agree: a p-value a few ulps from a midpoint would round either way
        for (Interval[] pair : grid()) {
            double p = rawPValue(pair);
            Welch welch = Welch.of(pair[0], pair[1]);
            assertEquals(new BigDecimal(p).round(new MathContext(StudentT.DIGITS)).doubleValue(), welch.pValue(), pair[1] + "");
            if (p == 0) {
                continue;
            }
            BigDecimal exact = new BigDecimal(p);
            BigDecimal step = BigDecimal.ONE.movePointLeft(StudentT.DIGITS - 1 - (int) Math.floor(Math.log10(p)));
            BigDecimal below = exact.divide(step, 0, RoundingMode.FLOOR).multiply(step);
            BigDecimal midpoint = below.add(step.divide(BigDecimal.TWO));
            double ulps = exact.subtract(midpoint).abs().doubleValue() / Math.ulp(p);
            assertTrue(ulps > 16, "p = " + p + " of " + pair[0] + " against " + pair[1] + " lies " + ulps
                    + " ulps from a rounding midpoint");
        }
    }

    /** Prints the p-values' digest and the library's own, one a line (the child JVM's side). */
    public static void main(String[] args) {
        System.out.println(pValuesDigest());
        System.out.println(libraryDigest());
    }

    /** Welch's p-values over the grid, as {@code compare} computes them. */
    static long pValuesDigest() {
        long digest = 0;
        for (Interval[] pair : grid()) {
            digest = mix(digest, Double.doubleToRawLongBits(Welch.of(pair[0], pair[1]).pValue()));
        }
        return digest;
    }

    /** Commons Statistics' p-values themselves: whether the child's differ from this JVM's at all. */
    static long libraryDigest() {
        long digest = 0;
        for (Interval[] pair : grid()) {
            digest = mix(digest, Double.doubleToRawLongBits(rawPValue(pair)));
        }
        return digest;
    }

    private static double rawPValue(Interval[] pair) {
        Interval a = pair[0];
        Interval b = pair[1];
        return TTest.withDefaults().test(a.mean(), a.sd() * a.sd(), a.n(), b.mean(), b.sd() * b.sd(), b.n()).getPValue();
    }
}
