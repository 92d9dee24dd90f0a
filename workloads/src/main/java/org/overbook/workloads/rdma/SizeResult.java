package org.overbook.workloads.rdma;

import org.HdrHistogram.Histogram;
import org.overbook.guest.WorkloadMetrics;

/**
 * What one message size gave: a histogram (ping-pong: one-way latency, half the round trip, as
 * perftest reports it; stream: each message's time from post to completion) and, for a stream, the
 * bytes moved in the measured time.
 */
record SizeResult(int size, Histogram histogram, long bytes, long elapsedNanos, long messages) {

    /** Returns the label of this size: {@code 4096B}. */
    String label() {
        return size + "B";
    }

    /** Returns the measured bandwidth in gigabits per second, or 0 for a ping-pong. */
    double gigabitsPerSecond() {
        return elapsedNanos <= 0 ? 0 : bytes * 8.0 / elapsedNanos;
    }

    void report(WorkloadMetrics metrics, boolean stream) {
        String p = label() + ".";
        if (stream) {
            metrics.gauge(p + "gbps", gigabitsPerSecond());
            metrics.gauge(p + "time_us", messages == 0 ? 0 : elapsedNanos / 1e3 / messages);
        }
        boolean any = histogram.getTotalCount() > 0;
        metrics.gauge(p + (stream ? "message_" : "") + "p50_us", any ? histogram.getValueAtPercentile(50) / 1e3 : 0);
        metrics.gauge(p + (stream ? "message_" : "") + "p99_us", any ? histogram.getValueAtPercentile(99) / 1e3 : 0);
        metrics.gauge(p + (stream ? "message_" : "") + "p999_us", any ? histogram.getValueAtPercentile(99.9) / 1e3 : 0);
        metrics.gauge(p + (stream ? "message_" : "") + "mean_us", any ? histogram.getMean() / 1e3 : 0);
        metrics.counter(p + "messages", messages);
    }
}
