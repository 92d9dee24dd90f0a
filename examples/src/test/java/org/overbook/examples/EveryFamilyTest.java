package org.overbook.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.overbook.perf.api.Experiments;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.scenario.ScenarioFile;

/**
 * One scenario that names a plug-in of every policy family at once (FIFO reclaim, a striped swap device, MRU TLB replacement,
 * halves partitions, equal balloon shares, ring-or-nack receive faults), run through the experiment API:
 * the host reclaims and swaps with the FIFO hand, the balloon inflates under equal shares, and every
 * stamp the tenants read back is the one they wrote.
 */
class EveryFamilyTest {

    private static final String SCENARIO = """
            seed: 3
            duration: 150ms
            warm-up: 50ms
            host: {memory: 48MiB, swap: 128MiB, reclaim: {victim-selection: fifo}, swap-device: {kind: nvme-raid0}}
            nic: {tlb: {replacement: mru, partition: halves}, receive-fault-policy: ring-or-nack}
            balloon: {enabled: true, policy: equal, reallocation-period: 50ms, sampling-period: 50ms}
            tenants: {count: 3, template: {memory: 24MiB, workload: {name: memory-toucher, params: {working-set: 20MiB, hot-fraction: 1.0}}}}
            """;

    @Test
    void aPluginOfEveryFamilyRunsInOneScenario() throws Exception {
        Path work = Files.createTempDirectory("overbook-every-family-");
        try (Experiments experiments = Experiments.builtIn()) {
            ScenarioFile file = experiments.parse(SCENARIO, "every-family.yaml");
            RunResult result = experiments.run(file.points().getFirst(), work).result();
            Map<String, Number> total = result.total();
            assertTrue(total.get("host_swap_writes").longValue() > 0, "the FIFO hand reclaimed: " + total);
            assertTrue(total.get("ballooned_pages").longValue() > 0, "the balloon inflated under equal shares: " + total);
            assertEquals(0L, total.get("workload.mismatches").longValue(), total.toString());
        } finally {
            Files.deleteIfExists(work);
        }
    }
}
