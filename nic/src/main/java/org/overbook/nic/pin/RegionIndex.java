package org.overbook.nic.pin;

import java.util.Arrays;

/**
 * Cached regions sorted by (start, end), with the running maximum of their ends, so a covering region is
 * found by a binary search and a short backward scan even when regions overlap. Flat arrays; insert and
 * remove shift the tail ({@code System.arraycopy}), which is cheap next to a registration.
 */
final class RegionIndex {
    private long[] starts = new long[16];
    private long[] ends = new long[16];
    private int[] slots = new int[16];
    /** maxEnds[i] = max(ends[0..i]): stops the backward scan as soon as nothing further back can cover. */
    private long[] maxEnds = new long[16];
    private int size;

    int size() {
        return size;
    }

    /**
     * Returns the slot of the region covering {@code [start, end)} that sorts last by (start, end), that
     * is the one with the greatest start and, among equal starts, the greatest end; or -1.
     */
    int findCovering(long start, long end) {
        for (int i = upperBound(start, Long.MAX_VALUE) - 1; i >= 0 && maxEnds[i] >= end; i--) {
            if (ends[i] >= end) {
                return slots[i];
            }
        }
        return -1;
    }

    /** Returns whether exactly {@code [start, end)} is indexed. */
    boolean contains(long start, long end) {
        int i = upperBound(start, end) - 1;
        return i >= 0 && starts[i] == start && ends[i] == end;
    }

    void add(long start, long end, int slot) {
        if (size == starts.length) {
            int capacity = size * 2;
            starts = Arrays.copyOf(starts, capacity);
            ends = Arrays.copyOf(ends, capacity);
            slots = Arrays.copyOf(slots, capacity);
            maxEnds = Arrays.copyOf(maxEnds, capacity);
        }
        int at = upperBound(start, end);
        int tail = size - at;
        System.arraycopy(starts, at, starts, at + 1, tail);
        System.arraycopy(ends, at, ends, at + 1, tail);
        System.arraycopy(slots, at, slots, at + 1, tail);
        starts[at] = start;
        ends[at] = end;
        slots[at] = slot;
        size++;
        refreshMaxEnds(at);
    }

    void remove(long start, long end) {
        int at = upperBound(start, end) - 1;
        if (at < 0 || starts[at] != start || ends[at] != end) {
            throw new IllegalStateException("region [" + start + ", " + end + ") is not indexed");
        }
        int tail = size - at - 1;
        System.arraycopy(starts, at + 1, starts, at, tail);
        System.arraycopy(ends, at + 1, ends, at, tail);
        System.arraycopy(slots, at + 1, slots, at, tail);
        size--;
        refreshMaxEnds(at);
    }

    /** Returns the slots of all regions that overlap {@code [start, end)}, in (start, end) order. */
    int[] overlapping(long start, long end) {
        int limit = upperBound(end - 1, Long.MAX_VALUE);
        int[] found = new int[limit];
        int n = 0;
        for (int i = 0; i < limit; i++) {
            if (ends[i] > start) {
                found[n++] = slots[i];
            }
        }
        return Arrays.copyOf(found, n);
    }

    /** Returns the first index whose (start, end) sorts after the given pair. */
    private int upperBound(long start, long end) {
        int lo = 0;
        int hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (starts[mid] < start || (starts[mid] == start && ends[mid] <= end)) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private void refreshMaxEnds(int from) {
        long max = from == 0 ? Long.MIN_VALUE : maxEnds[from - 1];
        for (int i = from; i < size; i++) {
            max = Math.max(max, ends[i]);
            maxEnds[i] = max;
        }
    }
}
