/**
 * Runs one resolved scenario and collects every metric into a deterministic {@link org.overbook.perf.run.RunResult}:
 * same scenario and seed, equal result. Wall-clock time is kept apart ({@link org.overbook.perf.run.TimedResult}).
 */
package org.overbook.perf.run;
