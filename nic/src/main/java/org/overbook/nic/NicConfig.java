package org.overbook.nic;

import java.util.Map;
import org.overbook.guest.ConfigurationException;
import org.overbook.nic.dma.FaultPath;
import org.overbook.nic.policy.MemoryPolicies;
import org.overbook.nic.policy.ReceiveFaultPolicies;
import org.overbook.nic.tlb.TlbPartition;
import org.overbook.nic.tlb.TlbReplacement;

/**
 * A NIC: its TLB geometry and policies, the memory policy of its VFs (with per-tenant overrides), the
 * receive-fault policy, the transport, the fault path and the costs.
 *
 * @param tlbSets             NIC TLB sets, a power of two
 * @param tlbWays             NIC TLB ways per set
 * @param tlbReplacement      {@code lru}, {@code fifo} or {@code random}
 * @param tlbPartition        {@code shared}, {@code static} or {@code quota}
 * @param tlbQuota            with {@code quota}: entries one VF may hold in a set
 * @param memoryPolicy        the VFs' memory policy (see {@link MemoryPolicies})
 * @param memoryPolicyByTenant per-tenant overrides of the memory policy
 * @param receiveFaultPolicy  see {@link ReceiveFaultPolicies}
 * @param transport           {@code reliable} (InfiniBand RC) or {@code datagram} (Ethernet, RTO retransmission)
 * @param faultPath           {@code software} or {@code iommu}
 * @param pinDownCacheBytes   bound of each tenant's pin-down cache, in bytes
 * @param pinDownCacheRegions bound of each tenant's pin-down cache, in regions
 * @param costs               the NIC's costs
 */
public record NicConfig(int tlbSets, int tlbWays, String tlbReplacement, String tlbPartition, int tlbQuota,
                        String memoryPolicy, Map<String, String> memoryPolicyByTenant, String receiveFaultPolicy,
                        String transport, String faultPath, long pinDownCacheBytes, int pinDownCacheRegions, NicCosts costs) {

    public NicConfig {
        memoryPolicyByTenant = Map.copyOf(memoryPolicyByTenant);
    }

    /** Returns a NIC with a 512 x 8 shared LRU TLB, RC transport with RNR NACK, the software fault path, and {@code memoryPolicy}. */
    public static NicConfig of(String memoryPolicy) {
        return new NicConfig(512, 8, "lru", "shared", 8, memoryPolicy, Map.of(), "rnr-nack", "reliable", "software",
                64L << 20, 1024, NicCosts.defaults());
    }

    public NicConfig withMemoryPolicy(String policy) {
        return new NicConfig(tlbSets, tlbWays, tlbReplacement, tlbPartition, tlbQuota, policy, memoryPolicyByTenant,
                receiveFaultPolicy, transport, faultPath, pinDownCacheBytes, pinDownCacheRegions, costs);
    }

    public NicConfig withTransport(String newTransport, String newReceiveFaultPolicy) {
        return new NicConfig(tlbSets, tlbWays, tlbReplacement, tlbPartition, tlbQuota, memoryPolicy, memoryPolicyByTenant,
                newReceiveFaultPolicy, newTransport, faultPath, pinDownCacheBytes, pinDownCacheRegions, costs);
    }

    public NicConfig withTlb(int sets, int ways, String replacement, String partition, int quota) {
        return new NicConfig(sets, ways, replacement, partition, quota, memoryPolicy, memoryPolicyByTenant,
                receiveFaultPolicy, transport, faultPath, pinDownCacheBytes, pinDownCacheRegions, costs);
    }

    public NicConfig withPinDownCache(long bytes, int regions) {
        return new NicConfig(tlbSets, tlbWays, tlbReplacement, tlbPartition, tlbQuota, memoryPolicy, memoryPolicyByTenant,
                receiveFaultPolicy, transport, faultPath, bytes, regions, costs);
    }

    public NicConfig withCosts(NicCosts newCosts) {
        return new NicConfig(tlbSets, tlbWays, tlbReplacement, tlbPartition, tlbQuota, memoryPolicy, memoryPolicyByTenant,
                receiveFaultPolicy, transport, faultPath, pinDownCacheBytes, pinDownCacheRegions, newCosts);
    }

    public NicConfig withFaultPath(String path) {
        return new NicConfig(tlbSets, tlbWays, tlbReplacement, tlbPartition, tlbQuota, memoryPolicy, memoryPolicyByTenant,
                receiveFaultPolicy, transport, path, pinDownCacheBytes, pinDownCacheRegions, costs);
    }

    /** Returns whether the transport is the reliable one. */
    public boolean reliable() {
        return "reliable".equals(transport);
    }

    /** Returns the memory policy of tenant {@code tenant}. */
    public String memoryPolicyOf(String tenant) {
        return memoryPolicyByTenant.getOrDefault(tenant, memoryPolicy);
    }

    /**
     * Checks names and ranges; {@code prefix} is the scenario path of this NIC ({@code nic}).
     *
     * @throws ConfigurationException naming the field at fault
     */
    public void validate(String prefix) {
        if (tlbSets <= 0 || Integer.bitCount(tlbSets) != 1) {
            throw new ConfigurationException(prefix + ".tlb.sets", tlbSets + " is not a positive power of two");
        }
        if (tlbWays <= 0) {
            throw new ConfigurationException(prefix + ".tlb.ways", tlbWays + " must be positive");
        }
        parse(prefix + ".tlb.replacement", () -> TlbReplacement.parse(tlbReplacement));
        parse(prefix + ".tlb.partition", () -> TlbPartition.parse(tlbPartition));
        MemoryPolicies.create(prefix + ".memory-policy", memoryPolicy);
        memoryPolicyByTenant.forEach((tenant, policy) -> MemoryPolicies.create(prefix + ".memory-policy-by-tenant." + tenant, policy));
        if (!"reliable".equals(transport) && !"datagram".equals(transport)) {
            throw new ConfigurationException(prefix + ".transport", "unknown transport '" + transport + "'; accepted: reliable, datagram");
        }
        if (!ReceiveFaultPolicies.create(prefix + ".receive-fault-policy", receiveFaultPolicy).supports(reliable())) {
            throw new ConfigurationException(prefix + ".receive-fault-policy", "'" + receiveFaultPolicy + "' does not work with the "
                    + transport + " transport (rnr-nack needs reliable: only InfiniBand can NACK; drop needs datagram: RC has no timeout to recover)");
        }
        FaultPath.parse(prefix + ".fault-path", faultPath);
        if (pinDownCacheBytes <= 0 || pinDownCacheRegions <= 0) {
            throw new ConfigurationException(prefix + ".pin-down-cache", "bounds must be positive (bytes " + pinDownCacheBytes
                    + ", regions " + pinDownCacheRegions + ")");
        }
    }

    private static void parse(String field, Runnable parse) {
        try {
            parse.run();
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException(field, e.getMessage());
        }
    }
}
