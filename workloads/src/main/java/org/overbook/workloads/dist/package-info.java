/**
 * Samplers for the load generators: continuous size and time distributions (generalized extreme
 * value, generalized Pareto, and the Facebook ETC fits built on them), the gaps of Poisson arrivals, and
 * YCSB's item generators (uniform, zipfian, scrambled zipfian, latest).
 *
 * <p>Every sampler is deterministic: it draws only from the {@link java.util.random.RandomGenerator}
 * passed to each call, holds no static mutable state and never reads a clock. Its logarithms and powers
 * are {@link java.lang.StrictMath}'s, never {@link java.lang.Math}'s: {@code Math.log}, {@code exp} and
 * {@code pow} may differ in the last bit from one processor or JVM to another (HotSpot's x86-64 intrinsics
 * differ from fdlibm for about one {@code pow} in ten), and one bit moves a zipfian item or a key length, so
 * the same seed would draw other keys on another machine. Internal to the workloads module; the load streams
 * in {@code org.overbook.workloads.load} and the open-loop client are its callers.
 */
package org.overbook.workloads.dist;
