package org.overbook.workloads.server;

import org.overbook.guest.WorkloadMetrics;
import org.overbook.guest.verbs.Completion;
import org.overbook.guest.verbs.CompletionStatus;

/**
 * What a {@link MemcachedServer}'s connections did, summed over connections: the rare events here, the traffic
 * (messages, replies, bytes) in each connection's own fields, summed when reported.
 */
final class ServerCounters {

    long accepted;
    long rejected;
    long open;
    long quits;
    long ignoredAfterQuit;
    long backpressured;
    long receiveErrors;
    long sendErrors;
    long flushed;
    long strayCompletions;
    long upcalls;

    /** Counts a completion that did not succeed: flushed by an earlier error, or an error itself. */
    void countError(Completion completion) {
        if (completion.status() == CompletionStatus.FLUSHED) {
            flushed++;
        } else if (completion.opcode() == Completion.Opcode.SEND) {
            sendErrors++;
        } else {
            receiveErrors++;
        }
    }

    void report(WorkloadMetrics metrics, Iterable<ServerConnection> connections) {
        long messages = 0;
        long bytesReceived = 0;
        long replies = 0;
        long replyMessages = 0;
        long bytesSent = 0;
        for (ServerConnection connection : connections) {
            messages += connection.messages;
            bytesReceived += connection.bytesReceived;
            replies += connection.replies;
            replyMessages += connection.replyMessages;
            bytesSent += connection.bytesSent;
        }
        metrics.counter("curr_connections", open);
        metrics.counter("total_connections", accepted);
        metrics.counter("rejected_connections", rejected);
        metrics.counter("server_messages", messages);
        metrics.counter("server_bytes_received", bytesReceived);
        metrics.counter("server_replies", replies);
        metrics.counter("server_reply_messages", replyMessages);
        metrics.counter("server_bytes_sent", bytesSent);
        metrics.counter("server_quits", quits);
        metrics.counter("server_ignored_after_quit", ignoredAfterQuit);
        metrics.counter("server_backpressured", backpressured);
        metrics.counter("server_receive_errors", receiveErrors);
        metrics.counter("server_send_errors", sendErrors);
        metrics.counter("server_flushed", flushed);
        metrics.counter("server_stray_completions", strayCompletions);
        metrics.counter("server_upcalls", upcalls);
    }
}
