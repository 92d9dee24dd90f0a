package org.overbook.hypervisor.sim;

import java.nio.charset.StandardCharsets;
import java.util.random.RandomGenerator;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.core.source64.XoRoShiRo128PlusPlus;

/**
 * Independent random streams derived from one scenario seed and a component's name.
 *
 * <p>Each stream is a xoroshiro128++ generator (Commons RNG) whose state is two SplitMix64 outputs of
 * the seed mixed with a 64-bit FNV-1a hash of the name. Adding a component therefore never shifts
 * another component's stream, and a stream depends on nothing but (seed, name): not on the order
 * components were created, the machine, or the JVM.
 */
public final class RandomStreams {

    private final long seed;

    public RandomStreams(long seed) {
        this.seed = seed;
    }

    /** Returns the scenario seed. */
    public long seed() {
        return seed;
    }

    /** Returns a new generator for {@code name}; the same name always starts the same sequence. */
    public UniformRandomProvider provider(String name) {
        long state = seed ^ fnv1a(name);
        long s0 = splitMix(state += 0x9E3779B97F4A7C15L);
        long s1 = splitMix(state + 0x9E3779B97F4A7C15L);
        return new XoRoShiRo128PlusPlus(s0, s1);
    }

    /** Returns a new {@link RandomGenerator} view of the stream for {@code name}. */
    public RandomGenerator stream(String name) {
        UniformRandomProvider provider = provider(name);
        return provider::nextLong;
    }

    static long fnv1a(String name) {
        long hash = 0xcbf29ce484222325L;
        for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
            hash ^= b & 0xff;
            hash *= 0x100000001b3L;
        }
        return hash;
    }

    private static long splitMix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
