package org.overbook.perf.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.overbook.perf.scenario.ScenarioErrors.assertError;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.overbook.guest.ConfigurationException;

/**
 * Every kind of mistake stops the load with the field path as the file writes it, the value, and what is
 * accepted.
 */
class ScenarioValidationTest {

    private final ScenarioLoader loader = ScenarioLoader.standard();

    private ConfigurationException error(String yaml) {
        return assertThrows(ConfigurationException.class, () -> loader.parse(yaml, "test.yaml"));
    }

    @Test
    void anUnknownFieldIsNamedWithTheAcceptedOnesAndTheNearest() {
        assertError(error("nic: {tlb: {set: 64}}"), "nic.tlb.set",
                "'set'", "accepted: sets, ways, replacement, partition, quota", "did you mean sets?");
        assertError(error("nic: {tlb: {size: 64}}"), "nic.tlb.size", "'size'", "accepted: sets, ways");
    }

    @Test
    void anUnknownTopLevelFieldIsNamed() {
        assertError(error("sed: 3"), "sed", "'sed'", "seed, duration, warm-up, host", "did you mean seed?");
    }

    @Test
    void aWrongTypeIsNamedWithTheValueAndTheExpectedType() {
        assertError(error("nic: {tlb: {sets: many}}"), "nic.tlb.sets", "'many'", "accepted: a whole number");
        assertError(error("balloon: {enabled: maybe}"), "balloon.enabled", "'maybe'", "accepted: true or false");
        assertError(error("host: {reclaim: 0.5}"), "host.reclaim", "0.5", "accepted: a section with fields min, low, high");
    }

    @Test
    void aBadUnitIsNamedWithTheValueAndTheAcceptedUnits() {
        assertError(error("host: {memory: 4GiBs}"), "host.memory", "'GiBs'", "'4GiBs'", "4GiB");
        assertError(error("costs: {rto: 200 msec}"), "costs.rto", "'200 msec'", "200ms");
        assertError(error("link: {bandwidth: 56GBps/s}"), "link.bandwidth", "56GBps/s", "56Gbps");
    }

    @Test
    void anUnknownPolicyIsNamedWithTheAcceptedPolicies() {
        assertError(error("nic: {memory-policy: pin-most}"), "nic.memory-policy",
                "'pin-most'", "pin-all, pin-on-register, pin-down-cache, on-demand, prefault");
        assertError(error("nic: {receive-fault-policy: retry}"), "nic.receive-fault-policy",
                "'retry'", "rnr-nack, drop, backup-ring, system-buffer");
        assertError(error("nic: {tlb: {replacement: mru}}"), "nic.tlb.replacement", "'mru'", "lru, fifo, random");
        assertError(error("nic: {tlb: {partition: fair}}"), "nic.tlb.partition", "'fair'", "shared, static, quota");
        assertError(error("nic: {fault-path: smmu}"), "nic.fault-path", "'smmu'", "software, iommu");
        assertError(error("balloon: {policy: greedy}"), "balloon.policy", "'greedy'", "static, proportional, idle-tax");
        assertError(error("nic: {memory-policy-by-tenant: {s0: pin-none}}"), "nic.memory-policy-by-tenant.s0", "'pin-none'", "pin-all");
        assertError(error("host: {swap-device: {kind: ssd}}"), "host.swap-device.kind", "unknown swap device 'ssd'",
                "accepted: nvme, optane, sata-ssd, hdd, ram");
        assertError(error("host: {swap-device: {kind: hdd, read-iops: 0}}"), "host.swap-device.read-iops", "0");
        assertError(error("host: {swap-device: {kind: nvme, page-transfer: 16us}}"), "host.swap-device.page-transfer",
                "seeks: false", "accepted: page-transfer with seeks: true");
    }

    @Test
    void anUnknownWorkloadIsNamedWithTheKnownOnes() {
        assertError(error("tenants: {template: {workload: {name: memcache}}}"), "tenants[0].workload.name",
                "'memcache'", "memcached", "memaslap");
    }

    @Test
    void aWrongWorkloadParameterIsNamedAtItsTenant() {
        String yaml = """
                tenants: {count: 3}
                clients:
                  - {name: c0, memory: 32MiB, workload: {name: memaslap, params: {targets: s0}}}
                  - {name: c1, memory: 32MiB, workload: {name: memaslap, params: {targets: s1}}}
                  - {name: c2, memory: 32MiB, workload: {name: memaslap, params: {targets: s2, value-size: 1 KB/s}}}
                """;
        assertError(error(yaml), "clients[2].workload.params.value-size", "'1 KB/s'", "4KiB");
        assertError(error("clients: {count: 1, template: {workload: {params: {valu-size: 100}}}}"), "clients[0].workload.params.valu-size",
                "unknown parameter", "value-size", "(did you mean value-size?)");
    }

