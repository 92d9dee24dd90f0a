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

/** A resolved scenario becomes a testbed with every workload booted, and runs. */
class ScenarioBuilderTest {

    private static final String SMALL = """
            duration: 20ms
            warm-up: 10ms
            host: {memory: 64MiB, swap: 64MiB}
            client-host: {memory: 96MiB}
            tenants: {count: 2, template: {memory: 48MiB, workload: {params: {memory-limit: 16MiB}}}}
            clients:
              count: 2
              template:
                memory: 16MiB
                workload: {params: {targets: "s${index}", concurrency: 4, window: 256, duration: 10s}}
            """;

    @TempDir
    Path directory;

    private final ScenarioLoader loader = ScenarioLoader.standard();

    @Test
    void everyTenantBootsItsWorkloadAndTheRunMakesProgress() {
        Scenario scenario = loader.parse(SMALL, "small.yaml").scenario();
        try (Deployment deployment = new ScenarioBuilder(loader.registry()).build(scenario, directory)) {
            List<Tenant> tenants = deployment.testbed().tenants();
            assertEquals(List.of("s0", "s1", "c0", "c1"), tenants.stream().map(Tenant::name).toList());
            assertEquals(List.of("s0", "s1", "c0", "c1"), List.copyOf(deployment.workloads().keySet()));
            for (Tenant tenant : tenants) {
                assertSame(deployment.workloads().get(tenant.name()), tenant.workload(), tenant.name() + " runs its own workload");
            }
            assertEquals("pin-all", deployment.testbed().clientNic().config().pinning().memoryPolicy());
            assertEquals("on-demand", deployment.testbed().serverNic().config().pinning().memoryPolicy());
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
        Scenario scenario = loader.parse(SMALL + "balloon: {enabled: true, reallocation-period: 5ms, sampling-period: 10ms}",
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
        Scenario scenario = loader.parse(SMALL, "small.yaml").scenario();
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
        deployment.workloads().get(tenant).report(new WorkloadMetrics() {
            @Override
            public void counter(String name, long value) {
                out.put(name, value);
            }

            @Override
            public void gauge(String name, double value) {
            }
        });
        return out;
    }
}
