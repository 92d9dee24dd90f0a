package org.overbook.workloads.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.overbook.workloads.testing.StatisticalAssertions.assertFollowsPmf;
import static org.overbook.workloads.testing.StatisticalAssertions.assertProportion;
import static org.overbook.workloads.testing.StatisticalAssertions.rng;

import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

class ScrambledZipfianGeneratorTest {

    /** YCSB's ScrambledZipfianGenerator.ZETAN, written out here rather than read from the class under test. */
    private static final double YCSB_ZETAN = 26.46902820178302;

    @Test
    void fnvMatchesYcsbFnvhash64() {
        // Golden values from an independent implementation of YCSB's Utils.fnvhash64.
        assertEquals(6284781860667377211L, ScrambledZipfianGenerator.fnv64(0));
        assertEquals(8517097267634966620L, ScrambledZipfianGenerator.fnv64(1));
        assertEquals(55488592825689361L, ScrambledZipfianGenerator.fnv64(42));
        assertEquals(2350796791908741607L, ScrambledZipfianGenerator.fnv64(123456789));
        assertEquals(8289690350564177859L, ScrambledZipfianGenerator.fnv64(-1));
        assertEquals(3605131173811637474L, ScrambledZipfianGenerator.fnv64(9_999_999_999L));
    }

    /**
     * The expected item probabilities: ranks below 2^20 placed by their hash, the remaining tail
     * (about 80% of the mass, spread over ~10^16 ranks) taken as uniform over the items.
     */
    private static double[] expected(int items) {
        int ranks = 1 << 20;
        double theta = 0.99;
        long n = 10_000_000_000_000_000L;                     // YCSB's ITEM_COUNT
        double z = YCSB_ZETAN;
        double[] rankP = GrayZipf.pmf(n, theta, z, ranks);
        double[] p = new double[items];
        for (int r = 0; r < ranks; r++) {
            p[(int) (ScrambledZipfianGenerator.fnv64(r) % items)] += rankP[r];
        }
        double tail = GrayZipf.tail(n, theta, z, ranks);
        for (int i = 0; i < items; i++) {
            p[i] += tail / items;
        }
        return p;
    }

    @Test
    void followsTheHashedZipfian() {
        long seed = 51;
        int items = 10;
        ScrambledZipfianGenerator g = new ScrambledZipfianGenerator(items);
        RandomGenerator rng = rng(seed);
        long[] counts = new long[items];
        for (int i = 0; i < 200_000; i++) {
            counts[(int) g.next(rng)]++;
        }
        assertFollowsPmf(expected(items), counts, seed, "scrambled zipfian over " + items);
    }

    @Test
    void hottestRankGetsYcsbsShare() {
        // Rank 0 hashes to one item; with YCSB's ZETAN it alone carries 1/26.469 of the draws.
        long seed = 52;
        long items = 1_000_000;
        ScrambledZipfianGenerator g = new ScrambledZipfianGenerator(items);
        long hot = ScrambledZipfianGenerator.itemOfRank(0, items);
        RandomGenerator rng = rng(seed);
        int n = 200_000;
        long hits = 0;
        for (int i = 0; i < n; i++) {
            long item = g.next(rng);
            assertTrue(item >= 0 && item < items);
            hits += item == hot ? 1 : 0;
        }
        double p = 1 / YCSB_ZETAN;
        assertProportion(hits, n, p, seed, "hottest item");
    }

    @Test
    void growingKeepsItemsInRange() {
        ScrambledZipfianGenerator g = new ScrambledZipfianGenerator(5);
        RandomGenerator rng = rng(53);
        g.growTo(7);
        boolean sawNewItem = false;
        for (int i = 0; i < 10_000; i++) {
            long item = g.next(rng);
            assertTrue(item >= 0 && item < 7);
            sawNewItem |= item >= 5;
        }
        assertTrue(sawNewItem, "grown items are drawn (seed 53)");
    }
}
