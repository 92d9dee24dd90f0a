package org.overbook.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.Workload;
import org.overbook.guest.WorkloadMetrics;
import org.overbook.guest.WorkloadParameters;
import org.overbook.guest.WorkloadRegistry;
import org.overbook.hypervisor.HostConfig;
import org.overbook.hypervisor.TenantConfig;
import org.overbook.nic.LinkConfig;
import org.overbook.nic.NicConfig;
import org.overbook.nic.Testbed;

/**
 * Boots the example next to the built-in {@code memcached} server, both found by name in the registry,
 * on a real testbed: the server tenant at 2x overcommit with on-demand paging, the client on the client
 * host. The client must finish its requests, see cold misses then hits, and read back every value intact.
 */
class CacheAsideClientTest {

    private static final long SEED = 3;
    private static final long MiB = 1 << 20;

    @Test
    void runsAgainstTheBuiltInMemcachedOnATestbed() throws IOException {
        WorkloadRegistry registry = WorkloadRegistry.discover();
        assertTrue(registry.descriptions().containsKey(CacheAsideClient.NAME), "found through META-INF/services");

        Map<String, Number> m = run(registry, Map.of("target", "s0", "requests", 3_000)).metrics();
        System.out.println("cache-aside: " + m);
        assertEquals(3_000L, m.get("requests"), "seed " + SEED + ": " + m);
        assertTrue(m.get("misses").longValue() > 0 && m.get("hits").longValue() > m.get("misses").longValue(),
                "seed " + SEED + ": cold misses first, then mostly hits: " + m);
        assertEquals(0L, m.get("mismatches"), "seed " + SEED + ": " + m);
        assertEquals(0L, m.get("errors"), "seed " + SEED + ": " + m);
    }

    @Test
    void aRateSpacesTheRequestsAndATargetIsRequired() throws IOException {
        WorkloadRegistry registry = WorkloadRegistry.discover();
        Run unpaced = run(registry, Map.of("target", "s0", "requests", 200));
        Run paced = run(registry, Map.of("target", "s0", "requests", 200, "rate", "2k/s"));
        assertEquals(200L, paced.metrics().get("requests"), paced.metrics().toString());
        // 200 requests at most 2,000 a second: the last leaves no sooner than 199 x 500 us after the first
        assertTrue(paced.endNanos() >= 99_500_000L, "paced: " + paced);
        assertTrue(unpaced.endNanos() < paced.endNanos() / 4, "think time alone is much faster: " + unpaced + " vs " + paced);

        ConfigurationException missing = assertThrows(ConfigurationException.class, () -> registry.create("clients[0].workload",
                CacheAsideClient.NAME, new WorkloadParameters("clients[0].workload.params", Map.of("requests", 10))));
        assertEquals("clients[0].workload.params.target: missing; expected the memcached tenant's name", missing.getMessage());
    }

    /** What a run of the example came to: its figures, and the virtual time its last event ran at. */
    private record Run(Map<String, Number> metrics, long endNanos) {
    }

    /** Runs the built-in memcached in a server tenant at 2x overcommit and the example, given {@code params}, in a client. */
    private static Run run(WorkloadRegistry registry, Map<String, Object> params) throws IOException {
        Path directory = Files.createTempDirectory("overbook-example-");
        HostConfig server = HostConfig.of(4 * MiB, 8 * MiB, directory.resolve("server"), SEED, List.of(new TenantConfig("s0", 8 * MiB)));
        HostConfig client = HostConfig.of(2 * MiB, 0, directory.resolve("client"), SEED, List.of(new TenantConfig("c0", MiB)));
        try (Testbed testbed = Testbed.create(server, client, NicConfig.of("on-demand"), LinkConfig.fdr(), SEED)) {
            testbed.server().tenant(0).boot(registry.create("tenants[0].workload", "memcached", WorkloadParameters.empty("s")));
            Workload example = registry.create("clients[0].workload", CacheAsideClient.NAME,
                    new WorkloadParameters("clients[0].workload", params));
            testbed.client().tenant(0).boot(example);
            testbed.simulation().run();
            return new Run(metrics(example), testbed.simulation().now());
        } finally {
            try (var paths = Files.walk(directory)) {
                paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static Map<String, Number> metrics(Workload workload) {
        return WorkloadMetrics.collect(workload::report);
    }
}
