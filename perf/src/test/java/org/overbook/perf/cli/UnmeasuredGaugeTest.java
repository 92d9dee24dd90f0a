package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.guest.Guest;
import org.overbook.guest.Workload;
import org.overbook.guest.WorkloadMetrics;
import org.overbook.guest.WorkloadRegistry;
import org.overbook.perf.report.ResultsWriter;
import org.overbook.perf.run.Metrics;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.Runner;
import org.overbook.perf.run.TimedResult;
import org.overbook.perf.run.codec.ResultCodec;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

/**
 * A workload's gauge that is not a number (a throughput over no time: NaN, or an infinity) was not measured: every output
 * leaves its cell empty, as a server's row leaves the throughput's, the finding does not say the point reported 0, and a
 * stored result keeps it so.
 */
class UnmeasuredGaugeTest {

    /** Completes requests, but reports its throughput as NaN and a rate over no time as an infinity. */
    static final class Unmeasured implements Workload {
        private Guest guest;
        private long requests;

        @Override
        public void start(Guest g) {
            guest = g;
            g.schedule(10_000, this::request);
        }

        private void request() {
            requests++;
            guest.schedule(10_000, this::request);
        }

        @Override
        public void report(WorkloadMetrics metrics) {
            metrics.counter("requests", requests);
            metrics.gauge("throughput_ops_per_s", Double.NaN);
            metrics.gauge("retries_per_s", Double.POSITIVE_INFINITY);
            metrics.gauge("backlog_per_s", Double.NEGATIVE_INFINITY);
        }
    }

    private static final String SCENARIO = """
            duration: 5ms
            warm-up: 1ms
            tenants: {count: 1, template: {memory: 8MiB, workload: {name: unmeasured}}}
            clients: {count: 0}
            """;

    @TempDir
    Path directory;

    private final ScenarioLoader loader = new ScenarioLoader(WorkloadRegistry.discover()
            .register("unmeasured", "reports its throughput as NaN", p -> new Unmeasured()));

    private SweepPoint point() {
        return loader.parse(SCENARIO, "unmeasured.yaml").points().getFirst();
    }

    private TimedResult run() {
        return Runner.standard(loader.registry()).run(point(), directory.resolve("run"));
    }

    @Test
    void aGaugeThatIsNotANumberStaysNotMeasuredInTheResult() {
        RunResult result = run().result();
        Map<String, Number> row = result.tenants().getFirst().metrics();
        assertTrue(row.get(Metrics.REQUESTS).longValue() > 0, "requests completed: " + row);
        for (String gauge : List.of(Metrics.THROUGHPUT, "workload.retries_per_s", "workload.backlog_per_s")) {
            assertTrue(Double.isNaN(row.get(gauge).doubleValue()), gauge + " is not measured, not a number: " + row.get(gauge));
        }
        assertTrue(Double.isNaN(result.total().get(Metrics.THROUGHPUT).doubleValue()),
                "a total that a tenant's unmeasured figure is part of is not measured either: " + result.total().get(Metrics.THROUGHPUT));
    }

    @Test
    void theResultsFolderTheTerminalAndTheFindingLeaveItEmpty() throws Exception {
        TimedResult timed = run();
        Path folder = directory.resolve("results");
        new ResultsWriter(folder).write("unmeasured.yaml", List.of(timed));

        for (Map<String, String> csvRow : DensityHonestyTest.rows(folder.resolve(ResultsWriter.SUMMARY_CSV))) {
            for (String gauge : List.of(Metrics.THROUGHPUT, "workload.retries_per_s", "workload.backlog_per_s")) {
                if (csvRow.get("tenant").equals("s0") || gauge.equals(Metrics.THROUGHPUT)) {
                    assertEquals("", csvRow.get(gauge), csvRow.get("tenant") + " " + gauge + " in summary.csv");
                }
            }
        }
        JsonNode point = new ObjectMapper().readTree(folder.resolve(ResultsWriter.SUMMARY_JSON).toFile()).get("points").get(0);
        JsonNode metrics = point.get("tenants").get(0).get("metrics");
        assertTrue(metrics.has(Metrics.REQUESTS), metrics.toString());
        assertFalse(metrics.has(Metrics.THROUGHPUT) || metrics.has("workload.retries_per_s"), "left out of summary.json: " + metrics);

        String report = Files.readString(folder.resolve(ResultsWriter.REPORT));
        assertTrue(report.contains("No point reports a throughput in ops/s"), report);
        assertFalse(report.contains("0 ops/s") || report.contains("NaN") || report.contains("Infinity"), report);

        StringWriter terminal = new StringWriter();
        SummaryTable.print(new PrintWriter(terminal, true), timed);
        String table = terminal.toString();
        assertTrue(table.lines().anyMatch(line -> line.matches("s0 +unmeasured +- .*")), table);
        assertTrue(table.lines().anyMatch(line -> line.matches("total +- .*")), table);
        assertFalse(table.contains("NaN") || table.contains("Infinity"), table);
    }

    @Test
    void aStoredResultKeepsItNotMeasured() {
        TimedResult timed = run();
        TimedResult decoded = ResultCodec.decode(ResultCodec.encode(timed), point());
        assertEquals(timed.result(), decoded.result());
        assertTrue(Double.isNaN(decoded.result().tenants().getFirst().value(Metrics.THROUGHPUT)));
        assertTrue(Double.isNaN(decoded.result().total().get(Metrics.THROUGHPUT).doubleValue()));
    }
}
