package org.overbook.workloads.client;

import org.overbook.workloads.load.Operation;
import org.overbook.workloads.memcached.protocol.ResponseParser;

/**
 * One operation on its way: created, waiting for a window slot on its connection, sent, answered.
 * A read-modify-write is two requests in turn (phase 0 the get, phase 1 the set), and so is a get that
 * missed under a miss penalty (phase 1 fills the value after the backend fetch).
 */
final class Pending {

    final Operation operation;
    final boolean load;
    final boolean measured;
    final long createdAt;
    long postedAt = -1;
    int phase;

    /** The keys the current request names (the first {@code keyCount}), and what verify mode expects of each. */
    int keyCount;
    long[] keyIds;
    long[] expectedVersions;
    int[] expectedLengths;
    /** The version the current request writes, if it is a set. */
    long writtenVersion;
    ResponseParser.Shape shape;

    Pending(Operation operation, boolean load, boolean measured, long createdAt) {
        this.operation = operation;
        this.load = load;
        this.measured = measured;
        this.createdAt = createdAt;
    }

    /** Returns whether the current request is a set. */
    boolean writing() {
        return switch (operation.kind()) {
            case SET, UPDATE, INSERT -> true;
            case READ_MODIFY_WRITE, GET -> phase == 1;
            case SCAN -> false;
        };
    }

    /** Makes the current request name {@code n} keys, keeping the tables of an earlier request that fit. */
    void keys(int n) {
        keyCount = n;
        if (keyIds == null || keyIds.length < n) {
            keyIds = new long[n];
            expectedVersions = new long[n];
            expectedLengths = new int[n];
        }
    }
}
