package org.overbook.workloads.dist;

/** Validation shared by the item generators. */
final class ItemCounts {

    private ItemCounts() {
    }

    /** Returns {@code requested} if it is at least 1 and at least {@code current}; throws otherwise. */
    static long checkGrowth(long current, long requested) {
        if (requested < 1 || requested < current) {
            throw new IllegalArgumentException("item count can only grow, and must be at least 1: " + current + " -> " + requested);
        }
        return requested;
    }
}
