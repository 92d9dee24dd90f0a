package org.overbook.workloads.dist;

import java.util.random.RandomGenerator;

/**
 * The Facebook ETC pool's fitted distributions [1], turned into whole request sizes and arrival gaps.
 *
 * <ul>
 *   <li>Key size: GEV(μ 30.7984, σ 8.20449, k 0.078688) bytes.</li>
 *   <li>Value size: GP(θ 0, σ 214.476, k 0.348238) bytes.</li>
 *   <li>Inter-arrival gap: GP(θ 0, σ 16.0292, k 0.154971) microseconds.</li>
 *   <li>GET:SET ratio 30:1 (the mix itself is drawn by the ETC load stream).</li>
 * </ul>
 *
 * <p>Sizes are continuous fits of byte counts, so they are rounded to the nearest whole byte
 * ({@link Math#round(double)}) and then clamped:
 * <ul>
 *   <li>keys to [1, 250] bytes: memcached's key limit is 250 bytes and an empty key does not exist.
 *       The clamp is nearly free: P(X &lt; 10.5) ≈ 2e-7 and P(X &gt; 250.5) ≈ 6e-7 for this GEV;</li>
 *   <li>values to [1, 1 MiB]: a one-byte floor (rounding maps GP draws below 0.5 to 0, P ≈ 0.0023)
 *       and memcached's default item size limit as the ceiling (P(X &gt; 1 MiB) ≈ 5e-10). Overbook's
 *       codec rejects a value only when it is strictly larger than the limit, so every ETC value
 *       is storable.</li>
 * </ul>
 * Arrival gaps are converted to virtual nanoseconds, rounded to the nearest nanosecond; a gap of 0
 * (two requests in the same nanosecond) is allowed.
 *
 * <p>[1] B. Atikoglu, Y. Xu, E. Frachtenberg, S. Jiang, M. Paleczny. Workload Analysis of a
 * Large-Scale Key-Value Store. SIGMETRICS 2012, section 5 and table 5.
 */
public final class FacebookEtc {

    /** The fitted key-size distribution, in bytes. */
    public static final GeneralizedExtremeValue KEY_SIZE = new GeneralizedExtremeValue(30.7984, 8.20449, 0.078688);
    /** The fitted value-size distribution, in bytes. */
    public static final GeneralizedPareto VALUE_SIZE = new GeneralizedPareto(0, 214.476, 0.348238);
    /** The fitted inter-arrival distribution, in microseconds. */
    public static final GeneralizedPareto INTER_ARRIVAL_MICROS = new GeneralizedPareto(0, 16.0292, 0.154971);

    /** GETs per SET. */
    public static final int GETS_PER_SET = 30;
    /** The smallest key, in bytes. */
    public static final int MIN_KEY_LENGTH = 1;
    /** The longest key memcached accepts, in bytes. */
    public static final int MAX_KEY_LENGTH = 250;
    /** The smallest value, in bytes. */
    public static final int MIN_VALUE_LENGTH = 1;
    /** The largest value, in bytes: memcached's default item size limit. */
    public static final int MAX_VALUE_LENGTH = 1 << 20;

    private FacebookEtc() {
    }

    /** Returns the key length at quantile {@code p} in (0, 1), rounded and clamped as documented. */
    public static int keyLengthAt(double p) {
        return clampRound(KEY_SIZE.quantile(p), MIN_KEY_LENGTH, MAX_KEY_LENGTH);
    }

    /** Draws a key length in bytes. */
    public static int sampleKeyLength(RandomGenerator rng) {
        return keyLengthAt(UnitInterval.open(rng));
    }

    /** Draws a value length in bytes. */
    public static int sampleValueLength(RandomGenerator rng) {
        return clampRound(VALUE_SIZE.sample(rng), MIN_VALUE_LENGTH, MAX_VALUE_LENGTH);
    }

    /** Draws the gap to the next request, in microseconds, unrounded. */
    public static double sampleInterArrivalMicros(RandomGenerator rng) {
        return INTER_ARRIVAL_MICROS.sample(rng);
    }

    /** Draws the gap to the next request in nanoseconds, rounded to the nearest nanosecond. */
    public static long sampleInterArrivalNanos(RandomGenerator rng) {
        return Math.round(sampleInterArrivalMicros(rng) * 1_000.0);
    }

    private static int clampRound(double x, int min, int max) {
        if (!(x < max)) {            // also catches +infinity and NaN, which cannot occur for p in (0, 1)
            return max;
        }
        long rounded = Math.round(x);
        return (int) Math.max(min, Math.min(max, rounded));
    }
}
