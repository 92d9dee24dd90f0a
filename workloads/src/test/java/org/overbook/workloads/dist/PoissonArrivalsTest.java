package org.overbook.workloads.dist;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.overbook.workloads.testing.StatisticalAssertions.assertFollowsCdf;
import static org.overbook.workloads.testing.StatisticalAssertions.assertFollowsPmf;
import static org.overbook.workloads.testing.StatisticalAssertions.rng;

import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The open loop's arrivals against the Poisson process: the gaps follow the exponential CDF 1 − e^(−λx)
 * (Kolmogorov-Smirnov), and the number of arrivals in each of many disjoint windows of length w follows the
 * Poisson pmf e^(−λw) (λw)^k / k! (chi-square), which also needs the gaps to be independent. Rounding a gap to
 * the nanosecond moves the CDF by at most λ · 0.5 ns (2·10^-5 at 40k/s), far under the KS test's reach at these
 * sample sizes (about 0.006).
 */
class PoissonArrivalsTest {

    @ParameterizedTest(name = "{0}/s")
    @CsvSource({"40000, 31", "1000000, 32"})
    void gapsAreExponentialWithMeanOneOverTheRate(double rate, long seed) {
        PoissonArrivals arrivals = new PoissonArrivals(rate);
        RandomGenerator random = rng(seed);
        double[] gaps = new double[100_000];
        for (int k = 0; k < gaps.length; k++) {
            gaps[k] = arrivals.nextGapNanos(random);
        }
        double perNano = rate / 1e9;
        assertFollowsCdf(gaps, x -> x <= 0 ? 0 : -Math.expm1(-perNano * x), seed, "exponential gaps at " + rate + "/s");
    }

    @Test
    void countsInDisjointWindowsArePoisson() {
        long seed = 33;
        double rate = 40_000;
        long window = 100_000; // 100 µs: λw = 4
        int windows = 50_000;
        PoissonArrivals arrivals = new PoissonArrivals(rate);
        RandomGenerator random = rng(seed);
        long[] counts = new long[40];
        long due = arrivals.nextGapNanos(random);
        for (int w = 0; w < windows; w++) {
            long end = (w + 1) * window;
            int inWindow = 0;
            while (due < end) {
                inWindow++;
                due += arrivals.nextGapNanos(random);
            }
            counts[Math.min(inWindow, counts.length - 1)]++;
        }
        double mean = rate * window / 1e9;
        double[] pmf = new double[counts.length];
        double term = Math.exp(-mean);
        double below = 0;
        for (int k = 0; k < pmf.length - 1; k++) {
            pmf[k] = term;
            below += term;
            term *= mean / (k + 1);
        }
        pmf[pmf.length - 1] = 1 - below; // the last cell holds the tail
        assertFollowsPmf(pmf, counts, seed, "arrivals per " + window + " ns window at " + rate + "/s");
    }

    @Test
    void aRateMustBePositiveAndFinite() {
        for (double rate : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
            assertThrows(IllegalArgumentException.class, () -> new PoissonArrivals(rate));
        }
    }
}
