package org.overbook.workloads.dist;

import java.util.random.RandomGenerator;

/**
 * YCSB's zipfian item generator: item 0 is the most popular, item 1 the next, and so on, with
 * P(item i) roughly proportional to {@code 1/(i+1)^θ} (θ = 0.99 by default).
 *
 * <h2>Design</h2>
 * The algorithm is Gray et al.'s [1], as YCSB implements it [2]. With {@code ζ(n) = Σ_{i=1..n} i^-θ},
 * {@code α = 1/(1-θ)} and {@code η = (1 - (2/n)^(1-θ)) / (1 - ζ(2)/ζ(n))}, one uniform {@code u}
 * gives item 0 if {@code uζ(n) < 1}, item 1 if {@code uζ(n) < 1 + 2^-θ}, and otherwise
 * {@code floor(n (ηu - η + 1)^α)}. Items 0 and 1 get their exact Zipf probabilities; the rest follow
 * a continuous approximation of the Zipf tail, so the generator is close to, but not exactly, Zipf
 * (total variation about 0.01 to 0.02 for n from 10 to 1000 at θ = 0.99). That is deliberate:
 * Overbook generates the same load YCSB generates.
 *
 * <p>Growth: {@link #growTo(long)} extends ζ(n) incrementally, O(new items), as YCSB does when
 * {@code nextLong(itemcount)} sees a larger count. Unlike YCSB, which recomputes η with the item count
 * given at construction (a known slip), η is recomputed with the new count, so the grown generator
 * is exactly the one a fresh construction would give. Construction costs O(n) for ζ(n).
 *
 * <p>[1] J. Gray, P. Sundaresan, S. Englert, K. Baclawski, P. J. Weinberger. Quickly Generating
 * Billion-Record Synthetic Databases. SIGMOD 1994.
 * [2] YCSB, {@code core/src/main/java/site/ycsb/generator/ZipfianGenerator.java}.
 */
public final class ZipfianGenerator implements ItemGenerator {

    /** YCSB's default zipfian constant. */
    public static final double DEFAULT_THETA = 0.99;

    private final double theta;
    private final double alpha;
    private final double zeta2;
    private final double secondThreshold;
    private long items;
    private double zetan;
    private double eta;

    /** Creates a generator over {@code itemCount} items with θ = 0.99. */
    public ZipfianGenerator(long itemCount) {
        this(itemCount, DEFAULT_THETA);
    }

    /** Creates a generator over {@code itemCount} items with zipfian constant {@code theta} in (0, 1). */
    public ZipfianGenerator(long itemCount, double theta) {
        this(itemCount, theta, zeta(0, ItemCounts.checkGrowth(1, itemCount), theta, 0));
    }

    /** Creates a generator with a precomputed {@code zetan} = ζ(itemCount) (for huge item spaces). */
    ZipfianGenerator(long itemCount, double theta, double zetan) {
        if (!(theta > 0 && theta < 1)) {
            throw new IllegalArgumentException("zipfian constant must lie in (0, 1): " + theta);
        }
        this.items = ItemCounts.checkGrowth(1, itemCount);
        this.theta = theta;
        this.alpha = 1.0 / (1.0 - theta);
        this.zeta2 = zeta(0, 2, theta, 0);
        this.secondThreshold = 1.0 + StrictMath.pow(0.5, theta);
        this.zetan = zetan;
        this.eta = eta(items);
    }

    @Override
    public long next(RandomGenerator rng) {
        double u = rng.nextDouble();
        double uz = u * zetan;
        if (uz < 1.0) {
            return 0;
        }
        if (uz < secondThreshold) {
            return 1;
        }
        long item = (long) (items * StrictMath.pow(eta * u - eta + 1, alpha));
        return Math.min(item, items - 1);   // guards the u → 1 rounding edge; YCSB leaves it open
    }

    @Override
    public long itemCount() {
        return items;
    }

    @Override
    public void growTo(long itemCount) {
        long grown = ItemCounts.checkGrowth(items, itemCount);
        if (grown != items) {
            zetan = zeta(items, grown, theta, zetan);
            items = grown;
            eta = eta(items);
        }
    }

    /** Returns the zipfian constant θ. */
    public double theta() {
        return theta;
    }

    /** Returns ζ(itemCount()) = Σ_{i=1..n} i^-θ, the normaliser of the head probabilities. */
    public double zetan() {
        return zetan;
    }

    private double eta(long n) {
        return (1 - StrictMath.pow(2.0 / n, 1 - theta)) / (1 - zeta2 / zetan);
    }

    /** Returns {@code initialSum + Σ_{i=from..to-1} 1/(i+1)^θ}. */
    static double zeta(long from, long to, double theta, double initialSum) {
        double sum = initialSum;
        for (long i = from; i < to; i++) {
            sum += 1 / StrictMath.pow(i + 1, theta);
        }
        return sum;
    }
}
