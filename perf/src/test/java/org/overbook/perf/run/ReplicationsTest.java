package org.overbook.perf.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.report.Interval;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

/** Replications run a point under seeds derived from its own, and their interval narrows as 1/√N. */
class ReplicationsTest {

    @TempDir
    Path directory;

    private final ScenarioLoader loader = ScenarioLoader.standard();

    @Test
    void replicationZeroIsTheScenarioItselfAndTheOthersHaveDistinctSeedsDerivedFromIt() {
        SweepPoint point = loader.parse(SmallScenarios.MEMCACHED, "small.yaml").points().getFirst();
        List<SweepPoint> replicas = Replications.of(point, 64);
        assertEquals(point, replicas.getFirst());
        Set<Long> seeds = new HashSet<>();
        for (int i = 0; i < replicas.size(); i++) {
            SweepPoint replica = replicas.get(i);
            assertEquals(point.index(), replica.index());
            assertEquals(point.scenario().withSeed(replica.scenario().seed()), replica.scenario(), "only the seed differs");
            assertEquals(Replications.seed(7, i), replica.scenario().seed(), "a pure function of seed and index");
            seeds.add(replica.scenario().seed());
        }
        assertEquals(64, seeds.size(), "no two replications share a seed");
        assertNotEquals(Replications.seed(8, 1), Replications.seed(7, 2), "neighbouring seeds do not overlap");
    }

    /**
     * The 95 % interval of the total throughput over 4 replications against 16: its half-width is
     * {@code t(n - 1) · sd / √n}, so with the same spread it narrows by {@code √4 · t(3) / t(15) ≈ 2.99}; the
     * sample standard deviations of 4 and 16 draws differ, so the ratio is asserted within [1.5, 6].
     */
    @Test
    void aReplicatedPointsIntervalNarrowsAsOneOverTheRootOfN() {
        SweepPoint point = loader.parse(SmallScenarios.MEMCACHED, "small.yaml").points().getFirst();
        Runner runner = new Runner(loader.registry(), System::nanoTime);
        List<SweepPoint> replicas = Replications.of(point, 16);
        double[] throughput = new double[replicas.size()];
        for (int i = 0; i < replicas.size(); i++) {
            throughput[i] = runner.run(replicas.get(i), directory.resolve("r" + i)).result().total()
                    .get(Metrics.THROUGHPUT).doubleValue();
        }
        Interval four = Interval.of(java.util.Arrays.copyOf(throughput, 4));
        Interval sixteen = Interval.of(throughput);
        String seen = "N=4: " + four + ", N=16: " + sixteen + ", throughputs " + java.util.Arrays.toString(throughput);
        assertTrue(sixteen.sd() > 0, "the seeds change the figure: " + seen);
        double narrowing = four.halfWidth() / sixteen.halfWidth();
        assertTrue(narrowing > 1.5 && narrowing < 6, "narrowing " + narrowing + " (expected about 3): " + seen);
        double standardErrors = (four.sd() / Math.sqrt(4)) / (sixteen.sd() / Math.sqrt(16));
        assertTrue(standardErrors > 1 && standardErrors < 4, "standard errors' ratio " + standardErrors
                + " (expected about 2 = √(16/4)): " + seen);
        assertTrue(sixteen.low() <= sixteen.mean() && sixteen.mean() <= sixteen.high());
    }
}
