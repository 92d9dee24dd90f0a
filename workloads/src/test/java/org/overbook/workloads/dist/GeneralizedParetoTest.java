package org.overbook.workloads.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.overbook.workloads.testing.StatisticalAssertions.assertFollowsCdf;
import static org.overbook.workloads.testing.StatisticalAssertions.rng;

import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GeneralizedParetoTest {

    /** The GP CDF written from its definition, independently of the sampler's quantile. */
    static double cdf(double x, double theta, double sigma, double k) {
        if (x <= theta) {
            return 0;
        }
        double z = (x - theta) / sigma;
        if (k == 0) {
            return 1 - Math.exp(-z);
        }
        double t = 1 + k * z;
        if (t <= 0) {
            return 1;                 // beyond the upper bound theta - sigma/k (k < 0)
        }
        return 1 - Math.pow(t, -1 / k);
    }

    @ParameterizedTest(name = "GP({0}, {1}, {2})")
    @CsvSource({
        "0, 214.476, 0.348238, 21",   // Facebook ETC value size
        "0, 16.0292, 0.154971, 22",   // Facebook ETC inter-arrival, µs
        "3, 2, 0, 23",                // shifted exponential
        "0, 1, -0.5, 24",             // bounded
    })
    void samplesFollowTheCdf(double theta, double sigma, double k, long seed) {
        var gp = new GeneralizedPareto(theta, sigma, k);
        RandomGenerator rng = rng(seed);
        double[] sample = new double[20_000];
        for (int i = 0; i < sample.length; i++) {
            sample[i] = gp.sample(rng);
        }
        assertFollowsCdf(sample, x -> cdf(x, theta, sigma, k), seed, gp.toString());
    }

    @Test
    void quantileInvertsTheCdf() {
        var gp = FacebookEtc.VALUE_SIZE;
        for (double p = 0.001; p < 1; p += 0.01) {
            double x = gp.quantile(p);
            assertEquals(p, cdf(x, gp.location(), gp.scale(), gp.shape()), 1e-12, "p=" + p);
        }
    }

    @Test
    void etcInterArrivalMeanIsSigmaOverOneMinusK() {
        long seed = 25;
        RandomGenerator rng = rng(seed);
        int n = 200_000;
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += FacebookEtc.sampleInterArrivalNanos(rng);
        }
        double expected = 1_000 * 16.0292 / (1 - 0.154971);       // ≈ 18,969 ns
        assertEquals(expected, sum / n, expected * 0.01, "mean gap in ns (seed " + seed + ")");
    }

    @Test
    void rejectsBadParameters() {
        assertThrows(IllegalArgumentException.class, () -> new GeneralizedPareto(0, 0, 0.1));
        assertThrows(IllegalArgumentException.class, () -> new GeneralizedPareto(0, 1, Double.POSITIVE_INFINITY));
        assertThrows(IllegalArgumentException.class, () -> new GeneralizedPareto(0, 1, 0.1).quantile(1.5));
    }
}
