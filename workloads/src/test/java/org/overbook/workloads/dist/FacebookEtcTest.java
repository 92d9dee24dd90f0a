package org.overbook.workloads.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.overbook.workloads.testing.StatisticalAssertions.assertFollowsPmf;
import static org.overbook.workloads.testing.StatisticalAssertions.rng;

import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/** Whole-byte sizes: rounding to nearest and clamping, checked against the discretised fits. */
class FacebookEtcTest {

    private static double keyCdf(double x) {
        return GeneralizedExtremeValueTest.cdf(x, 30.7984, 8.20449, 0.078688);
    }

    private static double valueCdf(double x) {
        return GeneralizedParetoTest.cdf(x, 0, 214.476, 0.348238);
    }

    @Test
    void keyLengthsFollowTheRoundedGev() {
        long seed = 31;
        RandomGenerator rng = rng(seed);
        long[] observed = new long[FacebookEtc.MAX_KEY_LENGTH + 1];
        for (int i = 0; i < 100_000; i++) {
            int length = FacebookEtc.sampleKeyLength(rng);
            assertTrue(length >= 1 && length <= 250, "key length " + length);
            observed[length]++;
        }
        double[] p = new double[observed.length];
        for (int len = 1; len <= 250; len++) {
            double lo = len == 1 ? Double.NEGATIVE_INFINITY : len - 0.5;
            double hi = len == 250 ? Double.POSITIVE_INFINITY : len + 0.5;
            p[len] = (hi == Double.POSITIVE_INFINITY ? 1 : keyCdf(hi)) - (lo == Double.NEGATIVE_INFINITY ? 0 : keyCdf(lo));
        }
        assertFollowsPmf(p, observed, seed, "ETC key lengths");
    }

    @Test
    void valueLengthsFollowTheRoundedParetoWithTheOneByteFloor() {
        long seed = 32;
        RandomGenerator rng = rng(seed);
        int[] edges = {1, 2, 3, 5, 10, 20, 50, 100, 200, 300, 500, 1_000, 2_000, 5_000, 20_000, 100_000};
        long[] observed = new long[edges.length];
        int n = 200_000;
        for (int i = 0; i < n; i++) {
            int length = FacebookEtc.sampleValueLength(rng);
            assertTrue(length >= 1 && length <= 1 << 20, "value length " + length);
            int cell = edges.length - 1;
            while (length < edges[cell]) {
                cell--;
            }
            observed[cell]++;
        }
        // Cell [a, b) of rounded lengths holds the draws in [a - 0.5, b - 0.5); length 1 also takes [0, 0.5).
        double[] p = new double[edges.length];
        for (int c = 0; c < edges.length; c++) {
            double lo = c == 0 ? 0 : edges[c] - 0.5;
            double hi = c == edges.length - 1 ? Double.POSITIVE_INFINITY : edges[c + 1] - 0.5;
            p[c] = (hi == Double.POSITIVE_INFINITY ? 1 : valueCdf(hi)) - valueCdf(lo);
        }
        assertFollowsPmf(p, observed, seed, "ETC value lengths");
    }

    @Test
    void keyLengthsAtExtremeQuantilesAreClamped() {
        assertEquals(1, FacebookEtc.keyLengthAt(1e-300));
        assertEquals(250, FacebookEtc.keyLengthAt(1 - 1e-16));
        double median = 30.7984 + 8.20449 * (Math.pow(Math.log(2), -0.078688) - 1) / 0.078688;
        assertEquals(Math.round(median), FacebookEtc.keyLengthAt(0.5));
    }
}
