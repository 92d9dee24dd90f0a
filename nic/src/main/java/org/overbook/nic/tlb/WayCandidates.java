package org.overbook.nic.tlb;

/**
 * The candidate ways of the set being filled, as the replacement policy sees them: each named by the index of its
 * tag in the TLB's entries ({@link NicTlb}'s layout: a set's tags, then their stamps, then their frames). Reused by
 * every insert; allocates nothing.
 */
final class WayCandidates implements TlbCandidates {

    private final long[] entries;
    private final int ways;
    /** The candidates' tag indexes, {@link #count} of them, in way order. */
    final int[] slots;
    int count;

    WayCandidates(long[] entries, int ways) {
        this.entries = entries;
        this.ways = ways;
        this.slots = new int[ways];
    }

    /**
     * Returns the tag index of the way with the oldest stamp in the set at {@code base}, the first in way order on a
     * tie: what the built-in LRU and FIFO choose when every way is a candidate ({@link TlbReplacement#victim}), read
     * straight off the set's stamps without listing the candidates. With many VFs every set is full, and this is the
     * path of every insert that misses.
     */
    int oldestOfSet(int base) {
        int stamps = base + ways;
        int oldest = 0;
        long oldestStamp = entries[stamps];
        for (int way = 1; way < ways; way++) {
            long stamp = entries[stamps + way];
            if (stamp < oldestStamp) {
                oldest = way;
                oldestStamp = stamp;
            }
        }
        return base + oldest;
    }

    @Override
    public int count() {
        return count;
    }

    @Override
    public long stamp(int i) {
        return entries[slots[i] + ways];
    }

    @Override
    public int vf(int i) {
        return NicTlb.ownerOf(entries[slots[i]]);
    }

    @Override
    public long page(int i) {
        return entries[slots[i]] & NicTlb.MAX_PAGE;
    }
}
