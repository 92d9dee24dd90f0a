package org.overbook.perf.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.overbook.perf.scenario.ScenarioErrors.assertError;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.Named;
import org.overbook.hypervisor.spi.VictimSelector;
import org.overbook.perf.plugin.Catalog;

/**
 * A policy is named as a workload is, by its name alone or as a section of its name and parameters, in every field that
 * names one: both forms read alike, the parameters reach the policy (CLOCK's handspread), and every mistake names its
 * field: a parameter the policy does not read, a name no policy has, a field the section does not have, parameters that
 * are not a section. A sweep axis or an override sets a parameter of a policy the file names alone.
 */
class PolicyParametersTest {

    private final ScenarioLoader loader = ScenarioLoader.standard();

    private Scenario scenario(String yaml) {
        return loader.parse(yaml, "test.yaml").scenario();
    }

    private ConfigurationException error(String yaml) {
        return assertThrows(ConfigurationException.class, () -> loader.parse(yaml, "test.yaml"));
    }

    @Test
    void theNameAloneAndTheSectionOfItsNameReadAsTheSamePolicy() {
        Scenario bare = scenario("nic: {memory-policy: prefault, tlb: {replacement: fifo}}\nballoon: {policy: static}");
        Scenario section = scenario("""
                nic: {memory-policy: {name: prefault}, tlb: {replacement: {name: fifo, params: {}}}}
                balloon: {policy: {name: static}}
                """);
        assertEquals(bare.nic().pinning().memoryPolicy().name(), section.nic().pinning().memoryPolicy().name());
        assertEquals(Named.of("prefault"), bare.nic().pinning().memoryPolicy());
        assertEquals(Named.of("prefault", Map.of()), section.nic().pinning().memoryPolicy());
        assertEquals("fifo", section.nic().tlb().replacement().name());
        assertEquals("static", section.balloon().config().policy().name());
    }

    @Test
    void theParametersReachThePolicyAsWritten() {
        Scenario s = scenario("host: {reclaim: {victim-selection: {name: clock, params: {handspread: 8MiB}}}}");
        assertEquals(Named.of("clock", Map.of("handspread", "8MiB")), s.host().victimSelection());
        assertError(error("host: {reclaim: {victim-selection: {name: clock, params: {handspread: lots}}}}"),
                "host.reclaim.victim-selection.params.handspread", "'lots'");
        assertError(error("host: {memory: 64MiB, reclaim: {victim-selection: {name: clock, params: {handspread: 64MiB}}}}"),
                "host.reclaim.victim-selection.params.handspread", "64MiB is the host's memory (64MiB) or more");
    }

