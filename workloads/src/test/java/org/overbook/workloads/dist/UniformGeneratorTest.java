package org.overbook.workloads.dist;

import static org.overbook.workloads.testing.StatisticalAssertions.assertFollowsPmf;
import static org.overbook.workloads.testing.StatisticalAssertions.rng;

import java.util.Arrays;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

class UniformGeneratorTest {

    @Test
    void uniformBeforeAndAfterGrowth() {
        long seed = 71;
        RandomGenerator rng = rng(seed);
        UniformGenerator g = new UniformGenerator(10);
        for (int items : new int[] {10, 25}) {
            g.growTo(items);
            long[] counts = new long[items];
            for (int i = 0; i < 100_000; i++) {
                counts[(int) g.next(rng)]++;
            }
            double[] p = new double[items];
            Arrays.fill(p, 1.0 / items);
            assertFollowsPmf(p, counts, seed, "uniform over " + items);
        }
    }
}
