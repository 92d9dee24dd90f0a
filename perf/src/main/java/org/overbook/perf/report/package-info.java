/**
 * Writes a run's results folder: {@code summary.csv}, {@code summary.json}, {@code timeseries.csv},
 * {@code resources.csv}, {@code .hgrm} latency files, {@code timing.txt}, PNG charts (what saturated over time
 * among them) and {@code report.md} (with which resource saturated first), each written to a
 * temporary name and renamed into place. A point run under several seeds is grouped by
 * {@link org.overbook.perf.report.Replicated}: every replica's rows, and each total metric's mean, standard
 * deviation and 95 % {@link org.overbook.perf.report.Interval}, drawn as error bars on the charts.
 */
package org.overbook.perf.report;
