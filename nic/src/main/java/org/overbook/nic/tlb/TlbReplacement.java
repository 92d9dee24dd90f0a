package org.overbook.nic.tlb;

import java.util.List;

/**
 * How the NIC TLB picks a victim among the candidate ways of a set once no candidate way is free.
 * See {@link NicTlb} for exactly when each policy reads its state or draws a random number.
 */
public enum TlbReplacement {
    /** Least recently used: lookups that hit and fills both refresh an entry. */
    LRU("lru"),
    /** First in, first out: only fills (and re-inserts) refresh an entry; hits do not. */
    FIFO("fifo"),
    /** Uniform choice among the candidates, one draw from the TLB's random generator per eviction. */
    RANDOM("random");

    private final String configName;

    TlbReplacement(String configName) {
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
    public static TlbReplacement parse(String name) {
        return PolicyNames.parse("TLB replacement policy", values(), TlbReplacement::configName, name);
    }

    /** Returns the accepted names, in declaration order, for listings and error messages. */
    public static List<String> names() {
        return PolicyNames.names(values(), TlbReplacement::configName);
    }
}
