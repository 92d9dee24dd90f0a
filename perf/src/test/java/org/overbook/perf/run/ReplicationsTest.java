package org.overbook.perf.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.commons.statistics.distribution.TDistribution;
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
     * The 95 % interval of the total throughput over 4 replications against 16. Its half-width is
     * {@code t(0.975, n - 1) · s / √n}: with 1/√N narrowing, N = 16 is √(16/4) = 2 times narrower for the same
     * spread, times the t-quantile change {@code t(0.975, 3) / t(0.975, 15) = 3.182 / 2.131 = 1.49}, so about 2.99;
     * the sample standard deviation {@code s} of few draws is biased low ({@code E[s] = c4(n) σ}, 0.921 σ for 4,
     * 0.984 σ for 16), so about 2.80 in expectation.
     *
     * <p>The statistic: the mean half-width of the four disjoint groups of 4 replications over the half-width of all
     * 16. Its tolerance is not guessed: it is the central 99 % of the same statistic over 100,000 sets of 16
     * independent normal draws (seeded), which is where a figure narrowing as 1/√N lands 99 times in 100. The band
     * (about [1.8, 3.3]) excludes no narrowing (1) and 1/N narrowing (about 5.6).
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
        Interval sixteen = Interval.of(throughput);
        String seen = "N=16: " + sixteen + ", throughputs " + java.util.Arrays.toString(throughput);
        assertTrue(sixteen.sd() > 0, "the seeds change the figure: " + seen);
        assertTrue(sixteen.low() <= sixteen.mean() && sixteen.mean() <= sixteen.high());
        double narrowing = narrowing(throughput);

        long seed = 20261123L;
        double[] band = normalBand(seed, 100_000);
        double tChange = TDistribution.of(3).inverseCumulativeProbability(0.975) / TDistribution.of(15).inverseCumulativeProbability(0.975);
        assertEquals(1.493, tChange, 0.001, "t(0.975, 3) / t(0.975, 15)");
        assertTrue(band[0] > 1.2 && band[1] < 5.5, "the band excludes no narrowing and 1/N narrowing: "
                + java.util.Arrays.toString(band) + " (seed " + seed + ")");
        assertTrue(narrowing >= band[0] && narrowing <= band[1], "narrowing " + narrowing + " outside the 99 % band "
                + java.util.Arrays.toString(band) + " of 1/√N narrowing (seed " + seed + "); standard errors' ratio "
                + narrowing / tChange + " (about 2 = √(16/4), less the bias of s): " + seen);
    }

    /** Returns the mean half-width of {@code values}' four disjoint groups of 4 over the half-width of all 16. */
    private static double narrowing(double[] values) {
        double four = 0;
        for (int g = 0; g < 4; g++) {
            four += Interval.of(java.util.Arrays.copyOfRange(values, 4 * g, 4 * g + 4)).halfWidth() / 4;
        }
        return four / Interval.of(values).halfWidth();
    }

    /** Returns the 0.5 % and 99.5 % quantiles of {@link #narrowing} over {@code trials} sets of 16 normal draws. */
    private static double[] normalBand(long seed, int trials) {
        java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
        double[] statistic = new double[trials];
        double[] draws = new double[16];
        for (int t = 0; t < trials; t++) {
            for (int i = 0; i < draws.length; i++) {
                draws[i] = random.nextGaussian();
            }
            statistic[t] = narrowing(draws);
        }
        java.util.Arrays.sort(statistic);
        return new double[] {statistic[trials / 200], statistic[trials - 1 - trials / 200]};
    }
}
