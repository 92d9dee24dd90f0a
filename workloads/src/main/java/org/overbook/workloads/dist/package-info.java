/**
 * Samplers for the load generators: continuous size and time distributions (generalized extreme
 * value, generalized Pareto, and the Facebook ETC fits built on them) and YCSB's item generators
 * (uniform, zipfian, scrambled zipfian, latest).
 *
 * <p>Every sampler is deterministic: it draws only from the {@link java.util.random.RandomGenerator}
 * passed to each call, holds no static mutable state and never reads a clock. Internal to the
 * workloads module; the load streams in {@code org.overbook.workloads.load} are its callers.
 */
package org.overbook.workloads.dist;
