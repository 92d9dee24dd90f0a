package org.overbook.perf.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pre-faulting a memcached server's buffers costs it no memory the NIC would not take on demand. Each connection
 * registers 16 receive buffers (the NIC writes them) and 16 reply buffers of 8 KiB (it only reads them), and a
 * reply fills a few bytes of the first page of one. On demand the NIC takes the receive region whole (the prefetch
 * window after its first receive fault) and, of the reply region, the pages replies were written to. With
 * {@code prefault} the library prefetches both regions at registration, the reply region for reading (the only
 * advice a region the NIC may not write accepts), which maps its pages never touched to the shared zero page: the
 * tenants' resident pages are the same under both policies, page for page. (A prefetch that populated the reply
 * region would add 31 pages a connection, about 2 MiB for a tenant of 16 connections: enough, on a host sized to the
 * on-demand footprint, to swap at the end of the load phase and stall it.)
 */
class PrefaultFootprintTest {

    /** Measured from the start, so the window's counts include the registrations; the clients boot in 5 ms. */
    private static final String SCENARIO = """
            seed: 5
            duration: 20ms
            warm-up: 0
            host: {memory: 64MiB, swap: 64MiB}
            client-host: {memory: 64MiB}
            tenants:
              count: 2
              template: {name: s, memory: 8MiB, workload: {name: memcached, params: {memory-limit: 6MiB}}}
            clients:
              count: 2
              template: {name: c, memory: 4MiB, workload: {name: memaslap, params: {targets: "s${index}", concurrency: 4,
                window: 256, value-size: 1KiB, warmup: 0s, duration: 10s}}}
            sweep:
              nic.memory-policy: [on-demand, prefault]
            """;

    @TempDir
    Path directory;

    @Test
    void prefetchingTheBuffersTakesTheFramesTheNicTakesOnDemand() {
        List<RunResult> results = SmallScenarios.runEveryPoint(SCENARIO, "prefault-footprint.yaml", directory);
        RunResult onDemand = results.get(0);
        RunResult prefault = results.get(1);
        for (int i = 0; i < 2; i++) {
            TenantRow lazy = onDemand.tenants().get(i);
            TenantRow eager = prefault.tenants().get(i);
            assertEquals("s" + i, eager.name());
            assertTrue(lazy.value("cpu_minor_faults") > 100, eager.name() + " stored items: " + lazy.value("cpu_minor_faults"));
            assertTrue(eager.value("prefetched_pages") >= 4 * 2 * 32,
                    eager.name() + " prefetched its 4 connections' receive and reply regions: " + eager.value("prefetched_pages"));
            assertEquals(0, eager.value("nic_faults_send_mapping") + eager.value("nic_faults_receive_minor"),
                    eager.name() + ": no network page fault where the library prefetched");
            assertEquals(lazy.value("resident_pages"), eager.value("resident_pages"),
                    eager.name() + "'s resident pages, on demand and pre-faulted");
        }
    }
}
