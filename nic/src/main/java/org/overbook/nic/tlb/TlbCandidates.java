package org.overbook.nic.tlb;

/**
 * The entries a {@link TlbReplacementPolicy} chooses among: the valid entries of one set that an insert
 * may replace (all ways of the set, or a capped VF's own), in way order.
 */
public interface TlbCandidates {

    /** Returns how many candidates there are, at least one. */
    int count();

    /** Returns candidate {@code i}'s stamp: a TLB-wide counter read at its last fill (and, if the policy asks, its last hit). */
    long stamp(int i);

    /** Returns the VF that owns candidate {@code i}. */
    int vf(int i);

    /** Returns the guest page candidate {@code i} translates. */
    long page(int i);
}
