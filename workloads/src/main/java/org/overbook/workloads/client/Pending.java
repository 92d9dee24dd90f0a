package org.overbook.workloads.client;

import java.util.Arrays;
import org.overbook.workloads.load.Operation;
import org.overbook.workloads.memcached.protocol.ResponseParser;

/**
 * One operation on its way: created, waiting for a window slot on its connection, sent, answered.
 * A read-modify-write is two requests in turn (phase 0 the get, phase 1 the set), and so is a get that
 * missed under a miss penalty (phase 1 fills the value after the backend fetch).
 *
 * <p>A load generator reuses the record of an operation that is over ({@link Pool}), with its key
 * tables, so an operation allocates nothing of its own.
 */
final class Pending {

    private static final int KEY_STRIDE = 4;

    /**
     * The operation, copied field by field when it starts: nothing keeps the {@link Operation} itself, so a
     * stream's operation need not live on the heap, and a reply, long after, reads one object, not two.
     */
    Operation.Kind kind;
    /** The operation's key (a scan's first) and its length in bytes. */
    long operationKey;
    int operationKeyLength;
    /** The operation's value length (a write's) and scan length (a scan's), 0 where they do not apply. */
    int valueLength;
    int scanLength;
    boolean load;
    /** Whether the current request's reply arrived once the generator was measuring (set when it arrives). */
    boolean measured;
    long createdAt;
    long postedAt;
    int phase;

    /** The keys the current request names (the first {@code keyCount}), and what verify mode expects of each. */
    int keyCount;
    /**
     * Per key, {@link #KEY_STRIDE} longs side by side: its id, the version and the length verify mode expects, and
     * the length of the key as sent. One array, not several: a reply arrives long after its request was sent, and
     * reads one cold object, not several.
     */
    private long[] keys = new long[KEY_STRIDE];
    /** The version the current request writes, if it is a set. */
    long writtenVersion;
    ResponseParser.Shape shape;

    /** Makes this the record of a new operation (a fresh one, or one whose operation is over). */
    Pending start(Operation operation, boolean load, long createdAt) {
        this.kind = operation.kind();
        this.operationKey = operation.keyId();
        this.operationKeyLength = operation.keyLength();
        this.valueLength = operation.valueLength();
        this.scanLength = operation.scanLength();
        this.load = load;
        this.measured = false;
        this.createdAt = createdAt;
        this.postedAt = -1;
        this.phase = 0;
        this.keyCount = 0;
        this.writtenVersion = 0;
        this.shape = null;
        return this;
    }

    /** Returns whether the current request is a set. */
    boolean writing() {
        // compared, not switched on: this runs twice a request
        return kind == Operation.Kind.SET || kind == Operation.Kind.UPDATE || kind == Operation.Kind.INSERT
                || phase == 1 && (kind == Operation.Kind.READ_MODIFY_WRITE || kind == Operation.Kind.GET);
    }

    /** Makes the current request name {@code n} keys, keeping the table of an earlier request if it fits. */
    void keys(int n) {
        keyCount = n;
        if (keys.length < n * KEY_STRIDE) {
            keys = new long[n * KEY_STRIDE];
        }
    }

    /**
     * Sets key {@code i} of the current request: {@code keyId}, sent as a key of {@code keyLength} bytes, whose value
     * must be {@code version} of {@code length} bytes.
     */
    void key(int i, long keyId, int keyLength, long version, int length) {
        int k = i * KEY_STRIDE;
        keys[k] = keyId;
        keys[k + 1] = version;
        keys[k + 2] = length;
        keys[k + 3] = keyLength;
    }

    /** Returns the id of key {@code i} of the current request. */
    long keyId(int i) {
        return keys[i * KEY_STRIDE];
    }

    /** Returns the length of key {@code i} as the current request sent it. */
    int keyLength(int i) {
        return (int) keys[i * KEY_STRIDE + 3];
    }

    /** Returns the version verify mode expects of key {@code i}'s value. */
    long expectedVersion(int i) {
        return keys[i * KEY_STRIDE + 1];
    }

    /** Returns the length verify mode expects of key {@code i}'s value. */
    int expectedLength(int i) {
        return (int) keys[i * KEY_STRIDE + 2];
    }

    /** Records of operations that are over, kept for the next ones. */
    static final class Pool {

        /**
         * The record given back last, kept before the array: a generator with one operation at a time then never
         * reads the array (with many tenants, a cold cache line).
         */
        private Pending first;
        private Pending[] spare = new Pending[16];
        private int count;

        /** Returns the record of a new operation: one whose operation is over, or a new one. */
        Pending take(Operation operation, boolean load, long createdAt) {
            Pending pending = first;
            if (pending != null) {
                first = null;
            } else {
                pending = count > 0 ? spare[--count] : new Pending();
            }
            return pending.start(operation, load, createdAt);
        }

        /** {@code pending}'s operation is over and nothing refers to it any more: keep it for a later one. */
        void give(Pending pending) {
            if (first == null) {
                first = pending;
                return;
            }
            if (count == spare.length) {
                spare = Arrays.copyOf(spare, 2 * count);
            }
            spare[count++] = pending;
        }
    }
}
