package org.overbook.nic.tlb;

import java.util.random.RandomGenerator;

/**
 * The built-in TLB replacement policies ({@link BuiltinTlbPolicies} registers them by name).
 * See {@link NicTlb} for exactly when each reads its state or draws a random number.
 */
public enum TlbReplacement implements TlbReplacementPolicy {
    /** Least recently used: lookups that hit and fills both refresh an entry. */
    LRU("lru", true),
    /** First in, first out: only fills (and re-inserts) refresh an entry; hits do not. */
    FIFO("fifo", false),
    /** Uniform choice among the candidates, one draw from the TLB's random generator per eviction. */
    RANDOM("random", false) {
        @Override
        public int victim(TlbCandidates candidates, RandomGenerator random) {
            return random.nextInt(candidates.count());
        }
    };

    private final String configName;
    private final boolean refreshOnHit;

    TlbReplacement(String configName, boolean refreshOnHit) {
        this.configName = configName;
        this.refreshOnHit = refreshOnHit;
    }

    /** Returns the name a scenario file uses for this policy. */
    public String configName() {
        return configName;
    }

    @Override
    public boolean refreshOnHit() {
        return refreshOnHit;
    }

    /** The oldest stamp, the first in way order on a tie (LRU and FIFO). */
    @Override
    public int victim(TlbCandidates candidates, RandomGenerator random) {
        int oldest = 0;
        for (int i = 1; i < candidates.count(); i++) {
            if (candidates.stamp(i) < candidates.stamp(oldest)) {
                oldest = i;
            }
        }
        return oldest;
    }
}
