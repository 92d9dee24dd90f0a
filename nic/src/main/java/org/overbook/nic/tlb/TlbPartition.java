package org.overbook.nic.tlb;

/**
 * The built-in TLB partition policies, CLUSTER 2005's answers to one tenant monopolising the cache
 * ({@link BuiltinTlbPolicies} registers them by name). See {@link NicTlb} for the exact rules.
 */
public enum TlbPartition implements TlbPartitionPolicy {
    /** Any VF may take any way of any set: one busy tenant can monopolise the cache. */
    SHARED("shared"),
    /** Each VF owns a disjoint, contiguous range of sets (set partitioning); no VF can evict another's entry. */
    STATIC("static") {
        /** VF {@code v} of {@code n} owns {@code sets / n} sets, plus one if {@code v < sets % n}. */
        @Override
        public int[] sets(int vf, int vfs, int sets) {
            int share = sets / vfs;
            int extra = sets % vfs;
            return new int[] {vf * share + Math.min(vf, extra), share + (vf < extra ? 1 : 0)};
        }

        @Override
        public void validate(int sets, int ways, int vfs, int quota) {
            if (vfs > sets) {
                throw new IllegalArgumentException("vfs = " + vfs + " with partition 'static' and " + sets
                        + " sets; accepted: vfs <= sets (each VF owns at least one set)");
            }
        }
    },
    /** A VF may hold at most {@link TlbConfig#quota()} entries of any one set; at its cap it replaces its own. */
    QUOTA("quota") {
        @Override
        public boolean capsEntriesPerSet() {
            return true;
        }

        @Override
        public void validate(int sets, int ways, int vfs, int quota) {
            if (quota < 1 || quota > ways) {
                throw new IllegalArgumentException("quota = " + quota + "; accepted with partition 'quota': 1 .. " + ways);
            }
        }
    };

    private final String configName;

    TlbPartition(String configName) {
        this.configName = configName;
    }

    /** Returns the name a scenario file uses for this policy. */
    public String configName() {
        return configName;
    }
}
