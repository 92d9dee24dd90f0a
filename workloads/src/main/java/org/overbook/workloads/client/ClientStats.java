package org.overbook.workloads.client;

import org.HdrHistogram.Histogram;
import org.overbook.guest.WorkloadMetrics;

/**
 * What a load generator measured: latency per request in an HdrHistogram (virtual nanoseconds, three
 * significant digits), requests and their outcomes, hits and misses, and verify mode's findings.
 * Only operations whose reply arrived once measuring had begun count, except where a name says otherwise.
 */
final class ClientStats {

    final Histogram latency = new Histogram(3);
    long loaded;
    long completed;
    long gets;
    long sets;
    long hits;
    long misses;
    long backendFetches;
    long stale;
    long corrupt;
    long unverified;
    long refusedSets;
    long errorReplies;
    long malformedReplies;
    long unexpectedBytes;
    long failed;
    long oversized;
    long droppedArrivals;
    long failedConnections;
    long measureStart = -1;
    /** Virtual time the load phase ended (every key set and acknowledged), or -1 while it has not. */
    long loadEnd = -1;
    /** Keys the load phase sets: 0 without a load phase. */
    long keysToLoad;
    long lastCompletion = -1;

    long mismatches() {
        return stale + corrupt;
    }

    double throughput() {
        long window = lastCompletion - measureStart;
        return measureStart < 0 || window <= 0 ? 0 : completed * 1e9 / window;
    }

    double hitRatio() {
        long lookups = hits + misses;
        return lookups == 0 ? 0 : (double) hits / lookups;
    }

    void report(WorkloadMetrics metrics) {
        metrics.counter("requests", completed);
        metrics.counter("gets", gets);
        metrics.counter("sets", sets);
        metrics.counter("backend_fetches", backendFetches);
        metrics.counter("hits", hits);
        metrics.counter("misses", misses);
        metrics.counter("mismatches", mismatches());
        metrics.counter("stale", stale);
        metrics.counter("corrupt", corrupt);
        metrics.counter("unverified", unverified);
        metrics.counter("refused_sets", refusedSets);
        metrics.counter("error_replies", errorReplies);
        metrics.counter("malformed_replies", malformedReplies);
        metrics.counter("unexpected_bytes", unexpectedBytes);
        metrics.counter("failed_requests", failed);
        metrics.counter("oversized_requests", oversized);
        metrics.counter("dropped_arrivals", droppedArrivals);
        metrics.counter("failed_connections", failedConnections);
        metrics.counter("loaded_keys", loaded);
        metrics.counter("keys_to_load", keysToLoad);
        metrics.gauge("load_phase_end_ns", loadEnd);
        metrics.counter("measured_ns", measureStart < 0 || lastCompletion < measureStart ? 0 : lastCompletion - measureStart);
        metrics.gauge("throughput_ops_per_s", throughput());
        metrics.gauge("hit_ratio", hitRatio());
        boolean any = latency.getTotalCount() > 0;
        metrics.gauge("latency_mean_us", any ? latency.getMean() / 1e3 : 0);
        metrics.gauge("latency_p50_us", any ? latency.getValueAtPercentile(50) / 1e3 : 0);
        metrics.gauge("latency_p99_us", any ? latency.getValueAtPercentile(99) / 1e3 : 0);
        metrics.gauge("latency_p999_us", any ? latency.getValueAtPercentile(99.9) / 1e3 : 0);
        metrics.gauge("latency_max_us", any ? latency.getMaxValue() / 1e3 : 0);
    }
}
