package org.overbook.perf.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.report.Interval;
import org.overbook.perf.report.ResultsWriter;
import org.overbook.perf.run.Metrics;
import org.overbook.perf.run.Replications;
import org.overbook.perf.run.SmallScenarios;
import org.overbook.perf.run.TimedResult;
import org.overbook.perf.scenario.ScenarioFile;

/** The experiment API honours a scenario's replications as the command does. */
class ExperimentsTest {

    @TempDir
    Path directory;

    @Test
    void runAllRunsEveryReplicationAndWritesTheirIntervals() throws Exception {
        try (Experiments experiments = Experiments.builtIn()) {
            ScenarioFile file = experiments.parse(SmallScenarios.MEMCACHED + "replications: 2\n", "replicated.yaml");
            List<TimedResult> results = experiments.runAll(file, directory.resolve("a"));
            assertEquals(2, results.size(), "one point, two replications");
            assertEquals(List.of(7L, Replications.seed(7, 1)),
                    results.stream().map(r -> r.result().seed()).toList(), "the scenario's seed first, then the derived ones");
            assertEquals(1, Experiments.primaries(results).size());
            assertEquals(7L, Experiments.primaries(results).getFirst().result().seed());
            Interval throughput = Experiments.replicated(results).intervals(0).get(Metrics.THROUGHPUT);
            assertEquals(2, throughput.n());
            assertTrue(throughput.sd() > 0, "the seeds change the figure: " + throughput);

            String summary = Files.readString(directory.resolve("a").resolve(ResultsWriter.SUMMARY_CSV));
            for (String statistic : List.of(",mean,", ",sd,", ",ci95_low,", ",ci95_high,")) {
                assertTrue(summary.contains(statistic), statistic + " row in summary.csv:\n" + summary);
            }
            String report = Files.readString(directory.resolve("a").resolve(ResultsWriter.REPORT));
            assertFalse(report.contains("INCOMPLETE"), "every replication ran: " + report.lines().findFirst().orElse(""));

            experiments.runAll(file, directory.resolve("b"));
            assertArrayEquals(Files.readAllBytes(directory.resolve("a").resolve(ResultsWriter.SUMMARY_CSV)),
                    Files.readAllBytes(directory.resolve("b").resolve(ResultsWriter.SUMMARY_CSV)), "same scenario, same bytes");
        }
    }
}
