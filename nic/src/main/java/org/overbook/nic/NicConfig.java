package org.overbook.nic;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.Named;
import org.overbook.guest.Suggestions;
import org.overbook.hypervisor.sim.RandomStreams;
import org.overbook.nic.dma.FaultPath;
import org.overbook.nic.policy.MemoryPolicies;
import org.overbook.nic.policy.ReceiveFaultPolicies;

/**
 * A NIC: its TLB, what its VFs pin, how it handles receives that fault, and its costs. Each part is a
 * record of its own, named as the scenario file names it ({@code nic.tlb.sets}, {@code nic.receive.policy}).
 *
 * @param tlb     the NIC TLB shared by all VFs
 * @param pinning the VFs' memory policy and pin-down cache
 * @param receive      transport, receive-fault policy and its resources
 * @param pcie         the PCIe link the NIC's DMA crosses
 * @param faultWorkers the driver's workers that serve the NIC's network page faults, FIFO (mlx5: 32)
 * @param costs        the NIC's costs
 */
public record NicConfig(Tlb tlb, Pinning pinning, Receive receive, Pcie pcie, int faultWorkers, NicCosts costs) {

    /** mlx5's page-fault workqueue: {@code alloc_workqueue("mlx5_ib_page_fault", WQ_UNBOUND | WQ_MEM_RECLAIM, 32)}. */
    public static final int DEFAULT_FAULT_WORKERS = 32;

    /**
     * @param bitsPerSecond    usable bandwidth of each direction (Gen3 x16 after protocol overhead: about 115 Gb/s)
     * @param readLatencyNanos a small DMA read's round trip (pcie-bench, SIGCOMM 2018: about 550 ns)
     */
    public record Pcie(long bitsPerSecond, long readLatencyNanos) {

        /** Returns PCIe Gen3 x16: 115 Gb/s usable, 550 ns small-read latency. */
        public static Pcie gen3x16() {
            return new Pcie(115_000_000_000L, 550);
        }
    }

    /**
     * @param sets        sets, a power of two
     * @param ways        ways per set
     * @param replacement {@code lru}, {@code fifo}, {@code random} or a plug-in's (see {@link org.overbook.nic.tlb.TlbReplacements}),
     *                    with its parameters
     * @param partition   {@code shared}, {@code static}, {@code quota} or a plug-in's (see {@link org.overbook.nic.tlb.TlbPartitions}),
     *                    with its parameters
     * @param quota       with {@code quota}: entries one VF may hold in a set
     */
    public record Tlb(int sets, int ways, Named replacement, Named partition, int quota) {

        /** Returns a TLB whose policies are named alone, without parameters. */
        public Tlb(int sets, int ways, String replacement, String partition, int quota) {
            this(sets, ways, Named.of(replacement), Named.of(partition), quota);
        }
    }

    /**
     * @param memoryPolicy        the VFs' memory policy (see {@link MemoryPolicies}), with its parameters
     * @param byTenant            per-tenant overrides of the memory policy
     * @param pinDownCacheBytes   bound of each tenant's pin-down cache, in bytes
     * @param pinDownCacheRegions bound of each tenant's pin-down cache, in regions
     */
    public record Pinning(Named memoryPolicy, Map<String, Named> byTenant, long pinDownCacheBytes, int pinDownCacheRegions) {
        public Pinning {
            // in the caller's order (Map.copyOf's changes from JVM to JVM): which bad override an error names stays put
            byTenant = Collections.unmodifiableMap(new LinkedHashMap<>(byTenant));
        }

        /** Returns pinning whose policies are named alone, without parameters. */
        public Pinning(String memoryPolicy, Map<String, String> byTenant, long pinDownCacheBytes, int pinDownCacheRegions) {
            this(Named.of(memoryPolicy), named(byTenant), pinDownCacheBytes, pinDownCacheRegions);
        }
    }

    /** Returns each tenant's policy named alone, in the caller's order. */
    private static Map<String, Named> named(Map<String, String> byTenant) {
        Map<String, Named> out = new LinkedHashMap<>();
        byTenant.forEach((tenant, policy) -> out.put(tenant, Named.of(policy)));
        return out;
    }

