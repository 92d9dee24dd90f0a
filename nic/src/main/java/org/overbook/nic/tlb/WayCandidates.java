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
