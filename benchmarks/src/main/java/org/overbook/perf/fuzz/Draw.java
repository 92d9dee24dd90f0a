package org.overbook.perf.fuzz;

import java.util.List;
import java.util.SplittableRandom;

/** The draws a generated scenario is made of, from one seeded stream: the same seed gives the same scenario. */
final class Draw {

    private final SplittableRandom random;

    Draw(long seed) {
        this.random = new SplittableRandom(seed);
    }

    /** Returns true with probability {@code p}. */
    boolean chance(double p) {
        return random.nextDouble() < p;
    }

    /** Returns a whole number from {@code low} to {@code high}, both included. */
    int between(int low, int high) {
        return random.nextInt(low, high + 1);
    }

    /** Returns one of {@code values}, each as likely. */
    @SafeVarargs
    final <T> T pick(T... values) {
        return values[random.nextInt(values.length)];
    }

    /** Returns one of {@code values}, each as likely. */
    <T> T pick(List<T> values) {
        return values.get(random.nextInt(values.size()));
    }
}
