/**
 * JMH benchmarks, one scenario per class, each with its run command in the class comment
 * ({@code ./overbook bench NAME}). Figures go to {@code perf/BENCHMARKS.md}.
 */
package org.overbook.perf.bench;
