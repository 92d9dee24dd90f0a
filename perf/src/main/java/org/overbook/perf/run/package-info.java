/**
 * Runs one resolved scenario and collects every metric into a deterministic {@link org.overbook.perf.run.RunResult}:
 * same scenario and seed, equal result, including the {@link org.overbook.perf.run.TimeSeries} sampled over the
 * run. Wall-clock time is kept apart ({@link org.overbook.perf.run.TimedResult}).
 */
package org.overbook.perf.run;
