package org.overbook.perf.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.api.Experiments;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.TenantRow;

/** Each invariant holds on a real run and is broken by a result doctored to break it. */
class ResultInvariantsTest {

    /** Two memcached tenants at 1.5x overcommit, each loaded by its own memaslap; 5 ms warm-up, then 10 ms. */
    static final String SMALL = """
            seed: 7
            duration: 10ms
            warm-up: 5ms
            host: {memory: 16MiB, swap: 64MiB}
            client-host: {memory: 32MiB}
            tenants: {count: 2, template: {memory: 12MiB, workload: {params: {memory-limit: 4MiB}}}}
            clients:
              count: 2
              template:
                memory: 8MiB
                workload: {params: {targets: "s${index}", key-prefix: "c${index}:", concurrency: 4, window: 256, duration: 10s}}
            """;

    @TempDir
    static Path directory;
    private static RunResult result;

    @BeforeAll
    static void runOnce() {
        try (Experiments experiments = Experiments.builtIn()) {
            result = experiments.run(experiments.parse(SMALL, "small.yaml").points().getFirst(), directory).result();
        }
    }

    @Test
    void aRealRunHoldsEveryInvariant() {
        assertTrue(result.tenants().get(2).value("workload.requests") > 0, "the clients completed requests");
        assertEquals(List.of(), ResultInvariants.check(result));
    }

    @Test
    void aMismatchIsAViolation() {
        assertBreaks(tenant(2, m -> m.put("workload.mismatches", 1L)), "c0: workload.mismatches is 1, not 0");
    }

    @Test
    void aFigureThatIsNotANumberOrIsNegativeIsAViolation() {
        assertBreaks(total(m -> m.put("workload.throughput_ops_per_s", Double.NaN)), "total: workload.throughput_ops_per_s is NaN");
        assertBreaks(tenant(0, m -> m.put("swap_outs", -3L)), "s0: swap_outs is negative (-3)");
        assertBreaks(total(m -> m.put("host_cpus_utilisation", 1.5)), "host_cpus_utilisation is 1.5, over 1");
    }

    @Test
    void memoryBeyondTheGuestOrTheHostIsAViolation() {
        assertBreaks(tenant(0, m -> m.put("resident_pages", 3_100L)), "s0: resident + swapped + ballooned pages");
        assertBreaks(tenant(1, m -> m.put("pinned_pages", 1L + m.get("resident_pages").longValue())), "s1: pinned pages");
        RunResult both = doctor(result, rows -> {
            rows.set(0, with(rows.get(0), m -> m.put("resident_pages", 3_000L)));
            rows.set(1, with(rows.get(1), m -> m.put("resident_pages", 3_000L)));
        }, m -> { });
        assertBreaks(both, "the server tenants hold 6000 resident pages, the host has 4096 frames");
    }

    @Test
    void countersThatDisagreeAreAViolation() {
        assertBreaks(tenant(3, m -> m.put("workload.requests", m.get("workload.requests").longValue() + 1)),
                "c1: ", "requests completed but");
        assertBreaks(tenant(2, m -> m.put("nic_faults_receive_minor", m.get("nic_faults_receive_minor").longValue() + 1)),
                "c0: nic_faults_receive over the window is");
        assertBreaks(tenant(0, m -> m.put("workload.requests", 0L)), "the load generators completed");
    }

    private static void assertBreaks(RunResult doctored, String... mentions) {
        String violations = String.join("\n", ResultInvariants.check(doctored));
        for (String mention : mentions) {
            assertTrue(violations.contains(mention), "'" + mention + "' among: " + violations);
        }
    }

    private static RunResult tenant(int index, Consumer<Map<String, Number>> change) {
        return doctor(result, rows -> rows.set(index, with(rows.get(index), change)), m -> { });
    }

    private static RunResult total(Consumer<Map<String, Number>> change) {
        return doctor(result, rows -> { }, change);
    }

    private static TenantRow with(TenantRow row, Consumer<Map<String, Number>> change) {
        Map<String, Number> metrics = new LinkedHashMap<>(row.metrics());
        change.accept(metrics);
        return new TenantRow(row.name(), row.host(), row.workload(), metrics);
    }

    private static RunResult doctor(RunResult r, Consumer<List<TenantRow>> rows, Consumer<Map<String, Number>> total) {
        List<TenantRow> tenants = new ArrayList<>(r.tenants());
        rows.accept(tenants);
        Map<String, Number> totals = new LinkedHashMap<>(r.total());
        total.accept(totals);
        return new RunResult(r.index(), r.label(), r.values(), r.scenario(), r.yaml(), r.events(), tenants, totals,
                r.histograms(), r.timeSeries(), r.resources());
    }
}
