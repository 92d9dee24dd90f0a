package org.overbook.live.gateway;

import org.HdrHistogram.Histogram;
import org.overbook.guest.WorkloadMetrics;

/** What a gateway counted, and the modelled latency of every request that had a reply. */
final class GatewayCounters {

    final Histogram latency = new Histogram(3);
    long clients;
    long modelConnections;
    long requests;
    long noreplyRequests;
    long requestBytes;
    long replyBytes;
    long localReplies;
    long droppedReplies;
    long unexpectedReplyBytes;
    long failedConnections;
    long refusedClients;
    long strayArrivals;
    long firstPost = -1;
    long lastAnswer = -1;

    void posted(Entry entry) {
        requestBytes += entry.bytes.length;
        if (firstPost < 0) {
            firstPost = entry.postedAt;
        }
    }

    void answered(Entry entry, long now, int replyLength) {
        requests++;
        lastAnswer = now;
        if (entry.shape == ReplyShape.NONE) {
            noreplyRequests++;
        } else {
            replyBytes += replyLength;
            latency.recordValue(Math.max(0, now - entry.postedAt));
        }
    }

    void report(WorkloadMetrics metrics) {
        metrics.counter("clients", clients);
        metrics.counter("model_connections", modelConnections);
        metrics.counter("requests", requests);
        metrics.counter("noreply_requests", noreplyRequests);
        metrics.counter("request_bytes", requestBytes);
        metrics.counter("reply_bytes", replyBytes);
        metrics.counter("local_replies", localReplies);
        metrics.counter("dropped_replies", droppedReplies);
        metrics.counter("unexpected_reply_bytes", unexpectedReplyBytes);
        metrics.counter("failed_connections", failedConnections);
        metrics.counter("refused_clients", refusedClients);
        metrics.counter("stray_arrivals", strayArrivals);
        long span = lastAnswer - firstPost;
        metrics.gauge("throughput_ops_per_s", firstPost < 0 || span <= 0 ? 0 : requests * 1e9 / span);
    }
}
