/**
 * Writes a run's results folder: {@code summary.csv}, {@code summary.json}, {@code timeseries.csv},
 * {@code resources.csv}, {@code .hgrm} latency files, {@code timing.txt}, PNG charts (what saturated over time
 * among them, their ticks spelled as people write numbers: {@code 2.8M}, {@code 250 µs}, {@code 512 MiB}, time in one
 * unit chosen from the run's length and named in the axis title) and
 * {@code report.md}, which opens with the finding ({@link org.overbook.perf.report.Finding}: the best point by
 * throughput and p99, what saturated, what thrashed, whether a value read back wrong); each file is written to a
 * temporary name and renamed into place; one command at a time writes a folder ({@link
 * org.overbook.perf.report.ResultsLock}, an operating-system lock on a file in it). Reads a folder back ({@link org.overbook.perf.report.ResultsFolder}) to
 * show it again or compare it with another ({@link org.overbook.perf.report.Comparison}, with Welch's t-test
 * where both sides are replicated), writing {@code compare.md} and {@code compare.png}.
 * A point run under several seeds is grouped by {@link org.overbook.perf.report.Replicated}: every replica's
 * rows, and each total metric's mean, standard deviation and 95 % {@link org.overbook.perf.report.Interval},
 * drawn as error bars on the charts.
 */
package org.overbook.perf.report;
