package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.run.SmallScenarios;

/**
 * {@code compare} on folders that real replicated runs wrote ({@code --replications 5}): the same scenario
 * under two seeds is not significantly different in throughput, and the same scenario with a link twenty
 * times slower to cross (20 µs instead of 0.6 µs one way) is. The seeds are fixed, so the verdicts are too.
 */
class RealReplicatedCompareTest {

    @TempDir
    Path directory;

    @Test
    void aRealDifferenceIsSignificantAndTwoSeedsOfOneScenarioAreNot() throws Exception {
        Path seven = run("seven", SmallScenarios.MEMCACHED);
        Path eight = run("eight", SmallScenarios.MEMCACHED.replace("seed: 7", "seed: 8"));
        Path slow = run("slow", SmallScenarios.MEMCACHED + "link: {latency: 20us}\n");

        String seeds = throughputRow(seven, eight);
        assertFalse(seeds.contains("(significant)"), "two seed sets of one scenario: " + seeds);
        String slower = throughputRow(seven, slow);
        assertTrue(slower.contains("(significant)"), "a slower link: " + slower);
    }

    private Path run(String name, String yaml) throws Exception {
        Path file = Files.writeString(directory.resolve(name + ".yaml"), yaml);
        Path out = directory.resolve(name);
        CommandRun run = new CommandRun();
        assertEquals(0, run.execute("run", file.toString(), "--replications", "5", "--out", out.toString()), run.err.toString());
        return out;
    }

    private String throughputRow(Path a, Path b) {
        CommandRun compare = new CommandRun();
        assertEquals(0, compare.execute("compare", a.toString(), b.toString(), "--out", directory.resolve("compared").toString()),
                compare.err.toString());
        return compare.out.toString().lines().filter(l -> l.startsWith("workload.throughput_ops_per_s")).findFirst()
                .orElseThrow(() -> new AssertionError("no throughput row in:\n" + compare.out));
    }
}
