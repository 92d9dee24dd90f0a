package org.overbook.perf.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.overbook.guest.ConfigurationException;

/** A sweep is the cross product of its axes, first axis slowest, each point a plain scenario with a label. */
class SweepExpansionTest {

    private final ScenarioLoader loader = ScenarioLoader.standard();

    private ScenarioFile load(String yaml) {
        return loader.parse(yaml, "test.yaml");
    }

    @Test
    void theCrossProductComesInNestedLoopOrderWithLabels() {
        ScenarioFile file = load("""
                host: {swap: 4GiB}
                sweep:
                  nic.memory-policy: [on-demand, prefault, pin-down-cache]
                  tenants.count: [1, 4]
                """);
        assertTrue(file.isSweep());
        assertEquals(List.of("nic.memory-policy", "tenants.count"), file.axes());
        assertEquals(List.of(
                "nic.memory-policy=on-demand, tenants.count=1",
                "nic.memory-policy=on-demand, tenants.count=4",
                "nic.memory-policy=prefault, tenants.count=1",
                "nic.memory-policy=prefault, tenants.count=4",
                "nic.memory-policy=pin-down-cache, tenants.count=1",
                "nic.memory-policy=pin-down-cache, tenants.count=4"), file.points().stream().map(SweepPoint::label).toList());
        for (int i = 0; i < 6; i++) {
            SweepPoint point = file.points().get(i);
            assertEquals(i, point.index());
            assertEquals(List.of("on-demand", "prefault", "pin-down-cache").get(i / 2), point.scenario().nic().pinning().memoryPolicy().name());
            assertEquals(i % 2 == 0 ? 1 : 4, point.scenario().tenants().size());
            assertEquals(Map.of("nic.memory-policy", point.scenario().nic().pinning().memoryPolicy().name(),
                    "tenants.count", Integer.toString(point.scenario().tenants().size())), point.values());
        }
    }

    @Test
    void aPointIsThePlainScenarioWithItsValuesWritten() {
        ScenarioFile sweep = load("host: {swap: 4GiB}\nsweep: {nic.memory-policy: [on-demand, prefault], tenants.count: [1, 4]}");
        Scenario written = load("host: {swap: 4GiB}\nnic: {memory-policy: prefault}\ntenants: {count: 4}").scenario();
        assertEquals(written, sweep.points().get(3).scenario());
        assertFalse(sweep.points().get(3).yaml().contains("sweep"), sweep.points().get(3).yaml());
    }

    @Test
    void clientsFollowASweepOfTheTenantCount() {
        ScenarioFile file = load("host: {swap: 4GiB}\nclients: {count: 1}\nsweep: {tenants.count: [2, 3]}");
        assertEquals("s0,s1", file.points().get(0).scenario().clients().getFirst().workload().params().get("targets"));
        assertEquals("s0,s1,s2", file.points().get(1).scenario().clients().getFirst().workload().params().get("targets"));
    }

    @Test
    void linkedPathsChangeTogether() {
        ScenarioFile file = load("""
                host: {memory: 512MiB}
                tenants: {count: 4}
                sweep:
                  "nic.memory-policy, tenants.template.memory": [[pin-all, 120MiB], [on-demand, 256MiB]]
                  seed: [1, 2]
                """);
        assertEquals(List.of(
                "nic.memory-policy=pin-all, tenants.template.memory=120MiB, seed=1",
                "nic.memory-policy=pin-all, tenants.template.memory=120MiB, seed=2",
                "nic.memory-policy=on-demand, tenants.template.memory=256MiB, seed=1",
                "nic.memory-policy=on-demand, tenants.template.memory=256MiB, seed=2"),
                file.points().stream().map(SweepPoint::label).toList());
        assertEquals(List.of("nic.memory-policy", "tenants.template.memory", "seed"), file.axes());
        assertEquals(120L << 20, file.points().get(1).scenario().tenants().get(3).memoryBytes());
        assertEquals(2.0, file.points().get(2).scenario().overcommit());
    }

    @Test
    void aLinkedValueMustGiveOneValuePerPath() {
        ConfigurationException e = assertThrows(ConfigurationException.class,
                () -> load("sweep: {\"nic.memory-policy, host.memory\": [[on-demand, 1GiB], [prefault]]}"));
        assertEquals("sweep.nic.memory-policy, host.memory[1]", e.field());
        assertTrue(e.getMessage().contains("a list [prefault] does not") && e.getMessage().contains("2 values"), e.getMessage());
    }

