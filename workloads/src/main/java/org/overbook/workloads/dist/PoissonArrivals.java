package org.overbook.workloads.dist;

import java.util.random.RandomGenerator;

/**
 * The gaps between Poisson arrivals at a given rate: exponential with mean 1/rate, drawn by inversion and
 * rounded to the nearest nanosecond. An open-loop load generator adds each gap to the last arrival's due time.
 *
 * @param ratePerSecond mean arrivals a second, positive
 */
public record PoissonArrivals(double ratePerSecond) {

    public PoissonArrivals {
        if (!(ratePerSecond > 0) || !Double.isFinite(ratePerSecond)) {
            throw new IllegalArgumentException("Poisson arrivals need a positive, finite rate: " + ratePerSecond);
        }
    }

    /** Draws the nanoseconds to the next arrival: one {@code nextDouble} of {@code rng}. */
    public long nextGapNanos(RandomGenerator rng) {
        // StrictMath, not Math: the same bits on every machine (see this package's notes)
        return Math.round(-StrictMath.log1p(-rng.nextDouble()) * 1e9 / ratePerSecond);
    }
}
