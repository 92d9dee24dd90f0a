package org.overbook.perf.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The emergent cliff at quick size, on the contended host: memcached tenants (about 5.6 MiB of items each,
 * offered 20,000 requests a second in an open loop) added to a 32 MiB host with an NVMe swap device. While
 * their items fit in RAM every request is served from memory; the knee, the first tenant count that is not
 * served what it offered within 1 ms at the 99th percentile (an open loop keeps the offered rate, so the
 * tail moves a step before the throughput does), must be the first whole count past RAM over one tenant's
 * working set (what a uniform get touches: the bytes of its items and its hash table, as memcached reports
 * them), within 10 %; and at twice the knee's RAM the host must swap and serve less in all than before the knee
 * (a cliff, not a plateau). Just past the knee the window's throughput still holds (7 tenants are served ~92 %
 * of their offer while their tail grows): only a quarter of their gets fault, and the device keeps up.
 */
class ThrashingKneeTest {

    private static final String SCENARIO = """
            seed: 1
            duration: 100ms
            warm-up: 400ms
            host: {memory: 32MiB, swap: 256MiB}
            nic: {memory-policy: on-demand}
            client-host: {memory: 128MiB}
            tenants:
              count: 2
              template: {name: s, memory: 8MiB, workload: {name: memcached, params: {memory-limit: 6MiB}}}
            clients:
              count: 2
              template: {name: c, memory: 4MiB, workload: {name: memaslap, params: {targets: "s${index}", concurrency: 4,
                window: 1280, key-size: 64, value-size: 1024, loop: open, rate: 20000, warmup: 0s, duration: 10s}}}
            sweep:
              "tenants.count, clients.count": [[4, 4], [5, 5], [6, 6], [7, 7], [8, 8], [10, 10]]
            """;
    private static final double OFFERED_PER_TENANT = 20_000;
    private static final double RAM_PAGES = 32.0 * 1024 * 1024 / 4096;

    @TempDir
    Path directory;

    @Test
    void theKneeSitsWhereTheTenantsWorkingSetsExceedRam() {
        List<RunResult> results = SmallScenarios.runEveryPoint(SCENARIO, "thrashing-quick.yaml", directory);

        RunResult first = results.getFirst();
        assertEquals(0, first.total().get("cpu_major_faults").longValue(), "4 tenants fit: nothing is swapped in");
        assertTrue(throughput(first) >= 0.95 * 4 * OFFERED_PER_TENANT, "4 tenants are served what they ask: " + throughput(first));
        TenantRow server = first.tenants().getFirst();
        double workingSetPages = (server.value("workload.bytes") + server.value("workload.hash_bytes")) / 4096;
        double predictedKnee = RAM_PAGES / workingSetPages;

        int knee = -1;
        for (RunResult result : results) {
            int tenants = tenants(result);
            if (throughput(result) < 0.9 * tenants * OFFERED_PER_TENANT || result.total().get(Metrics.P99).doubleValue() > 1e6) {
                knee = tenants;
                break;
            }
        }
        assertTrue(knee > 0, "every tenant count was served within 1 ms");
        // The knee is the first whole tenant count past RAM / working set, within 10 % of it either way.
        assertTrue(knee >= Math.ceil(0.9 * predictedKnee) && knee <= Math.ceil(1.1 * predictedKnee),
                "the knee at " + knee + " tenants should be the first count past RAM / working set = " + predictedKnee
                        + ", within 10 %");
        RunResult last = results.getLast();
        assertTrue(last.total().get("cpu_major_faults").longValue() > 0, "past the knee the host swaps");
        int kneeIndex = -1;
        for (int i = 0; i < results.size(); i++) {
            if (tenants(results.get(i)) == knee) {
                kneeIndex = i;
            }
        }
        assertTrue(kneeIndex > 0, "the first tenant count was served");
        RunResult beforeKnee = results.get(kneeIndex - 1);
        assertTrue(throughput(last) < throughput(beforeKnee),
                "past the knee the host falls off the cliff: more tenants serve less in all ("
                        + throughput(last) + " at " + tenants(last) + " against " + throughput(beforeKnee) + " at "
                        + tenants(beforeKnee) + "); ThrashingBoundTest checks how far, against the device's IOPS");
        assertEquals(0, last.mismatches());
    }

    private static double throughput(RunResult result) {
        return result.total().get(Metrics.THROUGHPUT).doubleValue();
    }

    private static int tenants(RunResult result) {
        return (int) result.tenants().stream().filter(t -> t.host().equals("server")).count();
    }
}