    @Test
    void aSweepOverAWorkloadParameterIsAllowed() {
        ScenarioFile file = load("clients: {count: 1}\nsweep: {clients.template.workload.params.window: [100, 200]}");
        assertEquals(List.of(100L, 200L), file.points().stream()
                .map(p -> p.scenario().clients().getFirst().workload().params().get("window")).toList());
    }

    /**
     * An axis over a field inside another axis's field (a policy's parameter, a value of the swap device) refines that
     * axis's value at every point, whichever of the two the file writes first: were the outer one applied last, it would
     * wipe the inner one's value, and points that differ only in it would run (and be stored for --resume) as one.
     */
    @Test
    void anAxisInsideAnotherAxisRefinesItWhicheverComesFirst() {
        for (String sweep : List.of(
                "{host.reclaim.victim-selection.params.handspread: [0, 16MiB], host.reclaim.victim-selection: [clock]}",
                "{host.reclaim.victim-selection: [clock], host.reclaim.victim-selection.params.handspread: [0, 16MiB]}")) {
            List<SweepPoint> points = load("sweep: " + sweep).points();
            assertEquals(List.of(0L, "16MiB"), points.stream()
                    .map(p -> p.scenario().host().victimSelection().params().get("handspread")).toList(), sweep);
            assertEquals(List.of("clock", "clock"), points.stream().map(p -> p.scenario().host().victimSelection().name()).toList());
            assertFalse(points.get(0).yaml().equals(points.get(1).yaml()), sweep);
        }
        List<SweepPoint> link = load("sweep: {link.latency: [1us, 2us], link: [{bandwidth: 56Gbps, latency: 5us, loss: 0, mtu: 4096}]}")
                .points();
        assertEquals(List.of(1_000L, 2_000L), link.stream().map(p -> p.scenario().link().latencyNanos()).toList());
    }

    @Test
    void aSweepIntoAListNamesTheMissingElement() {
        for (String index : List.of("5", "99999999999")) { // the second past an int, past any list
            ConfigurationException e = assertThrows(ConfigurationException.class, () -> load("""
                    tenants:
                      - {name: s0, memory: 64MiB, workload: {name: memcached}}
                      - {name: s1, memory: 64MiB, workload: {name: memcached}}
                    sweep: {"tenants[%s].memory": [1GiB]}
                    """.formatted(index)));
            assertEquals("sweep.tenants[" + index + "].memory", e.field());
            assertTrue(e.getMessage().contains("tenants is a list of 2, which has no element [" + index + "]"), e.getMessage());
        }
        ConfigurationException ok = assertThrows(ConfigurationException.class, () -> load("""
                tenants:
                  - {name: s0, memory: 64MiB, workload: {name: memcached}}
                  - {name: s1, memory: 64MiB, workload: {name: memcached}}
                sweep: {"tenants[1].memory": [64MiB, 4KB]}
                """));
        assertEquals("sweep.tenants[1].memory[1]", ok.field(), "element [1] exists; its second value is not whole pages");
        assertTrue(ok.getMessage().contains("4000 bytes is not a whole number of 4 KiB pages"), ok.getMessage());
    }

    @Test
    void anAxisMustBeANonEmptyList() {
        ConfigurationException scalar = assertThrows(ConfigurationException.class, () -> load("sweep: {seed: 3}"));
        assertEquals("sweep.seed", scalar.field());
        assertTrue(scalar.getMessage().contains("3 is not a list"), scalar.getMessage());
        ConfigurationException empty = assertThrows(ConfigurationException.class, () -> load("sweep: {seed: []}"));
        assertEquals("sweep.seed", empty.field());
    }

    @Test
    void aPathMayBeSweptByOneAxisOnly() {
        ConfigurationException e = assertThrows(ConfigurationException.class,
                () -> load("sweep: {seed: [1, 2], \"host.memory, seed\": [[1GiB, 3]]}"));
        assertEquals("sweep.host.memory, seed", e.field());
        assertTrue(e.getMessage().contains("already swept by sweep.seed"), e.getMessage());
    }