    @Test
    void aListOrASectionWhereAParameterTakesOneValueIsShownAsWritten() {
        assertError(error("clients: {count: 1, template: {workload: {params: {targets: s0, value-size: [1, 2]}}}}"),
                "clients[0].workload.params.value-size", "a list [1, 2] was given where one value is accepted", "accepted: one size");
        assertError(error("clients: {count: 1, template: {workload: {params: {targets: s0, concurrency: [4, 8]}}}}"),
                "clients[0].workload.params.concurrency", "a list [4, 8] was given where one value is accepted",
                "accepted: one whole number");
        assertError(error("clients: {count: 1, template: {workload: {params: {targets: s0, value-size: {min: 1, max: 2}}}}}"),
                "clients[0].workload.params.value-size", "a section {min: 1, max: 2} was given where one value or a list is accepted");
        // a parameter that takes several values still reads a list, comma-separated
        ScenarioFile file = loader.parse("""
                tenants: {count: 2, template: {memory: 16MiB}}
                clients: {count: 1, template: {workload: {params: {targets: [s0, s1]}}}}
                """, "targets.yaml");
        assertEquals(List.of("s0", "s1"), file.points().getFirst().scenario().clients().getFirst().workload().params().get("targets"));
        assertError(error("tenants: {count: 2, template: {memory: 16MiB}}\nclients: {count: 1, template: {workload: {params: "
                + "{targets: [s0, s9]}}}}"), "clients[0].workload.params.targets", "'s9'", "accepted: s0, s1");
    }

    @Test
    void anOutOfRangeValueIsNamedWithTheAcceptedRange() {
        assertError(error("nic: {tlb: {sets: 1000}}"), "nic.tlb.sets", "1000", "power of two", "the nearest are 512 and 1024");
        assertError(error("nic: {tlb: {sets: 500}}"), "nic.tlb.sets", "500 is not a positive power of two; the nearest are 256 and 512");
        assertError(error("nic: {tlb: {sets: 0}}"), "nic.tlb.sets", "0 is not a positive power of two; the smallest is 1");
        assertError(error("host: {reclaim: {low: 1.5}}"), "host.reclaim.low", "1.5", "[0, 1)");
        assertError(error("tenants: {count: 0}"), "tenants.count", "0", "from 1 to 32768");
        assertError(error("nic: {tlb: {partition: quota, quota: 9}}"), "nic.tlb.quota", "quota = 9", "1 .. 8");
        assertError(error("balloon: {idle-tax: 1.0}"), "balloon.idle-tax", "1.0", "[0, 1)");
        assertError(error("balloon: {thresholds: {soft: 0.07}}"), "balloon.thresholds.high", "0.06", "above the soft threshold (0.07)");
        assertError(error("link: {loss: 0.01}"), "link.loss", "0.01", "datagram");
        assertError(error("duration: 0s"), "duration", "0 ns", "positive duration");
        assertError(error("link: {mtu: 100}"), "link.mtu", "100", "256");
        assertError(error("nic: {fault-workers: 0}"), "nic.fault-workers", "0", "positive number of workers");
        assertError(error("nic: {pcie: {bandwidth: 0Gbps}}"), "nic.pcie.bandwidth", "0", "positive rate");
        assertError(error("nic: {pcie: {latency: 1us}}"), "nic.pcie.latency", "'latency'", "accepted: bandwidth, read-latency");
        // every CPU is a column of summary.csv and an entry of summary.json: a million of them wrote 92 MB a point,
        // and two such hosts ran out of heap
        assertError(error("host: {cpus: 1048576}"), "host.cpus", "1048576", "from 0 to 4096");
        assertError(error("client-host: {cpus: 4097}"), "client-host.cpus", "4097", "from 0 to 4096");
    }

    @Test
    void overcommitBeyondSwapNamesTheTenantThatDoesNotFit() {
        String yaml = """
                host: {memory: 512MiB, swap: 256MiB}
                tenants: {count: 4, template: {memory: 256MiB}}
                """;
        assertError(error(yaml), "tenants[3].memory", "1GiB", "512MiB + 256MiB", "raise host.swap to at least 512MiB");
    }

    @Test
    void pinAllBeyondRamIsRefusedBeforeAnythingIsPinned() {
        String yaml = """
                host: {memory: 512MiB}
                nic: {memory-policy: pin-all}
                tenants: {count: 4, template: {memory: 256MiB}}
                """;
        assertError(error(yaml), "nic.memory-policy", "1GiB in all", "host.memory (512MiB)", "on-demand");
    }

    @Test
    void aClientHostTooSmallForItsPinnedClientsIsNamed() {
        assertError(error("client-host: {memory: 64MiB}\nclients: {count: 2, template: {memory: 64MiB}}"), "client-host.memory",
                "64MiB", "128MiB in all", "at least about");
    }

    @Test
    void aTargetMustBeATenantAcrossTheLink() {
        assertError(error("clients: {count: 1, template: {workload: {params: {targets: \"s0,s9\"}}}}"), "clients[0].workload.params.targets",
                "'s9'", "accepted: s0");
        assertError(error("""
                tenants: {count: 2, template: {name: r, memory: 16MiB, workload: {name: mpi-halo,
                  params: {job: 2x2, colour: 0, rank: "${index}", peers: "q0,q9"}}}}
                clients: {count: 2, template: {name: q, memory: 16MiB, workload: {name: mpi-halo,
                  params: {job: 2x2, colour: 1, rank: "${index}", peers: "${servers}"}}}}
                """), "tenants[0].workload.params.peers", "'q9'", "accepted: q0, q1");
    }

