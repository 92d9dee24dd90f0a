package org.overbook.workloads.dist;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.overbook.workloads.testing.StatisticalAssertions.assertFollowsPmf;
import static org.overbook.workloads.testing.StatisticalAssertions.rng;

import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

class LatestGeneratorTest {

    /** Counts draws by recency: cell 0 is the newest item. */
    private static long[] byRecency(LatestGenerator g, RandomGenerator rng, int draws) {
        int n = (int) g.itemCount();
        long[] counts = new long[n];
        for (int i = 0; i < draws; i++) {
            long item = g.next(rng);
            assertTrue(item >= 0 && item < n, "item " + item);
            counts[(int) (n - 1 - item)]++;
        }
        return counts;
    }

    @Test
    void newestItemsAreZipfianPopular() {
        long seed = 61;
        assertFollowsPmf(GrayZipf.pmf(20, 0.99), byRecency(new LatestGenerator(20), rng(seed), 200_000), seed, "latest n=20");
    }

    @Test
    void insertedItemsBecomeTheHottest() {
        long seed = 62;
        LatestGenerator g = new LatestGenerator(20);
        g.growTo(30);
        long[] counts = byRecency(g, rng(seed), 200_000);
        assertFollowsPmf(GrayZipf.pmf(30, 0.99), counts, seed, "latest grown 20 -> 30");
        for (int i = 1; i < counts.length; i++) {
            assertTrue(counts[0] > counts[i], "newest item 29 must be the most drawn (seed " + seed + ")");
        }
    }
}
