/**
 * Writes a run's results folder: {@code summary.csv}, {@code summary.json}, {@code timeseries.csv},
 * {@code resources.csv}, {@code .hgrm} latency files, {@code timing.txt}, PNG charts (what saturated over time
 * among them) and {@code report.md} (with which resource saturated first), each written to a
 * temporary name and renamed into place.
 */
package org.overbook.perf.report;
