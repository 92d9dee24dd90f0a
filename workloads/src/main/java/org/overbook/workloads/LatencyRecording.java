package org.overbook.workloads;

import java.util.SortedMap;
import org.HdrHistogram.Histogram;

/**
 * A workload that records latencies in HdrHistograms, for an experiments runner to write out as
 * {@code .hgrm} files ({@link Histogram#outputPercentileDistribution}). Values are virtual
 * nanoseconds.
 *
 * <p>The runner asks once, when the run has ended. Each label is a kind of request: a tenant's histograms
 * merge into its {@code latency_*} columns (p50, p99, ...), those of one label merge across tenants into the
 * point's total, and each is written as {@code p<point>-<tenant>-<label>.hgrm}. Histograms of several labels
 * in one point are different distributions (an 8 B message and a 4 MiB one), so the tables leave the merged
 * percentiles blank and give each label's own, and the charts draw each apart: a workload whose latencies are
 * of requests, as a load generator's, labels them {@code requests}, as the built-ins do.
 */
public interface LatencyRecording {

    /**
     * Returns a copy of each latency histogram recorded so far, by label: {@code requests} for a load
     * generator, one per message size for an RDMA microbenchmark ({@code 4096B}).
     */
    SortedMap<String, Histogram> latencyHistograms();
}
