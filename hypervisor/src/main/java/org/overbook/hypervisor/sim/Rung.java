package org.overbook.hypervisor.sim;

import java.util.Arrays;

/**
 * One rung of the {@link EventQueue} ladder: the time range [{@code start}, {@code end}) cut into
 * {@code 2^shift}-nanosecond buckets, each an unsorted list of (time, order) pairs. Adding is an append to
 * the bucket the time falls in; buckets are taken in time order, from {@code current} on, and a bucket once
 * taken is never added to again (the queue routes earlier times to the bottom or a finer rung). Bucket
 * arrays are kept and reused when the rung is rebuilt, so a steady simulation allocates nothing here.
 */
final class Rung {

    private long[][] buckets = new long[0][];
    private int[] counts = new int[0];
    private int bucketCount;
    private int current;
    private long start;
    private int shift;
    private long end;

    /**
     * Makes this (exhausted) rung cover [{@code from}, {@code from + bucketCount << shift}), or up to
     * {@link Long#MAX_VALUE} where that overflows.
     */
    void reset(long from, int bucketShift, int buckets) {
        if (buckets > counts.length) {
            counts = new int[buckets];
            this.buckets = Arrays.copyOf(this.buckets, buckets);
        }
        this.start = from;
        this.shift = bucketShift;
        this.bucketCount = buckets;
        this.current = 0;
        long span = (long) buckets << bucketShift;
        boolean overflows = bucketShift >= 63 || span >>> bucketShift != buckets || from + span < from;
        this.end = overflows ? Long.MAX_VALUE : from + span;
    }

    /** Returns the first time after this rung's range. */
    long end() {
        return end;
    }

    int shift() {
        return shift;
    }

    /** Adds an event whose time lies in this rung's range, no earlier than the bucket it takes next. */
    void add(long time, long order) {
        int index = (int) ((time - start) >>> shift);
        long[] bucket = buckets[index];
        int count = counts[index];
        if (bucket == null || 2 * count == bucket.length) {
            bucket = grow(index, count);
        }
        bucket[2 * count] = time;
        bucket[2 * count + 1] = order;
        counts[index] = count + 1;
    }

    private long[] grow(int index, int count) {
        long[] bucket = buckets[index];
        long[] grown = bucket == null ? new long[8] : Arrays.copyOf(bucket, Math.max(8, 4 * count));
        buckets[index] = grown;
        return grown;
    }

    /**
     * Skips empty buckets and returns the index of the next one that holds events, or -1 when every bucket
     * has been taken. The bucket stays in place until {@link #take(int)}.
     */
    int nextNonEmpty() {
        int i = current;
        int[] c = counts;
        while (i < bucketCount && c[i] == 0) {
            i++;
        }
        current = i;
        return i < bucketCount ? i : -1;
    }

    /** Returns the first time of bucket {@code index}. */
    long bucketStart(int index) {
        return start + ((long) index << shift);
    }

    /** Returns the first time after bucket {@code index}, or {@link Long#MAX_VALUE} past the end of time. */
    long bucketEnd(int index) {
        return index + 1 == bucketCount ? end : start + ((long) (index + 1) << shift);
    }

    int count(int index) {
        return counts[index];
    }

    /** Returns the (time, order) pairs of bucket {@code index}; {@link #count(int)} of them are valid. */
    long[] pairs(int index) {
        return buckets[index];
    }

    /** Marks bucket {@code index}, the next non-empty one, as taken: its events have moved elsewhere. */
    void take(int index) {
        counts[index] = 0;
        current = index + 1;
    }
}
