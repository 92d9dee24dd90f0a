package org.overbook.perf.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.overbook.guest.Guest;
import org.overbook.guest.Workload;
import org.overbook.guest.WorkloadRegistry;
import org.overbook.perf.density.DensityExperiment;
import org.overbook.perf.density.Objective;

/**
 * Every ready scenario in {@code scenarios/} and the embedded default load and validate.
 *
 * <p>A scenario may name a workload that is still being written. Such a name alone is replaced by a stub
 * that accepts exactly the parameters the files give it, so everything else in the file (host, NIC,
 * units, policies, overcommit, the other workloads' parameters) is still validated for real; the stubbed
 * names are printed, and {@link #theBuiltInWorkloadsAreAllRegistered()} fails until they exist.
 */
class ScenarioFilesTest {

    /** The workloads the ready scenarios use. */
    private static final Set<String> USED = Set.of("memcached", "memaslap", "rdma-write-latency", "rdma-write-bandwidth");

    @TestFactory
    Stream<DynamicTest> everyReadyScenarioLoadsAndValidates() throws IOException {
        List<Path> files = scenarioFiles();
        assertTrue(files.size() >= 5, "scenarios/ holds the ready scenarios: " + files);
        ScenarioLoader loader = new ScenarioLoader(registryWithStubs(files));
        return files.stream().map(file -> DynamicTest.dynamicTest(file.getFileName().toString(), () -> {
            ScenarioFile scenario = loader.load(file);
            if (scenario.isSweep()) {
                assertTrue(scenario.points().size() >= 2, file + " compares something: its sweep has several points");
            } else {
                // the one other kind: a density scenario, valid from 1 tenant to density's default --max
                new DensityExperiment(scenario, loader.registry(), Objective.parse(List.of("p99=1ms")), 1, 64);
            }
        }));
    }

    @Test
    void theBuiltInWorkloadsAreAllRegistered() {
        Set<String> known = WorkloadRegistry.discover().descriptions().keySet();
        assertTrue(known.containsAll(USED), "missing: " + new TreeSet<>(USED).stream().filter(n -> !known.contains(n)).toList());
    }

    @Test
    void theDefaultScenarioSweepsTenantCountsUnderPinningAndOnDemand() {
        ScenarioFile file = ScenarioLoader.standard().defaultScenario();
        List<Scenario> points = file.points().stream().map(SweepPoint::scenario).toList();
        List<Scenario> pinAll = points.stream().filter(s -> s.nic().pinning().memoryPolicy().name().equals("pin-all")).toList();
        List<Scenario> onDemand = points.stream().filter(s -> s.nic().pinning().memoryPolicy().name().equals("on-demand")).toList();
        assertEquals(points.size(), pinAll.size() + onDemand.size(), "every point is pin-all or on-demand");
        assertTrue(pinAll.stream().allMatch(s -> s.overcommit() < 1.0), "pinned tenants fit in RAM, as pinning requires");
        assertTrue(onDemand.getLast().overcommit() > 2.5, "the on-demand curve runs well past the RAM: "
                + onDemand.getLast().overcommit());
        for (int i = 1; i < onDemand.size(); i++) {
            assertEquals(onDemand.get(i - 1).tenants().size() + 1, onDemand.get(i).tenants().size(), "one tenant more at each step");
        }
        for (Scenario s : points) {
            assertEquals(points.getFirst().host(), s.host(), "every point runs on the same host");
            assertEquals(s.tenants().size(), s.clients().size(), "a client per tenant");
            s.tenants().forEach(t -> assertEquals("memcached", t.workload().name()));
            s.clients().forEach(c -> assertEquals("memaslap", c.workload().name()));
        }
    }

    /** Returns the scenario files, found from the module folder Maven runs the tests in. */
    static List<Path> scenarioFiles() throws IOException {
        Path here = Path.of("").toAbsolutePath();
        Path folder = Files.isDirectory(here.resolve("scenarios")) ? here.resolve("scenarios") : here.getParent().resolve("scenarios");
        assertTrue(Files.isDirectory(folder), "no scenarios/ folder beside " + here);
        try (Stream<Path> list = Files.list(folder)) {
            return list.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
    }

    /** The discovered registry, plus a stub for each workload the files name that is not registered yet. */
    private static WorkloadRegistry registryWithStubs(List<Path> files) throws IOException {
        WorkloadRegistry registry = WorkloadRegistry.discover();
        Set<String> known = registry.descriptions().keySet();
        Map<String, Set<String>> missing = new TreeMap<>();
        YAMLMapper mapper = new YAMLMapper();
        for (Path file : files) {
            collect(mapper.readTree(file.toFile()), known, missing);
        }
        missing.forEach((name, keys) -> registry.register(name, "stub for a workload still being written", p -> {
            keys.forEach(key -> p.string(key, null));
            return new Workload() {
                @Override
                public void start(Guest guest) {
                    throw new IllegalStateException("stub");
                }
            };
        }));
        if (!missing.isEmpty()) {
            System.out.println("ScenarioFilesTest: stubbed workloads not registered yet: " + missing.keySet());
        }
        return registry;
    }

    private static void collect(JsonNode node, Set<String> known, Map<String, Set<String>> missing) {
        if (node.isObject()) {
            JsonNode workload = node.get("workload");
            if (workload != null && workload.hasNonNull("name") && !known.contains(workload.get("name").asText())) {
                Set<String> keys = missing.computeIfAbsent(workload.get("name").asText(), k -> new TreeSet<>());
                if (workload.has("params")) {
                    workload.get("params").fieldNames().forEachRemaining(keys::add);
                }
            }
        }
        node.forEach(child -> collect(child, known, missing));
    }
}