    @Test
    void namesMustBeUniqueAcrossBothHosts() {
        assertError(error("clients: {count: 1, template: {name: s}}"), "clients[0].name", "'s0'", "unique across both hosts");
        assertError(error("tenants: [{name: a, memory: 64MiB, workload: {name: memcached}}, {name: a, memory: 64MiB, workload: {name: memcached}}]"),
                "tenants[1].name", "'a'", "unique");
    }

    @Test
    void aListEntryMustNameEveryField() {
        assertError(error("tenants: [{name: a, workload: {name: memcached}}]"), "tenants[0].memory", "missing", "a size such as");
    }

    @Test
    void anUnknownPlaceholderIsNamed() {
        assertError(error("clients: {count: 1, template: {workload: {params: {targets: \"${tenants}\"}}}}"),
                "clients[0].workload.params.targets", "'${tenants}'", "${servers}");
    }

    @Test
    void aPerTenantPolicyMustNameATenant() {
        assertError(error("nic: {memory-policy-by-tenant: {s7: pin-all}}"), "nic.memory-policy-by-tenant.s7", "'s7'", "server tenants: s0");
    }

    @Test
    void aSweepOverAnUnknownPathIsNamed() {
        assertError(error("sweep: {nic.memory-polcy: [pin-all, on-demand]}"), "sweep.nic.memory-polcy",
                "'memory-polcy'", "under nic", "memory-policy-by-tenant", "did you mean memory-policy?");
    }

    @Test
    void aBadSweepValueIsNamedByItsAxisAndIndex() {
        assertError(error("sweep: {nic.memory-policy: [on-demand, pin-most]}"), "sweep.nic.memory-policy[1]",
                "'pin-most'", "pin-all, pin-on-register");
    }

    @Test
    void invalidYamlNamesTheFileAndTheLine() {
        assertError(error("host:\n  memory: 1GiB\n   swap: 2GiB\n"), "test.yaml", "not valid YAML", "line 3");
        assertError(error("seed: 1\nseed: 2\n"), "test.yaml", "Duplicate field 'seed'");
    }

    @Test
    void aWorkloadThatPostsRdmaWritesIsRefusedOverTheDatagramTransport() {
        String pair = """
                nic: {transport: datagram, receive-fault-policy: drop}
                tenants: [{name: bw, memory: 16MiB, workload: {name: rdma-write-bandwidth, params: {role: server}}}]
                clients: [{name: bc, memory: 16MiB, workload: {name: rdma-write-bandwidth, params: {peer: bw}}}]
                """;
        assertError(error(pair), "nic.transport", "datagram carries no RDMA write", "tenants[0].workload (rdma-write-bandwidth)",
                "accepted: reliable");
        loader.parse(pair.replace("rdma-write-bandwidth", "rdma-send-bandwidth"), "sends.yaml");

        String halo = """
                nic: {transport: datagram, receive-fault-policy: drop}
                tenants: {count: 2, template: {name: r, memory: 8MiB, workload: {name: mpi-halo,
                  params: {job: 2x2, colour: 0, rank: "${index}", peers: "${clients}", halo: HALO}}}}
                clients: {count: 2, template: {name: q, memory: 8MiB, workload: {name: mpi-halo,
                  params: {job: 2x2, colour: 1, rank: "${index}", peers: "${servers}", halo: HALO}}}}
                """;
        assertError(error(halo.replace("HALO", "1KiB")), "nic.transport", "tenants[0].workload (mpi-halo)",
                "its eager messages are RDMA writes");
        loader.parse(halo.replace("HALO", "1KiB").replace("datagram, receive-fault-policy: drop", "reliable"), "reliable.yaml");
    }

    @Test
    void systemBufferCreditsThatCannotCarryAWorkloadsLargestMessageAreRefused() {
        String yaml = """
                nic: {receive-fault-policy: system-buffer, system-buffer-credits: CREDITS}
                link: {mtu: 1024}
                tenants: {count: 1, template: {memory: 16MiB}}
                clients: {count: 1, template: {memory: 16MiB, workload: {params: {targets: s0}}}}
                """;
        // memcached's 8 KiB reply buffer (as memaslap's request buffer) goes as 8 packets of 1 KiB, each a 4 KiB credit
        assertError(error(yaml.replace("CREDITS", "4")), "nic.system-buffer-credits", "4 credits cannot carry",
                "tenants[0].workload (memcached), 8192 bytes, which takes 8", "accepted: at least 8");
        assertError(error(yaml.replace("CREDITS", "4").replace("memory: 16MiB}}", "memory: 16MiB, workload: {params: "
                + "{reply-buffer-size: 1KiB}}}}")), "nic.system-buffer-credits", "clients[0].workload (memaslap), 8192 bytes");
        loader.parse(yaml.replace("CREDITS", "8"), "enough.yaml");
        loader.parse(yaml.replace("CREDITS", "4").replace("system-buffer,", "backup-ring,"), "no-credits.yaml");
    }
}