    @Test
    void anErrorAwayFromTheAxisNamesItsFieldAndThePoint() {
        ConfigurationException e = assertThrows(ConfigurationException.class,
                () -> load("host: {memory: 512MiB, swap: 512MiB}\nsweep: {tenants.count: [2, 5]}"));
        assertEquals("tenants[4].memory", e.field());
        assertTrue(e.getMessage().endsWith("(at sweep point tenants.count=5)"), e.getMessage());
    }

    @Test
    void aMistakeEveryPointMakesAlikeNamesItsFieldWithoutAPoint() {
        // the misspelt field has nothing to do with the swept tenant count: naming a point would send the reader there
        ConfigurationException misspelt = assertThrows(ConfigurationException.class,
                () -> load("nic: {recieve-fault-policy: backup-ring}\nsweep: {tenants.count: [1, 2]}"));
        assertEquals("nic.recieve-fault-policy", misspelt.field());
        assertFalse(misspelt.getMessage().contains("sweep point"), misspelt.getMessage());
        assertTrue(misspelt.getMessage().contains("did you mean receive-fault-policy?"), misspelt.getMessage());
        ConfigurationException everywhere = assertThrows(ConfigurationException.class,
                () -> load("nic: {tlb: {ways: 0}}\nsweep: {seed: [1, 2, 3]}"));
        assertEquals("nic.tlb.ways", everywhere.field());
        assertFalse(everywhere.getMessage().contains("sweep point"), everywhere.getMessage());
    }

    @Test
    void aMistakeOnlyTheFirstPointMakesStillNamesThatPoint() {
        // 5 tenants of 100MiB fit 512MiB; 6 do not: the error is the first point's alone
        ConfigurationException e = assertThrows(ConfigurationException.class,
                () -> load("host: {memory: 512MiB, swap: 1MiB}\ntenants: {template: {memory: 100MiB}}\nsweep: {tenants.count: [6, 5]}"));
        assertTrue(e.getMessage().endsWith("(at sweep point tenants.count=6)"), e.getMessage());
    }

    @Test
    void withoutASweepThereIsOnePointWithAnEmptyLabel() {
        ScenarioFile file = load("seed: 3");
        assertFalse(file.isSweep());
        assertEquals(1, file.points().size());
        assertEquals("", file.points().getFirst().label());
        assertEquals(file.scenario(), file.points().getFirst().scenario());
    }

    @Test
    void aSweepHasNoSingleScenario() {
        ConfigurationException e = assertThrows(ConfigurationException.class, () -> load("sweep: {seed: [1, 2]}").scenario());
        assertEquals("sweep", e.field());
        assertTrue(e.getMessage().contains("2 points"), e.getMessage());
    }

    @Test
    void aCrossProductTooLargeToRunIsRefusedBeforeItIsExpanded() {
        String values = IntStream.rangeClosed(1, 100).mapToObj(Integer::toString)
                .collect(Collectors.joining(", ", "[", "]"));
        String yaml = "host: {swap: 4GiB}\nsweep:\n  seed: " + values + "\n  host.cpus: " + values + "\n  warm-up: " + values + "\n";
        // expanded first, the million points would each be built (minutes and gigabytes) and then accepted
        ConfigurationException e = assertThrows(ConfigurationException.class, () -> load(yaml));
        assertEquals("sweep", e.field(), e.getMessage());
        assertTrue(e.getMessage().contains("1000000 points"), e.getMessage());
    }

    /**
     * The values a file may set over its swap device kind's are absent from the reference (each kind has its own), yet a
     * sweep may vary one the file leaves out; a misspelt one is refused, naming every field the device accepts.
     */
    @Test
    void aSweepMayVaryASwapDeviceValueTheFileLeavesToItsKind() {
        ScenarioFile file = load("sweep: {host.swap-device.read-latency: [10us, 200us]}");
        assertEquals(List.of(OptionalLong.of(10_000), OptionalLong.of(200_000)),
                file.points().stream().map(p -> p.scenario().host().swapDevice().readLatencyNanos()).toList());

        ConfigurationException e = assertThrows(ConfigurationException.class,
                () -> load("sweep: {host.swap-device.read-latncy: [10us, 200us]}"));
        assertEquals("sweep.host.swap-device.read-latncy: unknown field path 'host.swap-device.read-latncy': no field"
                + " 'read-latncy' under host.swap-device; accepted: kind, page-transfer, queue-depth, read-iops, read-latency,"
                + " seeks, write-iops, write-latency (did you mean read-latency?)", e.getMessage());
    }
}
