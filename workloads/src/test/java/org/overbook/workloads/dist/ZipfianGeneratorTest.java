package org.overbook.workloads.dist;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.overbook.workloads.testing.StatisticalAssertions.assertFollowsPmf;
import static org.overbook.workloads.testing.StatisticalAssertions.rng;

import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ZipfianGeneratorTest {

    private static long[] histogram(ItemGenerator g, RandomGenerator rng, int draws) {
        long[] counts = new long[(int) g.itemCount()];
        for (int i = 0; i < draws; i++) {
            long item = g.next(rng);
            assertTrue(item >= 0 && item < g.itemCount(), "item " + item + " out of range");
            counts[(int) item]++;
        }
        return counts;
    }

    @ParameterizedTest(name = "n={0}, theta={1}")
    @CsvSource({"2, 0.99, 41", "10, 0.99, 42", "200, 0.99, 43", "50, 0.5, 44"})
    void followsGraysDistribution(int n, double theta, long seed) {
        long[] counts = histogram(new ZipfianGenerator(n, theta), rng(seed), 200_000);
        assertFollowsPmf(GrayZipf.pmf(n, theta), counts, seed, "zipfian n=" + n + " theta=" + theta);
    }

    @Test
    void headIsExactZipfAndTheWholeIsCloseToIt() {
        long seed = 45;
        int n = 10;
        int draws = 200_000;
        long[] counts = histogram(new ZipfianGenerator(n), rng(seed), draws);
        double[] exact = GrayZipf.exact(n, 0.99);
        // Items 0 and 1 get exact Zipf probabilities; pool the rest.
        long rest = draws - counts[0] - counts[1];
        assertFollowsPmf(new double[] {exact[0], exact[1], 1 - exact[0] - exact[1]},
                new long[] {counts[0], counts[1], rest}, seed, "zipfian head vs exact Zipf");
        // The tail is Gray's continuous approximation: within a few percent of Zipf in total variation.
        double tv = 0;
        for (int k = 0; k < n; k++) {
            tv += Math.abs((double) counts[k] / draws - exact[k]) / 2;
        }
        assertTrue(tv < 0.03, "total variation from exact Zipf " + tv + " (seed " + seed + ")");
    }

    @Test
    void grownGeneratorEqualsAFreshOne() {
        ZipfianGenerator grown = new ZipfianGenerator(10);
        grown.growTo(37);
        grown.growTo(50);
        ZipfianGenerator fresh = new ZipfianGenerator(50);
        assertEquals(fresh.zetan(), grown.zetan(), 0.0);
        RandomGenerator a = rng(46);
        RandomGenerator b = rng(46);
        for (int i = 0; i < 10_000; i++) {
            assertEquals(fresh.next(a), grown.next(b), "draw " + i + " (seed 46)");
        }
    }

    @Test
    void grownGeneratorFollowsTheGrownDistribution() {
        long seed = 47;
        ZipfianGenerator g = new ZipfianGenerator(10);
        g.growTo(50);
        assertFollowsPmf(GrayZipf.pmf(50, 0.99), histogram(g, rng(seed), 200_000), seed, "zipfian grown 10 -> 50");
    }

    @Test
    void singleItemAlwaysReturnsIt() {
        ZipfianGenerator g = new ZipfianGenerator(1);
        RandomGenerator rng = rng(48);
        for (int i = 0; i < 1_000; i++) {
            assertEquals(0, g.next(rng));
        }
    }

    @Test
    void growthOnlyUpwards() {
        ZipfianGenerator g = new ZipfianGenerator(10);
        assertThrows(IllegalArgumentException.class, () -> g.growTo(9));
        g.growTo(10);
        assertEquals(10, g.itemCount());
        assertThrows(IllegalArgumentException.class, () -> new ZipfianGenerator(0));
        assertThrows(IllegalArgumentException.class, () -> new ZipfianGenerator(10, 1.0));
    }

    @Test
    void zetaMatchesTheDefinition() {
        assertEquals(GrayZipf.zeta(1_000, 0.99), new ZipfianGenerator(1_000).zetan(), 1e-12);
        assertArrayEquals(new double[] {1.0}, new double[] {new ZipfianGenerator(1).zetan()});
    }
}
