package org.overbook.nic.tlb;

import java.util.List;

/**
 * How the NIC TLB divides its entries between virtual functions (the fairness policies of CLUSTER 2005).
 * See {@link NicTlb} for the exact rules.
 */
public enum TlbPartition {
    /** Any VF may take any way of any set: one busy tenant can monopolise the cache. */
    SHARED("shared"),
    /** Each VF owns a disjoint, contiguous range of sets (set partitioning); no VF can evict another's entry. */
    STATIC("static"),
    /** A VF may hold at most {@link TlbConfig#quota()} entries of any one set; at its cap it replaces its own. */
    QUOTA("quota");

    private final String configName;

    TlbPartition(String configName) {
        this.configName = configName;
    }

    /** Returns the name a scenario file uses for this policy. */
    public String configName() {
        return configName;
    }

    /**
     * Returns the policy a scenario names (case-insensitive).
     *
     * @throws IllegalArgumentException naming the accepted values if {@code name} is unknown
     */
    public static TlbPartition parse(String name) {
        return PolicyNames.parse("TLB partition policy", values(), TlbPartition::configName, name);
    }

    /** Returns the accepted names, in declaration order, for listings and error messages. */
    public static List<String> names() {
        return PolicyNames.names(values(), TlbPartition::configName);
    }
}
