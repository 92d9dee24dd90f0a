package org.overbook.workloads.dist;

import java.util.random.RandomGenerator;

/**
 * YCSB's scrambled zipfian: zipfian popularity with the popular items scattered over the item space
 * instead of clustered at 0, 1, 2, ... (YCSB's default request distribution).
 *
 * <h2>Design</h2>
 * As YCSB's {@code ScrambledZipfianGenerator} [1]: draw a rank from a zipfian (θ = 0.99) over a huge
 * fixed space of {@value #RANK_SPACE} ranks, hash it with 64-bit FNV-1a ({@link #fnv64(long)}) and
 * take it modulo the item count. Because the rank generator never changes, growing the item space is
 * O(1), though it changes the modulus and so which items are hot; YCSB's core workload avoids that
 * by sizing the space for the expected inserts up front, and the YCSB load stream does likewise.
 *
 * <p>The rank generator uses YCSB's precomputed {@code ZETAN = 26.46902820178302}, kept for fidelity
 * to YCSB: that is ζ(10^10, 0.99) (YCSB's earlier rank space), not ζ(10^16, 0.99) ≈ 45.12, so the
 * hottest rank gets 1/26.47 ≈ 3.8% of draws where a self-consistent ζ would give 2.2%. Gray's
 * method still yields a proper distribution with that normaliser; it is YCSB's, slightly hotter
 * head included.
 *
 * <p>[1] YCSB, {@code core/src/main/java/site/ycsb/generator/ScrambledZipfianGenerator.java} and
 * {@code core/src/main/java/site/ycsb/Utils.java} ({@code fnvhash64}).
 */
public final class ScrambledZipfianGenerator implements ItemGenerator {

    /** The number of zipfian ranks hashed onto the items: YCSB's {@code ITEM_COUNT}. */
    public static final long RANK_SPACE = 10_000_000_000_000_000L;
    /** YCSB's precomputed normaliser for the rank generator at θ = 0.99. */
    public static final double YCSB_ZETAN = 26.46902820178302;

    private static final long FNV_OFFSET_BASIS_64 = 0xCBF29CE484222325L;
    private static final long FNV_PRIME_64 = 1099511628211L;

    private final ZipfianGenerator ranks = new ZipfianGenerator(RANK_SPACE, ZipfianGenerator.DEFAULT_THETA, YCSB_ZETAN);
    private long items;

    /** Creates a generator over {@code itemCount} items. */
    public ScrambledZipfianGenerator(long itemCount) {
        this.items = ItemCounts.checkGrowth(1, itemCount);
    }

    @Override
    public long next(RandomGenerator rng) {
        return itemOfRank(ranks.next(rng), items);
    }

    @Override
    public long itemCount() {
        return items;
    }

    @Override
    public void growTo(long itemCount) {
        items = ItemCounts.checkGrowth(items, itemCount);
    }

    /** Returns the item that zipfian rank {@code rank} lands on among {@code itemCount} items. */
    public static long itemOfRank(long rank, long itemCount) {
        return fnv64(rank) % itemCount;
    }

    /**
     * YCSB's {@code Utils.fnvhash64}: FNV-1a over the eight bytes of {@code value}, least significant
     * first, then the absolute value. The one hash whose absolute value overflows, Long.MIN_VALUE,
     * is folded to 0 so the result is never negative.
     */
    public static long fnv64(long value) {
        long hash = FNV_OFFSET_BASIS_64;
        long v = value;
        for (int i = 0; i < 8; i++) {
            hash ^= v & 0xFF;
            hash *= FNV_PRIME_64;
            v >>= 8;
        }
        long abs = Math.abs(hash);
        return abs < 0 ? 0 : abs;
    }
}
