package org.overbook.workloads;

import java.util.SortedMap;
import org.HdrHistogram.Histogram;

/**
 * A workload that records latencies in HdrHistograms, for an experiments runner to write out as
 * {@code .hgrm} files ({@link Histogram#outputPercentileDistribution}). Values are virtual
 * nanoseconds.
 */
public interface LatencyRecording {

    /**
     * Returns a copy of each latency histogram recorded so far, by label: {@code requests} for a load
     * generator, one per message size for an RDMA microbenchmark ({@code 4096B}).
     */
    SortedMap<String, Histogram> latencyHistograms();
}
