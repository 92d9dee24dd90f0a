package org.overbook.workloads.dist;

import java.util.random.RandomGenerator;

/** Uniform numbers in the open interval (0, 1), the input of every inverse-CDF sampler here. */
public final class UnitInterval {

    private static final double ULP_53 = 0x1.0p-53;

    private UnitInterval() {
    }

    /** Returns a uniform double strictly between 0 and 1, drawn from {@code rng}. */
    public static double open(RandomGenerator rng) {
        return open(rng.nextLong());
    }

    /**
     * Maps 64 random bits to a double strictly between 0 and 1: the top 53 bits, centred in their
     * cell, so neither 0 nor 1 can occur and a quantile function never sees an infinite argument.
     */
    public static double open(long bits) {
        return ((bits >>> 11) + 0.5) * ULP_53;
    }

    /** Returns a well-mixed 64-bit hash of {@code x} (the SplitMix64 finaliser, Stafford's variant 13). */
    public static long mix64(long x) {
        long z = x;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
