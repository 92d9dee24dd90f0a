package org.overbook.workloads.dist;

import java.util.random.RandomGenerator;

/** Every item equally likely: YCSB's {@code uniform} request distribution and memaslap's key choice. */
public final class UniformGenerator implements ItemGenerator {

    private long items;

    /** Creates a generator over {@code itemCount} items. */
    public UniformGenerator(long itemCount) {
        this.items = ItemCounts.checkGrowth(1, itemCount);
    }

    @Override
    public long next(RandomGenerator rng) {
        return rng.nextLong(items);
    }

    @Override
    public long itemCount() {
        return items;
    }

    @Override
    public void growTo(long itemCount) {
        items = ItemCounts.checkGrowth(items, itemCount);
    }
}
