package org.overbook.perf.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.overbook.nic.NicConfig;

/** A user's file overrides only what it names; the reference supplies the rest. */
class ScenarioMergeTest {

    private final ScenarioLoader loader = ScenarioLoader.standard();
    private final Scenario reference = loader.reference().scenario();

    private Scenario load(String yaml) {
        return loader.parse(yaml, "test.yaml").scenario();
    }

    @Test
    void aNestedFieldOverridesThatFieldAlone() {
        Scenario s = load("nic: {tlb: {sets: 64}}");
        NicConfig.Tlb tlb = reference.nic().tlb();
        assertEquals(reference.nic().withTlb(64, tlb.ways(), tlb.replacement().name(), tlb.partition().name(), tlb.quota()), s.nic());
        assertEquals(new Scenario(reference.seed(), reference.durationNanos(), reference.warmUpNanos(), reference.host(),
                reference.clientHost(), s.nic(), reference.link(), reference.balloon(), reference.costs(), reference.tenants(),
                reference.clients()), s, "nothing but nic.tlb.sets changed");
    }

    @Test
    void sizesDurationsAndRatesParseWithUnits() {
        Scenario s = load("""
                host: {memory: 2GiB}
                duration: 1.5s
                warm-up: 60us
                link: {bandwidth: 100Gbps, latency: 1.2us}
                costs: {rto: 200ms, minor-fault: 3500ns}
                """);
        assertEquals(2L << 30, s.host().memoryBytes());
        assertEquals(reference.host().swapBytes(), s.host().swapBytes(), "host.swap keeps its default");
        assertEquals(reference.host().reclaimLow(), s.host().reclaimLow());
        assertEquals(1_500_000_000L, s.durationNanos());
        assertEquals(60_000L, s.warmUpNanos());
        assertEquals(100_000_000_000L, s.link().bitsPerSecond());
        assertEquals(1_200L, s.link().latencyNanos());
        assertEquals(200_000_000L, s.nic().costs().rtoNanos());
        assertEquals(3_500L, s.costs().minorFaultNanos(), "a bare number is nanoseconds");
        assertEquals(reference.costs().balloonPagesPerSecond(), s.costs().balloonPagesPerSecond());
    }

    @Test
    void anEmptyFieldKeepsTheDefault() {
        assertEquals(reference, load("host:\nnic:\n"));
    }

    @Test
    void aListOfTenantsReplacesCountAndTemplate() {
        Scenario s = load("""
                tenants:
                  - {name: big, memory: 512MiB, workload: {name: memcached, params: {memory-limit: 256MiB}}}
                  - {name: small, memory: 128MiB, workload: {name: memcached}}
                clients: {count: 1, template: {workload: {params: {targets: "big,small"}}}}
                """);
        assertEquals(List.of("big", "small"), s.tenantNames());
        assertEquals(512L << 20, s.tenants().get(0).memoryBytes());
        assertEquals(Map.of("memory-limit", "256MiB"), s.tenants().get(0).workload().params());
        assertEquals(Map.of(), s.tenants().get(1).workload().params());
        assertEquals("tenants[1].workload", s.tenants().get(1).workload().field());
    }

    @Test
    void aDifferentWorkloadReplacesTheReferenceParameters() {
        Scenario s = load("clients: {count: 1, template: {workload: {name: etc, params: {targets: s0, connections: 2}}}}");
        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put("targets", "s0");
        expected.put("connections", 2L);
        assertEquals("etc", s.clients().getFirst().workload().name());
        assertEquals(expected, s.clients().getFirst().workload().params());
    }

    @Test
    void parametersOfTheSameWorkloadMergeOverTheReference() {
        Scenario s = load("clients: {count: 1, template: {workload: {params: {window: 100, verify: false, get-proportion: 0.5}}}}");
        Map<String, Object> params = s.clients().getFirst().workload().params();
        assertEquals("s0", params.get("targets"), "the reference's targets stay");
        assertEquals(100L, params.get("window"));
        assertEquals(false, params.get("verify"));
        assertEquals(0.5, params.get("get-proportion"));
    }

