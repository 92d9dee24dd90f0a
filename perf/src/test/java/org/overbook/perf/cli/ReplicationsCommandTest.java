package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.report.Replicated;
import org.overbook.perf.report.ResultsWriter;
import org.overbook.perf.reproduce.Presets;
import org.overbook.perf.reproduce.Reproduction;
import org.overbook.perf.run.Replications;
import org.overbook.perf.run.SmallScenarios;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.ScenarioLoader;
import picocli.CommandLine;

/** {@code --replications} and {@code replications:}: every replica's rows, the statistics, the same bytes on any thread count. */
class ReplicationsCommandTest {

    @TempDir
    Path directory;

    private int execute(StringWriter stdout, StringWriter stderr, String... args) {
        CommandLine commandLine = Overbook.commandLine();
        commandLine.setOut(new PrintWriter(stdout));
        commandLine.setErr(new PrintWriter(stderr));
        return commandLine.execute(args);
    }

    @Test
    void aReplicatedSweepWritesEveryReplicaAndTheStatisticsTheSameOnOneThreadOrTwo() throws Exception {
        Path file = directory.resolve("two.yaml");
        Files.writeString(file, SmallScenarios.SWEEP);
        StringWriter serial = new StringWriter();
        StringWriter parallel = new StringWriter();
        assertEquals(0, execute(serial, new StringWriter(), "sweep", file.toString(), "--out", directory.resolve("serial").toString(),
                "--threads", "1", "--replications", "3"), serial.toString());
        assertEquals(0, execute(parallel, new StringWriter(), "sweep", file.toString(), "--out",
                directory.resolve("parallel").toString(), "--threads", "2", "--replications", "3"), parallel.toString());
        for (String name : new String[] {ResultsWriter.SUMMARY_CSV, ResultsWriter.SUMMARY_JSON, ResultsWriter.REPORT}) {
            assertArrayEquals(Files.readAllBytes(directory.resolve("serial").resolve(name)),
                    Files.readAllBytes(directory.resolve("parallel").resolve(name)), name + " differs with parallelism");
        }
        List<String> csv = Files.readAllLines(directory.resolve("parallel").resolve(ResultsWriter.SUMMARY_CSV));
        assertEquals(1 + 2 * 3 * 5 + 2 * Replicated.STATISTICS.size(), csv.size(),
                "a header, 4 tenants and a total for each replica of each point, then 4 statistics rows per point");
        long seed = Replications.seed(7, 2);
        assertTrue(csv.stream().anyMatch(line -> line.startsWith("1,nic.tlb.replacement=fifo," + seed + ",total,")),
                "replica 2 of point 1 is there under its seed " + seed);
        for (String statistic : Replicated.STATISTICS) {
            assertTrue(csv.stream().anyMatch(line -> line.startsWith("0,nic.tlb.replacement=lru,7," + statistic + ",")), statistic);
        }
        String json = Files.readString(directory.resolve("parallel").resolve(ResultsWriter.SUMMARY_JSON));
        assertTrue(json.contains("\"replications\" : 3") && json.contains("\"ci95_high\""), json.substring(0, 400));
        String report = Files.readString(directory.resolve("parallel").resolve(ResultsWriter.REPORT));
        if (!report.contains("Charts could not be drawn")) { // a JDK without fonts draws none, error bars or not
            assertTrue(Files.size(directory.resolve("parallel").resolve("throughput-by-point.png")) > 0);
        }
        assertTrue(parallel.toString().contains("over the replications"), parallel.toString());
        assertTrue(parallel.toString().contains("2 points, 6 simulations run"), parallel.toString());
    }

