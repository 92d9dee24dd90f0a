package org.overbook.nic.tlb;

import java.util.random.RandomGenerator;

/**
 * How the NIC TLB picks the entry to replace once no candidate way of a set is free. The TLB keeps the
 * bookkeeping (a stamp per entry, set on every fill and, when {@link #refreshOnHit()}, on every hit); the
 * policy only chooses. The built-ins are {@link TlbReplacement}'s constants.
 */
public interface TlbReplacementPolicy {

    /** Returns whether a lookup that hits refreshes the entry's stamp (LRU), not only a fill (FIFO). */
    boolean refreshOnHit();

    /**
     * Returns the index, {@code 0 .. candidates.count() - 1}, of the candidate to replace. {@code random} is
     * the TLB's own seeded stream; draw from it only here, so that runs stay reproducible.
     */
    int victim(TlbCandidates candidates, RandomGenerator random);
}