    @Test
    void aFilesTargetReplacesTheReferencesTargetsAndTheConverse() {
        Scenario one = load("tenants: {count: 2}\nclients: {count: 1, template: {workload: {params: {target: s1}}}}");
        Map<String, Object> params = one.clients().getFirst().workload().params();
        assertEquals("s1", params.get("target"));
        assertFalse(params.containsKey("targets"), "the reference's targets give way to the file's target: " + params);

        Scenario many = loader.parse("clients: {count: 1, template: {workload: {params: {target: s0}}}}",
                "clients: {template: {workload: {params: {targets: s0}}}}", "overlaid.yaml").scenario();
        params = many.clients().getFirst().workload().params();
        assertEquals("s0", params.get("targets"));
        assertFalse(params.containsKey("target"), "an overlay's targets replace the file's target: " + params);
    }

    @Test
    void aCountExpandsTheTemplateAndPlaceholdersFollow() {
        Scenario s = load("""
                duration: 300ms
                tenants: {count: 3, template: {name: "vm-${index}-x"}}
                clients: {count: 2, template: {workload: {params: {duration: "${duration}", key-prefix: "k${index}:"}}}}
                """);
        assertEquals(List.of("vm-0-x", "vm-1-x", "vm-2-x"), s.tenantNames());
        assertEquals(List.of("c0", "c1"), s.clientNames());
        assertEquals("vm-0-x,vm-1-x,vm-2-x", s.clients().get(1).workload().params().get("targets"));
        assertEquals("300ms", s.clients().get(1).workload().params().get("duration"));
        assertEquals("k1:", s.clients().get(1).workload().params().get("key-prefix"));
    }

    @Test
    void aListParameterStaysAListAndReadsAsTextCommaSeparated() {
        Scenario s = load("tenants: {count: 2}\nclients: {count: 1, template: {workload: {params: {targets: [s1, s0]}}}}");
        WorkloadSpec workload = s.clients().getFirst().workload();
        assertEquals(List.of("s1", "s0"), workload.params().get("targets"), "a list, so that a parameter of one value can say so");
        assertEquals("s1,s0", workload.parameters().string("targets", null));
    }

    @Test
    void theSameTextGivesEqualScenariosAndADifferentOneDoesNot() {
        String yaml = "tenants: {count: 2}\nnic: {memory-policy: prefault}";
        Scenario a = load(yaml);
        Scenario b = load(yaml);
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertNotEquals(a, load(yaml + "\nseed: 2"));
    }

    @Test
    void anOverrideIsTheSameAsWritingItInTheFile() {
        ScenarioFile file = loader.parse("tenants: {count: 2}", "test.yaml");
        assertEquals(load("tenants: {count: 3}"), file.with("tenants.count", "3").scenario());
        assertEquals(load("tenants: {count: 2}\nnic: {memory-policy-by-tenant: {s1: pin-all}}"),
                file.with("nic.memory-policy-by-tenant.s1", "pin-all").scenario());
        assertEquals(2, file.scenario().tenants().size(), "the file itself is unchanged");
    }

    @Test
    void anOverlayMergesOverTheFileAndReplacesASweepAxisOfTheSameKey() {
        String file = """
                tenants: {count: 2, template: {memory: 64MiB}}
                sweep:
                  "nic.memory-policy, tenants.template.memory": [[pin-all, 32MiB], [on-demand, 64MiB]]
                """;
        String overlay = """
                tenants: {count: 1}
                sweep:
                  "nic.memory-policy, tenants.template.memory": [[pin-all, 16MiB], [on-demand, 48MiB]]
                """;
        ScenarioFile reduced = loader.parse(file, overlay, "test.yaml");
        assertEquals(2, reduced.points().size());
        Scenario pinned = reduced.points().get(0).scenario();
        assertEquals(1, pinned.tenants().size(), "the overlay's count, the file's template");
        assertEquals(16L << 20, pinned.tenants().getFirst().memoryBytes(), "the overlay's axis values");
        assertEquals(48L << 20, reduced.points().get(1).scenario().tenants().getFirst().memoryBytes());
        assertEquals(loader.parse(file, "test.yaml").points().getFirst().scenario(),
                loader.parse(file, "", "test.yaml").points().getFirst().scenario(), "an empty overlay changes nothing");
    }

    @Test
    void theMergedFileSpellsOutEveryDefault() {
        String yaml = loader.parse("seed: 5", "test.yaml").yaml();
        Scenario again = loader.parse(yaml, "again.yaml").scenario();
        assertEquals(load("seed: 5"), again);
    }
}
