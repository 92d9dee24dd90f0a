/**
 * Writes a run's results folder: {@code summary.csv}, {@code summary.json}, {@code timeseries.csv},
 * {@code .hgrm} latency files, {@code timing.txt}, PNG charts and {@code report.md}, each written to a
 * temporary name and renamed into place.
 */
package org.overbook.perf.report;
