package org.overbook.workloads.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.overbook.workloads.testing.StatisticalAssertions.assertFollowsCdf;
import static org.overbook.workloads.testing.StatisticalAssertions.rng;

import java.util.random.RandomGenerator;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class GeneralizedExtremeValueTest {

    /** The GEV CDF written from its definition, independently of the sampler's quantile. */
    static double cdf(double x, double mu, double sigma, double k) {
        double z = (x - mu) / sigma;
        if (k == 0) {
            return Math.exp(-Math.exp(-z));
        }
        double t = 1 + k * z;
        if (t <= 0) {
            return k > 0 ? 0 : 1;     // below the lower bound (k > 0) or above the upper bound (k < 0)
        }
        return Math.exp(-Math.pow(t, -1 / k));
    }

    @ParameterizedTest(name = "GEV({0}, {1}, {2})")
    @CsvSource({
        "30.7984, 8.20449, 0.078688, 11",   // Facebook ETC key size
        "0, 1, 0, 12",                      // Gumbel limit
        "5, 2, -0.3, 13",                   // bounded above
        "0, 1, 0.7, 14",                    // very heavy tail
    })
    void samplesFollowTheCdf(double mu, double sigma, double k, long seed) {
        var gev = new GeneralizedExtremeValue(mu, sigma, k);
        RandomGenerator rng = rng(seed);
        double[] sample = new double[20_000];
        for (int i = 0; i < sample.length; i++) {
            sample[i] = gev.sample(rng);
        }
        assertFollowsCdf(sample, x -> cdf(x, mu, sigma, k), seed, gev.toString());
    }

    @Test
    void quantileInvertsTheCdf() {
        var gev = FacebookEtc.KEY_SIZE;
        for (double p = 0.001; p < 1; p += 0.01) {
            double x = gev.quantile(p);
            assertEquals(p, cdf(x, gev.location(), gev.scale(), gev.shape()), 1e-12, "p=" + p);
        }
    }

    @Test
    void quantileIsContinuousAcrossZeroShape() {
        double near = new GeneralizedExtremeValue(0, 1, 1e-12).quantile(0.9);
        double at = new GeneralizedExtremeValue(0, 1, 0).quantile(0.9);
        assertEquals(at, near, 1e-9);
    }

    @Test
    void rejectsBadParametersAndProbabilities() {
        assertThrows(IllegalArgumentException.class, () -> new GeneralizedExtremeValue(0, 0, 0.1));
        assertThrows(IllegalArgumentException.class, () -> new GeneralizedExtremeValue(0, -1, 0.1));
        assertThrows(IllegalArgumentException.class, () -> new GeneralizedExtremeValue(Double.NaN, 1, 0.1));
        var gev = new GeneralizedExtremeValue(0, 1, 0.1);
        assertThrows(IllegalArgumentException.class, () -> gev.quantile(0));
        assertThrows(IllegalArgumentException.class, () -> gev.quantile(1));
        assertTrue(Double.isFinite(gev.quantile(Math.ulp(1.0) / 2)));
    }
}
