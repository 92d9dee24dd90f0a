/**
 * Runs one resolved scenario and collects every metric into a deterministic {@link org.overbook.perf.run.RunResult}:
 * same scenario and seed, equal result, including the {@link org.overbook.perf.run.TimeSeries} sampled over the
 * run, and the {@link org.overbook.perf.run.ResourceSeries} of the hosts' contended resources (CPUs, swap path,
 * kswapd, swap device, the NICs' fault-service workers and PCIe links) with the
 * {@link org.overbook.perf.run.Saturation} rules that name the one that saturated first. Wall-clock time is
 * kept apart ({@link org.overbook.perf.run.TimedResult}). The hosts' swap files live in the process's
 * {@link org.overbook.perf.run.SwapArea}, never in the results folder; a run stops at its next progress slice once the
 * process is exiting ({@link org.overbook.perf.run.ProcessExit}: Ctrl-C, SIGTERM), so that the area's shutdown hook
 * removes its swap files only after it has closed them. A point can run under several seeds
 * ({@link org.overbook.perf.run.Replications}); a latency percentile from too few requests is flagged
 * ({@link org.overbook.perf.run.SampleSize}), and so is a point measured before its load generators finished
 * loading ({@link org.overbook.perf.run.SteadyState}).
 */
package org.overbook.perf.run;
