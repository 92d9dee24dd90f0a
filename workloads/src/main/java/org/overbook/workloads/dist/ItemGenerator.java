package org.overbook.workloads.dist;

import java.util.random.RandomGenerator;

/**
 * Chooses items (record numbers, key ids) from {@code [0, itemCount())}, YCSB style. The item space
 * can grow, as inserts in YCSB workloads D and E need; it never shrinks.
 */
public interface ItemGenerator {

    /** Returns the next item, in {@code [0, itemCount())}, drawing from {@code rng}. */
    long next(RandomGenerator rng);

    /** Returns the number of items currently chosen from. */
    long itemCount();

    /** Grows the item space to {@code itemCount} items; a count below the current one is an error. */
    void growTo(long itemCount);
}
