package org.overbook.workloads.dist;

import java.util.random.RandomGenerator;

/**
 * YCSB's {@code latest} distribution (workload D): zipfian popularity by recency, so the most
 * recently inserted item is the most popular, the one before it next, and so on.
 *
 * <p>As YCSB's {@code SkewedLatestGenerator} [1]: {@code newest - zipfian(n)}, with the zipfian
 * over the current item count, grown as items are inserted. One deliberate difference: YCSB takes
 * {@code last - zipfian(last)} with {@code last = n - 1}, which can never return item 0; here the
 * zipfian spans all n items so every item can be chosen.
 *
 * <p>[1] YCSB, {@code core/src/main/java/site/ycsb/generator/SkewedLatestGenerator.java}.
 */
public final class LatestGenerator implements ItemGenerator {

    private final ZipfianGenerator recency;

    /** Creates a generator over {@code itemCount} items, item {@code itemCount - 1} being the newest. */
    public LatestGenerator(long itemCount) {
        this(itemCount, ZipfianGenerator.DEFAULT_THETA);
    }

    /** Creates a generator with zipfian constant {@code theta}. */
    public LatestGenerator(long itemCount, double theta) {
        this.recency = new ZipfianGenerator(itemCount, theta);
    }

    @Override
    public long next(RandomGenerator rng) {
        return recency.itemCount() - 1 - recency.next(rng);
    }

    @Override
    public long itemCount() {
        return recency.itemCount();
    }

    /** Grows the space; the new items, the highest numbers, become the most popular. */
    @Override
    public void growTo(long itemCount) {
        recency.growTo(itemCount);
    }
}
