package org.overbook.nic.tlb;

/**
 * How the NIC TLB divides its entries between virtual functions (the fairness policies of CLUSTER 2005):
 * by giving each VF a range of sets of its own, by capping the entries a VF may hold in one set, or
 * neither. The built-ins are {@link TlbPartition}'s constants.
 */
public interface TlbPartitionPolicy {

    /**
     * Returns the contiguous range of sets that VF {@code vf}'s keys map to, as {@code {first, count}}, or
     * {@code null} if every VF's keys spread over every set.
     */
    default int[] sets(int vf, int vfs, int sets) {
        return null;
    }

    /**
     * Returns whether a VF may hold at most {@link TlbConfig#quota()} entries of one set; at its cap an
     * insert replaces one of its own entries there.
     */
    default boolean capsEntriesPerSet() {
        return false;
    }

    /**
     * Checks a geometry this policy cannot serve.
     *
     * @throws IllegalArgumentException naming the value at fault and what is accepted
     */
    default void validate(int sets, int ways, int vfs, int quota) {
    }
}
