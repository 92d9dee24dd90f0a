package org.overbook.workloads.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.DoubleUnaryOperator;
import java.util.random.RandomGenerator;
import org.apache.commons.statistics.inference.ChiSquareTest;
import org.apache.commons.statistics.inference.KolmogorovSmirnovTest;
import org.apache.commons.statistics.inference.SignificanceResult;

/**
 * Goodness-of-fit assertions for samplers at a fixed seed. Every message names the seed, so a failure
 * can be replayed. The significance level is 0.001: at a fixed seed a test either always passes or
 * always fails, and a correct sampler fails one seed in a thousand.
 */
public final class StatisticalAssertions {

    /** The significance level of every test here. */
    public static final double ALPHA = 1e-3;

    private StatisticalAssertions() {
    }

    /** Returns the seeded generator tests draw from. */
    public static RandomGenerator rng(long seed) {
        return new SplittableRandom(seed);
    }

    /** Asserts by a one-sample Kolmogorov-Smirnov test that {@code sample} follows {@code cdf}. */
    public static void assertFollowsCdf(double[] sample, DoubleUnaryOperator cdf, long seed, String what) {
        SignificanceResult r = KolmogorovSmirnovTest.withDefaults().test(sample, cdf);
        assertTrue(r.getPValue() > ALPHA, () -> what + ": KS D=" + r.getStatistic() + " p=" + r.getPValue()
                + " over " + sample.length + " draws (seed " + seed + ")");
    }

    /**
     * Asserts by a chi-square test that {@code observed} counts follow {@code probabilities} (which must
     * sum to 1). Adjacent cells are pooled until each expects at least 5 draws.
     */
    public static void assertFollowsPmf(double[] probabilities, long[] observed, long seed, String what) {
        long n = 0;
        for (long o : observed) {
            n += o;
        }
        double total = 0;
        for (double p : probabilities) {
            total += p;
        }
        assertTrue(Math.abs(total - 1) < 1e-9, what + ": expected probabilities sum to " + total);
        List<Double> expectedCells = new ArrayList<>();
        List<Long> observedCells = new ArrayList<>();
        double e = 0;
        long o = 0;
        for (int i = 0; i < probabilities.length; i++) {
            e += probabilities[i] * n;
            o += observed[i];
            if (e >= 5) {
                expectedCells.add(e);
                observedCells.add(o);
                e = 0;
                o = 0;
            }
        }
        if (e > 0 || o > 0) {
            int last = expectedCells.size() - 1;
            expectedCells.set(last, expectedCells.get(last) + e);
            observedCells.set(last, observedCells.get(last) + o);
        }
        double[] expected = expectedCells.stream().mapToDouble(Double::doubleValue).toArray();
        long[] counts = observedCells.stream().mapToLong(Long::longValue).toArray();
        SignificanceResult r = ChiSquareTest.withDefaults().test(expected, counts);
        assertTrue(r.getPValue() > ALPHA, () -> what + ": chi2=" + r.getStatistic() + " p=" + r.getPValue()
                + " over " + counts.length + " cells, expected " + java.util.Arrays.toString(expected)
                + " observed " + java.util.Arrays.toString(counts) + " (seed " + seed + ")");
    }

    /** Asserts that {@code hits} of {@code n} trials is within five standard deviations of {@code p·n}. */
    public static void assertProportion(long hits, long n, double p, long seed, String what) {
        double mean = n * p;
        double sd = Math.sqrt(n * p * (1 - p));
        assertTrue(Math.abs(hits - mean) <= 5 * sd + 1e-9, () -> what + ": " + hits + " of " + n
                + " where " + p + " expects " + mean + " ± " + 5 * sd + " (seed " + seed + ")");
    }
}
