package org.overbook.perf.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.cli.SummaryTable;
import org.overbook.perf.report.ResultsWriter;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.ScenarioLoader;

/** A percentile from too few requests is flagged in the columns, summary.csv and report.md. */
class SampleSizeTest {

    @TempDir
    Path directory;

    @Test
    void aPercentileNeedsTenRequestsAboveIt() {
        assertEquals(20, SampleSize.needed(50));
        assertEquals(1_000, SampleSize.needed(99));
        assertEquals(10_000, SampleSize.needed(99.9));
        assertEquals(Map.of("latency_p50_undersampled", 0L, "latency_p99_undersampled", 1L, "latency_p999_undersampled", 1L),
                SampleSize.flags(999));
        assertEquals(0L, SampleSize.flags(1_000).get("latency_p99_undersampled"));
        assertTrue(Metrics.LATENCY_COLUMNS.containsAll(SampleSize.flagColumns()), "the flags are latency columns");
    }

    /**
     * The small scenario measured for 4 ms instead of 20: each memaslap (about 200k requests a second) completes
     * some 800 requests, too few for a p99.
     */
    @Test
    void aSmallRunsP99IsFlaggedEverywhereItIsShown() throws Exception {
        ScenarioLoader loader = ScenarioLoader.standard();
        String shortRun = SmallScenarios.MEMCACHED.replace("duration: 20ms", "duration: 4ms");
        assertTrue(!shortRun.equals(SmallScenarios.MEMCACHED), "the small scenario's duration is shortened");
        ScenarioFile file = loader.parse(shortRun, "small.yaml");
        TimedResult timed = Runner.standard(loader.registry()).run(file.points().getFirst(), directory);
        RunResult result = timed.result();
        int flagged = 0;
        for (TenantRow row : result.tenants()) {
            Number count = row.metrics().get(Metrics.LATENCY_COUNT);
            if (count == null) {
                continue;
            }
            boolean p99 = SampleSize.undersampled(row.metrics(), Metrics.P99);
            assertEquals(count.longValue() < 1_000, p99, row.name() + " completed " + count + " requests");
            flagged += p99 ? 1 : 0;
        }
        assertTrue(flagged > 0, "a client of the small scenario completes fewer than 1,000 requests: " + result.tenants());

        new ResultsWriter(directory).write(file.source(), List.of(timed));
        List<String> csv = Files.readAllLines(directory.resolve(ResultsWriter.SUMMARY_CSV));
        int column = Arrays.asList(csv.getFirst().split(",")).indexOf("latency_p99_undersampled");
        assertTrue(column > 0, csv.getFirst());
        assertTrue(csv.stream().skip(1).anyMatch(line -> "1".equals(line.split(",", -1)[column])), "a row says 1");
        String report = Files.readString(directory.resolve(ResultsWriter.REPORT));
        assertTrue(report.contains("**Under-sampled percentiles**") && report.contains("p99 from "), report);
        StringWriter table = new StringWriter();
        try (PrintWriter out = new PrintWriter(table)) {
            SummaryTable.print(out, timed);
        }
        assertTrue(table.toString().contains("* under-sampled") && table.toString().matches("(?s).*\\d\\*.*"), table.toString());
    }
}
