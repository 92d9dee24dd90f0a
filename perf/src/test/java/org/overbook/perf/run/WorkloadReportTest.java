package org.overbook.perf.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.SortedMap;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.guest.Guest;
import org.overbook.guest.Workload;
import org.overbook.guest.WorkloadMetrics;
import org.overbook.guest.WorkloadRegistry;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.workloads.LatencyRecording;

/**
 * What a workload reports once its run has ended is its own code too: what it throws there, and a figure that cannot be
 * (a negative count or rate), stop the point with one line naming the tenant, the workload and its origin, never a bare
 * exception or a table of impossible numbers.
 */
class WorkloadReportTest {

    /** Idles; reports what {@code report} says. */
    record Reporting(Consumer<WorkloadMetrics> report) implements Workload {
        @Override
        public void start(Guest guest) {
        }

        @Override
        public void report(WorkloadMetrics metrics) {
            report.accept(metrics);
        }
    }

    /** Idles; its histograms throw. */
    static final class BrokenHistograms implements Workload, LatencyRecording {
        @Override
        public void start(Guest guest) {
        }

        @Override
        public SortedMap<String, Histogram> latencyHistograms() {
            throw new UnsupportedOperationException("no histograms kept");
        }
    }

    private static RunResult run(Path directory, Workload workload) {
        WorkloadRegistry registry = WorkloadRegistry.discover().register("reporting", "reports as told", p -> workload);
        ScenarioLoader loader = new ScenarioLoader(registry);
        ScenarioFile file = loader.parse("""
                duration: 2ms
                warm-up: 1ms
                tenants: {count: 1, template: {memory: 4MiB, workload: {name: reporting}}}
                clients: {count: 0}
                """, "reporting.yaml");
        return Runner.standard(loader.registry()).run(file.points().getFirst(), directory).result();
    }

    private static String failure(Path directory, Workload workload) {
        return assertThrows(RunFailure.class, () -> run(directory, workload)).getMessage();
    }

    @Test
    void aReportThatThrowsNamesTheTenantTheWorkloadItsOriginAndItsFrame(@TempDir Path directory) {
        String message = failure(directory, new Reporting(m -> {
            throw new IllegalStateException("the report's own bug");
        }));
        assertTrue(message.startsWith("point 0 stopped at 3,000,000 ns of virtual time: tenant s0's workload 'reporting' (built-in)"
                + " failed while it reported its figures: IllegalStateException: the report's own bug (at "
                + "org.overbook.perf.run.WorkloadReportTest"), message);
    }

    @Test
    void histogramsThatThrowAreNamedAsSuch(@TempDir Path directory) {
        String message = failure(directory, new BrokenHistograms());
        assertTrue(message.contains("tenant s0's workload 'reporting' (built-in) failed while it handed over its latency histograms:"
                + " UnsupportedOperationException: no histograms kept (at org.overbook.perf.run.WorkloadReportTest$BrokenHistograms"),
                message);
    }

    @Test
    void aNegativeCounterIsRefusedNamingIt(@TempDir Path directory) {
        String message = failure(directory, new Reporting(m -> {
            m.counter("requests", 10);
            m.counter("replies", -3);
        }));
        assertTrue(message.endsWith("tenant s0's workload 'reporting' (built-in) reported counter replies = -3; accepted: a count of"
                + " 0 or more"), message);
    }

    @Test
    void aNegativeRateThatATotalSumsIsRefusedAndAnyOtherGaugeMayBeNegative(@TempDir Path directory) {
        String message = failure(directory, new Reporting(m -> m.gauge("throughput_ops_per_s", -5)));
        assertTrue(message.endsWith("reported gauge throughput_ops_per_s = -5.0; accepted: a rate of 0 or more, or NaN for one not"
                + " measured"), message);
        assertTrue(failure(directory, new Reporting(m -> m.gauge("read_gbps", -0.5))).endsWith("reported gauge read_gbps = -0.5;"
                + " accepted: a rate of 0 or more, or NaN for one not measured"));

        RunResult result = run(directory, new Reporting(m -> {
            m.gauge("clock_skew_us", -2.5);
            m.gauge("throughput_ops_per_s", Double.NaN);
        }));
        assertEquals(-2.5, result.tenants().getFirst().metrics().get("workload.clock_skew_us").doubleValue());
        assertTrue(Double.isNaN(result.tenants().getFirst().metrics().get(Metrics.THROUGHPUT).doubleValue()), "not measured");
    }

    @Test
    void aThrowableWithoutAMessageIsNamedAloneNotAsNull(@TempDir Path directory) {
        String message = failure(directory, new Reporting(m -> {
            throw new StackOverflowError();
        }));
        assertTrue(message.contains("failed while it reported its figures: StackOverflowError (at "), message);
    }
}
