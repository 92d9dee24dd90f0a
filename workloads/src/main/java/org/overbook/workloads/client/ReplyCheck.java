package org.overbook.workloads.client;

import org.overbook.workloads.load.Operation;
import org.overbook.workloads.memcached.protocol.Response;
import org.overbook.workloads.memcached.protocol.ResponseEncoder;
import org.overbook.workloads.memcached.protocol.RetrievalScanner;

/**
 * What a load generator learns from a reply, beyond its timing: which of a get's keys came back (hits and
 * misses), whether each value is the one this client last wrote (verify mode, {@link Verifier}), and, for a
 * refused set, that the version it carried never reached the server, and what any other reply was (an error, or
 * something unexpected). Counts go to the generator's
 * {@link ClientStats}; the values are read where they lie in the connection's inbox.
 */
final class ReplyCheck {

    private final Requests requests;
    private final Verifier verifier;
    private final ClientStats stats;
    private final boolean verify;

    ReplyCheck(Requests requests, Verifier verifier, ClientStats stats, boolean verify) {
        this.requests = requests;
        this.verifier = verifier;
        this.stats = stats;
        this.verify = verify;
    }

    /**
     * Matches the values {@code values} found in {@code buf} with {@code pending}'s keys, checks each value
     * against what was written, counts hits and misses when the reply is measured, and returns the hits.
     */
    long gets(Pending pending, RetrievalScanner values, byte[] buf) {
        int n = pending.keyCount;
        int i = 0;
        long hits = 0;
        for (int v = 0; v < values.count(); v++) {
            while (i < n && !requests.isKey(pending, i, buf, values.keyOffset(v), values.keyLength(v))) {
                i++;
            }
            if (i == n) {
                stats.malformedReplies++;
                break;
            }
            hits++;
            if (verify) {
                switch (verifier.check(pending.keyId(i), pending.expectedVersion(i), pending.expectedLength(i),
                        values.flags(v), buf, values.dataOffset(v), values.dataLength(v))) {
                    case STALE -> stats.stale++;
                    case CORRUPT -> stats.corrupt++;
                    case UNVERIFIED -> stats.unverified++;
                    case OK -> { }
                }
            }
            i++;
        }
        if (pending.measured) {
            stats.gets++;
            stats.hits += hits;
            stats.misses += n - hits;
        }
        return hits;
    }

    /**
     * Checks any reply to {@code pending}'s current request other than a get's values: a set's STORED, or an error or
     * something unexpected, which refuses it; counts a measured set (a get's fill after a miss is not one).
     */
    void other(Pending pending, Response response) {
        boolean writing = pending.writing();
        switch (response) {
            case Response.Status status when writing && status.reply() == ResponseEncoder.Reply.STORED -> { }
            case Response.Error error -> {
                stats.errorReplies++;
                refused(pending, writing);
            }
            default -> {
                stats.malformedReplies++;
                refused(pending, writing);
            }
        }
        if (writing && pending.measured && pending.kind != Operation.Kind.GET) {
            stats.sets++;
        }
    }

    /** {@code pending}'s request was refused or answered with something unexpected; a set's version never landed. */
    private void refused(Pending pending, boolean writing) {
        if (writing) {
            stats.refusedSets++;
            verifier.refused(pending.keyId(0), pending.writtenVersion);
        }
    }
}
