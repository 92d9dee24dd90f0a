package org.overbook.perf.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.run.Metrics;

/**
 * Welch's test in {@code compare}, on replicated folders written as a replicated run would write them
 * ({@code "replications": N} and {@code "intervals": {METRIC: {mean, sd}}} per point, as the results writer
 * writes them), from throughputs drawn with fixed seeds: a real
 * difference is significant, two seed sets of the same scenario are not.
 */
class ReplicatedCompareTest {

    private static final int REPLICATIONS = 8;

    @TempDir
    Path directory;

    /** Writes a one-point folder whose throughput over {@code REPLICATIONS} seeds is normal(mean, sd), drawn from {@code seed}. */
    private Path folder(String name, double mean, double sd, long seed) throws Exception {
        SplittableRandom random = new SplittableRandom(seed);
        double[] values = new double[REPLICATIONS];
        for (int i = 0; i < values.length; i++) {
            values[i] = mean + sd * gaussian(random);
        }
        double m = java.util.Arrays.stream(values).average().orElseThrow();
        double s = Math.sqrt(java.util.Arrays.stream(values).map(v -> (v - m) * (v - m)).sum() / (values.length - 1));
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode root = mapper.createObjectNode();
        root.put("source", name + ".yaml");
        ObjectNode point = root.putArray("points").addObject();
        point.put("index", 0);
        point.put("label", "");
        point.put("seed", seed);
        point.putObject("total").put(Metrics.THROUGHPUT, m).put(Metrics.MISMATCHES, 0L);
        point.put("replications", REPLICATIONS);
        point.putObject("intervals").putObject(Metrics.THROUGHPUT).put("mean", m).put("sd", s);
        point.put("scenario_yaml", "seed: " + seed + "\n");
        Path folder = Files.createDirectories(directory.resolve(name));
        Files.writeString(folder.resolve(ResultsWriter.SUMMARY_JSON), mapper.writeValueAsString(root));
        return folder;
    }

    private static double gaussian(SplittableRandom random) {
        return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
    }

    private static Comparison compare(Path a, Path b) {
        return Comparison.of("A", ResultsFolder.read(a, "A").points(), "B", ResultsFolder.read(b, "B").points());
    }

    @Test
    void aRealDifferenceIsSignificantAndTwoSeedSetsOfTheSameScenarioAreNot() throws Exception {
        long seed = 20_261_123;
        Path pinned = folder("pinned", 1.39e6, 20e3, seed);
        Path onDemand = folder("on-demand", 2.78e6, 30e3, seed + 1);
        Path pinnedAgain = folder("pinned-again", 1.39e6, 20e3, seed + 2);

        Welch real = compare(pinned, onDemand).pairs().getFirst().row(Metrics.THROUGHPUT).welch();
        assertNotNull(real, "both sides replicated");
        assertTrue(real.significant() && real.pValue() < 1e-6, "seed " + seed + ": " + real);
        assertTrue(real.low() > 1.3e6 && real.high() < 1.5e6, "the interval holds the true difference 1.39M: " + real);

        Comparison same = compare(pinned, pinnedAgain);
        Welch noise = same.pairs().getFirst().row(Metrics.THROUGHPUT).welch();
        assertFalse(noise.significant(), "seed " + seed + ": " + noise);
        assertTrue(noise.low() < 0 && noise.high() > 0, "the interval holds 0: " + noise);
        String markdown = CompareReport.markdown(same, "");
        assertTrue(markdown.contains("| p (Welch) | 95 % CI of B - A |"), markdown);
        assertTrue(CompareReport.summary(same).getFirst().contains(", not significant (p = "), CompareReport.summary(same).toString());
    }

    @Test
    void withoutReplicationsThereIsNoTestOnlyTheRatioAndTheDifference() {
        Interval once = new Interval(1, 100, Double.NaN, 100, 100);
        assertNull(Welch.of(once, once));
        Comparison.Row row = new Comparison.Row(Metrics.THROUGHPUT, 100L, 250L, null);
        assertEquals(2.5, row.ratio());
        assertEquals(150L, row.difference());
        assertEquals("", CompareReport.pValue(row));
    }
}
