package org.overbook.nic.tlb;

/**
 * A snapshot of one virtual function's NIC TLB counters since construction or the last
 * {@link NicTlb#resetCounters()}.
 *
 * @param hits             lookups that found their translation
 * @param misses           lookups that did not
 * @param inserts          inserts issued by this VF (re-inserts of a cached page included)
 * @param evicted          entries of this VF replaced by any insert (this VF's own included)
 * @param evictedByOthers  entries of this VF replaced by another VF's insert
 * @param occupancy        entries this VF holds now (not reset by {@code resetCounters})
 */
public record TlbVfStats(long hits, long misses, long inserts, long evicted, long evictedByOthers, int occupancy) {

    /** Returns hits over lookups, or 0 when this VF made no lookup. */
    public double hitRate() {
        long lookups = hits + misses;
        return lookups == 0 ? 0.0 : (double) hits / lookups;
    }
}
