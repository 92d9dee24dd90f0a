package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.report.DensityWriter;
import org.overbook.perf.report.ResultsWriter;
import org.overbook.perf.run.SmallScenarios;

/** The density verb: its options and files checked before anything runs, and results that ignore --threads. */
class DensityCommandTest {

    @TempDir
    Path directory;

    private final CommandRun command = new CommandRun();
    private final StringWriter out = command.out;
    private final StringWriter err = command.err;

    private int density(String... args) {
        List<String> all = new ArrayList<>(List.of("density"));
        all.addAll(List.of(args));
        return command.execute(all.toArray(String[]::new));
    }

    private Path file(String name, String yaml) throws Exception {
        return Files.writeString(directory.resolve(name), yaml);
    }

    /** Runs density with {@code args} after the file and asserts exit 2 with one line starting with {@code expected}. */
    private void refused(Path file, String expected, String... args) {
        List<String> all = new ArrayList<>(List.of(file.toString(), "--out", directory.resolve("never").toString()));
        all.addAll(List.of(args));
        assertEquals(2, density(all.toArray(String[]::new)), err.toString());
        String message = err.toString().strip();
        assertEquals(1, message.lines().count(), message);
        assertTrue(message.startsWith("overbook: configuration error: " + expected), message);
        assertFalse(message.contains("\tat "), "no stack trace: " + message);
        assertFalse(Files.exists(directory.resolve("never")), "nothing runs, nothing is written");
    }

    @Test
    void aBadMetricIsRefused() throws Exception {
        refused(file("d.yaml", SmallScenarios.DENSITY), "--slo: unknown metric 'p95' in 'p95=1ms'; accepted: p50, p99, p999",
                "--slo", "p95=1ms");
    }

    @Test
    void aBadUnitIsRefused() throws Exception {
        refused(file("d.yaml", SmallScenarios.DENSITY), "--slo p99: unknown unit 'xs' in '500xs'; accepted: a duration", "--slo",
                "p99=500xs");
    }

    @Test
    void anObjectiveIsRequired() throws Exception {
        refused(file("d.yaml", SmallScenarios.DENSITY), "--slo: missing; accepted: at least one METRIC=VALUE, such as --slo p99=500us");
    }

    @Test
    void maxMustNotBeBelowMin() throws Exception {
        refused(file("d.yaml", SmallScenarios.DENSITY), "--max: 3 is less than --min 4; accepted: --max at least --min",
                "--slo", "p99=500us", "--min", "4", "--max", "3");
    }

    @Test
    void anExplicitListOfTenantsHasNoAxis() throws Exception {
        String list = SmallScenarios.DENSITY.replace("tenants: {count: 1, template: {memory: 12MiB, workload: {params: {memory-limit: 8MiB}}}}",
                "tenants: [{name: s0, memory: 12MiB, workload: {name: memcached}}]");
        refused(file("list.yaml", list), "tenants: a list of 1 tenants; accepted here: count + template (density varies tenants.count)",
                "--slo", "p99=500us");
    }

    @Test
    void aFileWithItsOwnSweepIsRefused() throws Exception {
        refused(file("sweep.yaml", SmallScenarios.DENSITY + "sweep: {nic.memory-policy: [on-demand, prefault]}\n"),
                "sweep: the file sweeps nic.memory-policy; accepted here: a file without a sweep (density varies tenants.count itself)",
                "--slo", "p99=500us");
    }

    @Test
    void aMaxTheHostCannotHoldIsRefusedBeforeAnythingRuns() throws Exception {
        refused(file("d.yaml", SmallScenarios.DENSITY), "tenants[12].memory: the tenants' memory", "--slo", "p99=500us", "--max", "64");
        assertTrue(err.toString().contains("raise host.swap to at least 744MiB"), err.toString());
        assertTrue(err.toString().strip().endsWith("(at tenants.count=64, which density sets from --min to --max)"), err.toString());
    }

    @Test
    void sloConfidenceWithoutReplicationsIsRefusedNamingTheOption() throws Exception {
        refused(file("d.yaml", SmallScenarios.DENSITY), "--slo-confidence: needs replications to have an interval, but each"
                + " probe runs 1 time; accepted: with --replications N", "--slo", "p99=500us", "--slo-confidence", "95");
    }

    @Test
    void sloConfidenceJudgesEachTenantOnTheUpperBoundOfItsInterval() throws Exception {
        Path folder = directory.resolve("confident");
        assertEquals(0, density(file("d.yaml", SmallScenarios.DENSITY).toString(), "--slo", "p99=500us", "--slo-confidence", "95",
                "--replications", "2", "--max", "2", "--threads", "2", "--out", folder.toString()), err.toString());
        String printed = out.toString();
        assertTrue(printed.contains("objective: p99 <= 500us at 95 % confidence"), printed);
        assertTrue(printed.contains("worst figures: the far end of each tenant's confidence interval over the replications"), printed);
        assertTrue(printed.contains("answer: at least 2 tenants (1.00x overcommit) meet p99 <= 500us at 95 % confidence"), printed);
        String report = Files.readString(folder.resolve(DensityWriter.REPORT));
        assertTrue(report.contains("each tenant is judged on the far end of its figure's two-sided confidence interval"), report);
    }

    @Test
    void theCurveIsByteIdenticalWhateverTheThreads() throws Exception {
        Path file = file("small-density.yaml", SmallScenarios.DENSITY);
        Path serial = directory.resolve("serial");
        Path parallel = directory.resolve("parallel");
        assertEquals(0, density(file.toString(), "--slo", "p99=500us", "--max", "5", "--threads", "1", "--out", serial.toString()),
                err.toString());
        String serialOut = out.toString();
        out.getBuffer().setLength(0);
        assertEquals(0, density(file.toString(), "--slo", "p99=500us", "--max", "5", "--threads", "2", "--out", parallel.toString()),
                err.toString());
        for (String name : new String[] {DensityWriter.CSV, DensityWriter.REPORT, DensityWriter.PROBES + "/" + ResultsWriter.SUMMARY_CSV}) {
            assertArrayEquals(Files.readAllBytes(serial.resolve(name)), Files.readAllBytes(parallel.resolve(name)),
                    name + " differs with --threads");
        }
        String answer = serialOut.lines().filter(l -> l.startsWith("answer: ")).findFirst().orElseThrow();
        assertTrue(out.toString().contains(answer), "the same answer with 2 threads: " + answer + "\n" + out);
        assertTrue(answer.matches("answer: \\d+ tenants \\(.*x overcommit\\) meet p99 <= 500us; \\d+ (do not|could not be measured) \\(.*\\)"),
                "the next count fails, or its load phase overran the warm-up (not measured): " + answer);
        assertTrue(serialOut.contains("simulations started (0 speculative), 1 thread"), serialOut);
        List<String> csv = Files.readAllLines(serial.resolve(DensityWriter.CSV));
        assertEquals("step,tenants,clients,overcommit,worst_latency_p50_ns,worst_latency_p99_ns,worst_latency_p999_ns,"
                + "min_tenant_throughput_ops_per_s,total_throughput_ops_per_s,mismatches,meets,failed_tenant,reason,verdict,"
                + "p99_undersampled_tenants,warm_up_ns,duration_ns,auto_window", csv.getFirst());
        assertTrue(csv.size() >= 4, "a header and a row per probe: " + csv);
        assertTrue(Files.exists(serial.resolve(DensityWriter.PROBES).resolve(ResultsWriter.SUMMARY_JSON)));
        assertTrue(Files.notExists(parallel.resolve(".work")), "work directories are cleaned up");
    }
}
