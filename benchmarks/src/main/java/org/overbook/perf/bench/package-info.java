/**
 * JMH benchmarks, one scenario per class, each with its run command in the class comment
 * ({@code ./overbook bench NAME}), and the probes, plain main classes for A/B measures on a shared machine
 * (CPU time of the simulation thread, tenants, the order of points, the price of a cold cache line). Figures go to
 * {@code perf/BENCHMARKS.md}.
 */
package org.overbook.perf.bench;