    @Test
    void aNegativeSeedAsProgressPrintsItPastedIntoTheFilesSeedRunsThatReplicationAgain() throws Exception {
        long third = Replications.seed(7, 3);
        assertTrue(third < 0, "replication 3 of seed 7 has a seed past 2^63, printed negative: " + third);
        Path file = directory.resolve("memcached.yaml");
        Files.writeString(file, SmallScenarios.MEMCACHED);
        StringWriter out = new StringWriter();
        assertEquals(0, execute(out, new StringWriter(), "run", file.toString(), "--replications", "4", "--threads", "1",
                "--out", directory.resolve("replicated").toString()), out.toString());
        assertTrue(out.toString().contains(", seed " + third + ", one of 4 replications"), out.toString());

        // seed: takes a whole number from Long.MIN_VALUE to Long.MAX_VALUE: the seed as printed, not its unsigned spelling
        StringWriter refused = new StringWriter();
        Path unsigned = directory.resolve("unsigned.yaml");
        Files.writeString(unsigned, SmallScenarios.MEMCACHED.replace("seed: 7\n", "seed: " + Long.toUnsignedString(third) + "\n"));
        assertEquals(2, execute(new StringWriter(), refused, "run", unsigned.toString(), "--out", directory.resolve("no").toString()));
        assertTrue(refused.toString().contains("seed: " + Long.toUnsignedString(third) + " is out of range"), refused.toString());

        Path pasted = directory.resolve("pasted.yaml");
        Files.writeString(pasted, SmallScenarios.MEMCACHED.replace("seed: 7\n", "seed: " + third + "\n"));
        StringWriter rerun = new StringWriter();
        assertEquals(0, execute(rerun, new StringWriter(), "run", pasted.toString(), "--threads", "1",
                "--out", directory.resolve("pasted").toString()), rerun.toString());
        List<String> replicated = Files.readAllLines(directory.resolve("replicated").resolve(ResultsWriter.SUMMARY_CSV));
        List<String> single = Files.readAllLines(directory.resolve("pasted").resolve(ResultsWriter.SUMMARY_CSV));
        assertEquals(replicated.stream().filter(line -> line.startsWith("0,," + third + ",")).toList(), single.subList(1, single.size()),
                "the replication's rows, under the seed it printed");
        assertTrue(replicated.stream().filter(line -> line.startsWith("0,,7,total,")).noneMatch(single::contains),
                "replication 0's total differs: the seed decides the figures");
    }

    @Test
    void aReplicatedReproductionGivesEachPresetsIntervals() throws Exception {
        StringWriter out = new StringWriter();
        Path folder = directory.resolve("reproduce");
        assertEquals(0, execute(out, new StringWriter(), "reproduce", "pin-down-cache", "--quick", "--replications", "2",
                "--threads", "2", "--out", folder.toString()), out.toString());
        List<String> csv = Files.readAllLines(folder.resolve("pin-down-cache").resolve(ResultsWriter.SUMMARY_CSV));
        for (String statistic : Replicated.STATISTICS) {
            assertTrue(csv.stream().anyMatch(line -> line.split(",", -1)[3].equals(statistic)), statistic + " rows: " + csv);
        }
        assertTrue(Files.exists(folder.resolve("reproduce.md")), "the figures are still measured and reported");

        List<String> progress = out.toString().lines().filter(line -> line.startsWith("pin-down-cache: point ")).toList();
        assertEquals(progress.size(), progress.stream().distinct().count(), "each replication's line names it: " + progress);
        ScenarioFile first = Reproduction.files(Presets.named("NAME", "--all", List.of("pin-down-cache")).getFirst(),
                ScenarioLoader.standard(), true).getFirst();
        int points = first.points().size();
        long seed = first.points().getFirst().scenario().seed();
        for (long replica : new long[] {seed, Replications.seed(seed, 1)}) {
            assertTrue(progress.contains("pin-down-cache: point 0 of " + points + ", seed " + replica + ", one of 2 replications done"
                    + (first.points().getFirst().label().isEmpty() ? "" : ": " + first.points().getFirst().label())), progress.toString());
        }
    }

    @Test
    void aReplicatedDensitySearchJudgesEveryReplicationOfAProbe() throws Exception {
        Path file = directory.resolve("density.yaml");
        Files.writeString(file, SmallScenarios.DENSITY);
        StringWriter out = new StringWriter();
        assertEquals(0, execute(out, new StringWriter(), "density", file.toString(), "--slo", "p99=500us", "--max", "2",
                "--threads", "1", "--replications", "2", "--out", directory.resolve("density").toString()), out.toString());
        String summary = out.toString().lines().filter(l -> l.matches("\\d+ probes, \\d+ simulations started.*")).findFirst()
                .orElseThrow();
        int probes = Integer.parseInt(summary.split(" ")[0]);
        int simulations = Integer.parseInt(summary.split(" ")[2]);
        assertEquals(2 * probes, simulations, "each probe runs under two seeds: " + summary);
        assertTrue(out.toString().contains("answer: "), out.toString());
    }

    @Test
    void badReplicationsAreConfigurationErrorsNamingTheOptionOrTheField() throws Exception {
        StringWriter err = new StringWriter();
        assertEquals(2, execute(new StringWriter(), err, "run", "--replications", "0", "--out", directory.toString()));
        assertTrue(err.toString().contains("--replications"), err.toString());

        Path file = directory.resolve("bad.yaml");
        Files.writeString(file, SmallScenarios.MEMCACHED + "replications: -3\n");
        StringWriter fileErr = new StringWriter();
        assertEquals(2, execute(new StringWriter(), fileErr, "run", file.toString(), "--out", directory.toString()));
        assertTrue(fileErr.toString().contains("replications"), fileErr.toString());
    }
}