    /** Every field that names a policy, written as a section with a parameter no built-in reads. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "host: {reclaim: {victim-selection: {name: clock, params: {hands: 4}}}}        | host.reclaim.victim-selection.params.hands | handspread",
            "host: {swap-device: {kind: {name: nvme, params: {drives: 2}}}}                | host.swap-device.kind.params.drives        | none",
            "nic: {memory-policy: {name: pin-down-cache, params: {entries: 64}}}           | nic.memory-policy.params.entries           | none",
            "nic: {memory-policy-by-tenant: {s0: {name: pin-all, params: {head: 1MiB}}}}   | nic.memory-policy-by-tenant.s0.params.head | none",
            "nic: {receive-fault-policy: {name: rnr-nack, params: {timer: 1ms}}}           | nic.receive-fault-policy.params.timer      | none",
            "nic: {tlb: {replacement: {name: lru, params: {ways: 2}}}}                     | nic.tlb.replacement.params.ways            | none",
            "nic: {tlb: {partition: {name: static, params: {weights: [1, 2]}}}}            | nic.tlb.partition.params.weights           | none",
            "balloon: {policy: {name: idle-tax, params: {tax: 0.5}}}                       | balloon.policy.params.tax                  | none",
    })
    void aParameterNoBuiltInReadsIsRefusedNamingIt(String yaml, String field, String accepted) {
        assertError(error(yaml), field, "unknown parameter; accepted: " + accepted);
    }

    @Test
    void aMistakeInTheSectionIsNamedWhereItIs() {
        assertError(error("nic: {tlb: {replacement: {name: lru2}}}"), "nic.tlb.replacement.name",
                "unknown TLB replacement policy 'lru2'", "accepted: lru, fifo, random", "did you mean lru?");
        assertError(error("nic: {tlb: {replacement: lru2}}"), "nic.tlb.replacement", "unknown TLB replacement policy 'lru2'");
        assertError(error("host: {reclaim: {victim-selection: {name: clock, parms: {handspread: 8MiB}}}}"),
                "host.reclaim.victim-selection.parms", "unknown field 'parms'", "accepted: name, params", "did you mean params?");
        assertError(error("host: {reclaim: {victim-selection: {params: {handspread: 8MiB}}}}"), "host.reclaim.victim-selection.name",
                "missing; expected a reclaim victim selection");
        assertError(error("host: {reclaim: {victim-selection: {name: clock, params: 8MiB}}}"), "host.reclaim.victim-selection.params",
                "'8MiB' is of the wrong type; accepted: a section of its parameters");
        assertError(error("nic: {memory-policy: [on-demand]}"), "nic.memory-policy",
                "a list [on-demand] is of the wrong type; accepted: a memory policy, or a section of its name and params");
        assertError(error("balloon: {policy: {name: static, params: {a: {b: 1}}}}"), "balloon.policy.params.a",
                "a section {b: 1} was given where one value or a list is accepted");
    }

    @Test
    void aSweepSetsAParameterOfAPolicyTheFileNamesAlone() {
        ScenarioFile file = loader.parse("""
                host: {memory: 64MiB}
                sweep: {host.reclaim.victim-selection.params.handspread: [0, 8MiB]}
                """, "test.yaml");
        assertEquals(List.of("host.reclaim.victim-selection.params.handspread=0", "host.reclaim.victim-selection.params.handspread=8MiB"),
                file.points().stream().map(SweepPoint::label).toList());
        assertEquals(Named.of("clock", Map.of("handspread", 0L)), file.points().get(0).scenario().host().victimSelection());
        assertEquals(Named.of("clock", Map.of("handspread", "8MiB")), file.points().get(1).scenario().host().victimSelection());
        assertTrue(file.points().get(1).yaml().contains("victim-selection:\n      name: clock\n      params:\n        handspread: 8MiB"),
                file.points().get(1).yaml());

        assertError(assertThrows(ConfigurationException.class, () -> loader.parse("""
                host: {memory: 64MiB}
                sweep: {host.reclaim.victim-selection.params.handspread: [8MiB, 6000]}
                """, "test.yaml")), "sweep.host.reclaim.victim-selection.params.handspread[1]",
                "host.reclaim.victim-selection.params.handspread: 6000B is not a whole number of 4 KiB pages");
    }

    @Test
    void aSweepOfThePolicyTakesSectionsAsValuesAndAnOverrideSetsItsName() {
        ScenarioFile file = loader.parse("""
                host: {memory: 64MiB}
                sweep: {host.reclaim.victim-selection: [clock, {name: clock, params: {handspread: 4MiB}}]}
                """, "test.yaml");
        assertEquals(List.of(Named.of("clock"), Named.of("clock", Map.of("handspread", "4MiB"))),
                file.points().stream().map(p -> p.scenario().host().victimSelection()).toList());

        ScenarioFile prefault = loader.parse("nic: {memory-policy: on-demand}", "test.yaml").with("nic.memory-policy.name", "prefault");
        assertEquals(Named.of("prefault", Map.of()), prefault.scenario().nic().pinning().memoryPolicy());
        assertError(assertThrows(ConfigurationException.class,
                () -> loader.parse("nic: {memory-policy: on-demand}", "test.yaml").with("nic.memory-policy.params.size", "4")),
                "nic.memory-policy.params.size", "unknown parameter; accepted: none");
    }

    /**
     * A plug-in's selection that reads {@code samples} in its sampled mode alone declares that it accepts it: a scenario may
     * keep it while it tries the other mode (a sweep over the mode, say), and a misspelt parameter is still refused.
     */
    @Test
    void aParameterAPolicyReadsInOneModeAloneIsAcceptedInTheOtherAndAMisspeltOneIsRefused() {
        Catalog catalog = Catalog.builtIn();
        catalog.policies().victimSelection().register("moded", "the first reclaimable frame, or a sampled one",
                (frames, parameters, random) -> {
                    parameters.accepts("samples");
                    int samples = parameters.choice("mode", "first", "first", "sampled").equals("sampled")
                            ? (int) parameters.integer("samples", 4, 1, 64) : 1;
                    return new NoVictims(samples);
                });
        ScenarioLoader plugged = new ScenarioLoader(catalog);
        ScenarioFile sweep = plugged.parse("""
                host: {reclaim: {victim-selection: {name: moded, params: {samples: 8}}}}
                sweep: {host.reclaim.victim-selection.params.mode: [first, sampled]}
                """, "test.yaml");
        assertEquals(2, sweep.points().size());
        assertError(assertThrows(ConfigurationException.class, () -> plugged.parse(
                        "host: {reclaim: {victim-selection: {name: moded, params: {mode: first, sample: 8}}}}", "test.yaml")),
                "host.reclaim.victim-selection.params.sample", "unknown parameter; accepted: mode, samples (did you mean samples?)");
    }

    /** A selector that finds no victim: enough for a scenario to be checked. */
    private record NoVictims(int samples) implements VictimSelector {
        @Override
        public int nextVictim() {
            return -1;
        }

        @Override
        public long scanned() {
            return 0;
        }
    }

    @Test
    void anOverlayNamingAnotherPolicyReplacesTheSectionAndItsParameters() {
        var file = YamlTrees.parse("nic: {memory-policy: {name: pin-head, params: {head: 1MiB}}}", "file.yaml");
        var other = YamlTrees.merge(file, YamlTrees.parse("nic: {memory-policy: {name: on-demand}}", "overlay.yaml"));
        assertEquals("{name: on-demand}", Section.flow(other.get("nic").get("memory-policy")));
        var same = YamlTrees.merge(file, YamlTrees.parse("nic: {memory-policy: {params: {tail: 1MiB}}}", "overlay.yaml"));
        assertEquals("{name: pin-head, params: {head: 1MiB, tail: 1MiB}}", Section.flow(same.get("nic").get("memory-policy")));
    }
}