    /**
     * @param transport           {@code reliable} (InfiniBand RC) or {@code datagram} (Ethernet, RTO retransmission)
     * @param policy              the receive-fault policy (see {@link ReceiveFaultPolicies}), with its parameters
     * @param faultPath           {@code software} or {@code iommu}
     * @param backupRingSlots     4 KiB slots of each VF's backup ring ({@code backup-ring})
     * @param systemBufferCredits 4 KiB credits each queue pair holds for its peer's system buffer ({@code system-buffer})
     * @param prefetchWindowBytes pages of the faulting region brought in after a receive fault (mlx5 ODP: 4 MiB)
     */
    public record Receive(String transport, Named policy, String faultPath, int backupRingSlots, int systemBufferCredits,
                          long prefetchWindowBytes) {

        /** Returns receive settings whose policy is named alone, without parameters. */
        public Receive(String transport, String policy, String faultPath, int backupRingSlots, int systemBufferCredits,
                       long prefetchWindowBytes) {
            this(transport, Named.of(policy), faultPath, backupRingSlots, systemBufferCredits, prefetchWindowBytes);
        }
    }

    /** Returns a NIC with a 512 x 8 shared LRU TLB, RC transport with RNR NACK, the software fault path, and {@code memoryPolicy}. */
    public static NicConfig of(String memoryPolicy) {
        return new NicConfig(new Tlb(512, 8, "lru", "shared", 8),
                new Pinning(memoryPolicy, Map.of(), 64L << 20, 1024),
                new Receive("reliable", "rnr-nack", "software", 1024, 16, 4L << 20),
                Pcie.gen3x16(), DEFAULT_FAULT_WORKERS, NicCosts.defaults());
    }

    public NicConfig withMemoryPolicy(String policy) {
        return new NicConfig(tlb, new Pinning(Named.of(policy), pinning.byTenant(), pinning.pinDownCacheBytes(), pinning.pinDownCacheRegions()),
                receive, pcie, faultWorkers, costs);
    }

    public NicConfig withMemoryPolicies(String policy, Map<String, String> byTenant) {
        return new NicConfig(tlb, new Pinning(Named.of(policy), named(byTenant), pinning.pinDownCacheBytes(), pinning.pinDownCacheRegions()),
                receive, pcie, faultWorkers, costs);
    }

    public NicConfig withPinDownCache(long bytes, int regions) {
        return new NicConfig(tlb, new Pinning(pinning.memoryPolicy(), pinning.byTenant(), bytes, regions), receive, pcie,
                faultWorkers, costs);
    }

    public NicConfig withTlb(int sets, int ways, String replacement, String partition, int quota) {
        return new NicConfig(new Tlb(sets, ways, replacement, partition, quota), pinning, receive, pcie, faultWorkers, costs);
    }

    public NicConfig withTransport(String transport, String policy) {
        return withReceive(new Receive(transport, Named.of(policy), receive.faultPath(), receive.backupRingSlots(),
                receive.systemBufferCredits(), receive.prefetchWindowBytes()));
    }

    public NicConfig withFaultPath(String path) {
        return withReceive(new Receive(receive.transport(), receive.policy(), path, receive.backupRingSlots(),
                receive.systemBufferCredits(), receive.prefetchWindowBytes()));
    }

    public NicConfig withReceive(Receive newReceive) {
        return new NicConfig(tlb, pinning, newReceive, pcie, faultWorkers, costs);
    }

    public NicConfig withPcie(Pcie newPcie) {
        return new NicConfig(tlb, pinning, receive, newPcie, faultWorkers, costs);
    }

    /** Returns whether the transport is the reliable one. */
    public boolean reliable() {
        return "reliable".equals(receive.transport());
    }

    /** Returns the memory policy of tenant {@code tenant}, with its parameters. */
    public Named memoryPolicyOf(String tenant) {
        return pinning.byTenant().getOrDefault(tenant, pinning.memoryPolicy());
    }

