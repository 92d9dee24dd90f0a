package org.overbook.perf.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.guest.WorkloadMetrics;
import org.overbook.hypervisor.Tenant;
import org.overbook.perf.run.SmallScenarios;

/** A resolved scenario becomes a testbed with every workload booted, and runs. */
class ScenarioBuilderTest {

    @TempDir
    Path directory;

    private final ScenarioLoader loader = ScenarioLoader.standard();

    @Test
    void everyTenantBootsItsWorkloadAndTheRunMakesProgress() {
        Scenario scenario = loader.parse(SmallScenarios.MEMCACHED, "small.yaml").scenario();
        try (Deployment deployment = new ScenarioBuilder(loader.registry()).build(scenario, directory)) {
            List<Tenant> tenants = deployment.testbed().tenants();
            assertEquals(List.of("s0", "s1", "c0", "c1"), tenants.stream().map(Tenant::name).toList());
            assertEquals(List.of("s0", "s1", "c0", "c1"), List.copyOf(deployment.workloads().keySet()));
            for (Tenant tenant : tenants) {
                assertSame(deployment.workloads().get(tenant.name()), tenant.workload(), tenant.name() + " runs its own workload");
            }
            assertEquals("pin-all", deployment.testbed().clientNic().config().pinning().memoryPolicy().name());
            assertEquals("on-demand", deployment.testbed().serverNic().config().pinning().memoryPolicy().name());
            assertEquals(scenario.host().memoryBytes(), deployment.testbed().server().config().memoryBytes());
            assertFalse(deployment.balloon().isPresent());
            assertTrue(Files.isDirectory(directory.resolve(ScenarioBuilder.SERVER_HOST_DIRECTORY)));

            deployment.runToEnd();

            assertEquals(scenario.endNanos(), deployment.testbed().simulation().now());
            Map<String, Long> client = counters(deployment, "c0");
            assertTrue(client.getOrDefault("requests", 0L) > 0, "c0 measured requests: " + client);
            assertEquals(0L, client.get("mismatches"), "every value read back as written");
        }
    }

    @Test
    void anEnabledBalloonManagerStartsOnTheServerHost() {
        Scenario scenario = loader.parse(SmallScenarios.MEMCACHED + "balloon: {enabled: true, reallocation-period: 5ms, sampling-period: 10ms}",
                "small.yaml").scenario();
        try (Deployment deployment = new ScenarioBuilder(loader.registry()).build(scenario, directory)) {
            assertTrue(deployment.balloon().isPresent());
            deployment.runToEnd();
            assertEquals("idle-tax", deployment.balloon().orElseThrow().policy());
            assertTrue(deployment.balloon().orElseThrow().reallocations() >= 5, "reallocated every 5 ms over 30 ms");
        }
    }

    @Test
    void theSameScenarioBuildsTheSameRun() {
        Scenario scenario = loader.parse(SmallScenarios.MEMCACHED, "small.yaml").scenario();
        assertEquals(run(scenario, directory.resolve("a")), run(scenario, directory.resolve("b")));
    }

    private Map<String, Long> run(Scenario scenario, Path where) {
        try (Deployment deployment = new ScenarioBuilder(loader.registry()).build(scenario, where)) {
            deployment.runToEnd();
            Map<String, Long> all = new TreeMap<>(counters(deployment, "c0"));
            all.put("events", deployment.testbed().simulation().dispatched());
            return all;
        }
    }

    private static Map<String, Long> counters(Deployment deployment, String tenant) {
        Map<String, Long> out = new TreeMap<>();
        WorkloadMetrics.collect(deployment.workloads().get(tenant)::report).forEach((name, value) -> {
            if (value instanceof Long counter) {
                out.put(name, counter);
            }
        });
        return out;
    }
}