    /**
     * Checks names (among the built-in policies), their parameters and ranges; {@code prefix} is the scenario path of
     * this NIC ({@code nic}).
     *
     * @throws ConfigurationException naming the field at fault
     */
    public void validate(String prefix) {
        validate(prefix, Policies.builtIn(), new RandomStreams(0));
    }

    /**
     * Checks names (in {@code policies}), their parameters and ranges; {@code prefix} is the scenario path of this NIC
     * ({@code nic}). Each policy is made once, as the NIC will make it, with a generator of {@code random} (which the
     * run does not share: a stream depends on nothing but its seed and name).
     *
     * @throws ConfigurationException naming the field at fault
     */
    public void validate(String prefix, Policies policies, RandomStreams random) {
        if (tlb.sets() <= 0 || Integer.bitCount(tlb.sets()) != 1) {
            throw new ConfigurationException(prefix + ".tlb.sets", tlb.sets() + " is not a positive power of two; "
                    + Suggestions.powersOfTwoNear(tlb.sets()));
        }
        if (tlb.ways() <= 0) {
            throw new ConfigurationException(prefix + ".tlb.ways", tlb.ways() + " must be positive");
        }
        policies.tlbReplacement().create(prefix + ".tlb.replacement", tlb.replacement(),
                random.stream(Nic.streamName(prefix, "tlb/replacement")));
        policies.tlbPartition().create(prefix + ".tlb.partition", tlb.partition(), random.stream(Nic.streamName(prefix, "tlb/partition")));
        policies.memory().create(prefix + ".memory-policy", pinning.memoryPolicy(),
                random.stream(Nic.streamName(prefix, "memory-policy")));
        pinning.byTenant().forEach((tenant, policy) -> policies.memory().create(prefix + ".memory-policy-by-tenant." + tenant, policy,
                random.stream(Nic.streamName(prefix, "memory-policy/" + tenant))));
        if (pinning.pinDownCacheBytes() <= 0 || pinning.pinDownCacheRegions() <= 0) {
            throw new ConfigurationException(prefix + ".pin-down-cache", "bounds must be positive (bytes " + pinning.pinDownCacheBytes()
                    + ", regions " + pinning.pinDownCacheRegions() + ")");
        }
        if (!"reliable".equals(receive.transport()) && !"datagram".equals(receive.transport())) {
            throw new ConfigurationException(prefix + ".transport", "unknown transport '" + receive.transport() + "'; accepted: reliable, datagram");
        }
        if (!policies.receiveFault().create(prefix + ".receive-fault-policy", receive.policy(),
                random.stream(Nic.streamName(prefix, "receive-fault-policy"))).supports(reliable())) {
            throw new ConfigurationException(prefix + ".receive-fault-policy", "'" + receive.policy().name() + "' does not work with the "
                    + receive.transport() + " transport (rnr-nack needs reliable: only InfiniBand can NACK; drop needs datagram: RC has no timeout to recover)");
        }
        FaultPath.parse(prefix + ".fault-path", receive.faultPath());
        if (receive.backupRingSlots() <= 0) {
            throw new ConfigurationException(prefix + ".backup-ring-slots", receive.backupRingSlots() + " must be positive");
        }
        if (receive.systemBufferCredits() <= 0) {
            throw new ConfigurationException(prefix + ".system-buffer-credits", receive.systemBufferCredits() + " must be positive");
        }
        if (receive.prefetchWindowBytes() < 0) {
            throw new ConfigurationException(prefix + ".prefetch-window", receive.prefetchWindowBytes() + " bytes is negative");
        }
        if (pcie.bitsPerSecond() <= 0) {
            throw new ConfigurationException(prefix + ".pcie.bandwidth", pcie.bitsPerSecond() + " b/s; accepted: a positive rate such as 115Gbps");
        }
        if (pcie.readLatencyNanos() < 0) {
            throw new ConfigurationException(prefix + ".pcie.read-latency", pcie.readLatencyNanos() + " ns; accepted: zero or more, such as 550ns");
        }
        if (faultWorkers <= 0) {
            throw new ConfigurationException(prefix + ".fault-workers", faultWorkers + "; accepted: a positive number of workers, such as 32 (mlx5)");
        }
    }
}
