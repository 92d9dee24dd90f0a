package org.overbook.hypervisor.sim;

/**
 * The bottom of the {@link EventQueue}: the few earliest events as (time, order) pairs sorted by time, taken
 * from the head. Dispatch is an index increment; an added event is placed by a short scan from the tail.
 *
 * <p>It relies on one property of what it is given: among events at equal times, the one scheduled first
 * comes first (every list the ladder keeps has it, since each is appended to in scheduling order). A stable
 * sort by time then orders by (time, order word), and an added event, the newest of all, goes after every
 * event not later than it.
 */
final class SortedRun {

    private static final int INSERTION_SORT_MAX = 32;

    private long[] pairs = new long[2 * 64];
    private long[] scratch = new long[0];
    private int head;      // index of the first pair
    private int tail;      // index after the last pair

    int size() {
        return tail - head;
    }

    boolean isEmpty() {
        return head == tail;
    }

    /** Returns the time of the first event; the run must not be empty. */
    long firstTime() {
        return pairs[2 * head];
    }

    /** Returns the order word of the first event; the run must not be empty. */
    long firstOrder() {
        return pairs[2 * head + 1];
    }

    /** Returns the time of the last event; the run must not be empty. */
    long lastTime() {
        return pairs[2 * tail - 2];
    }

    void removeFirst() {
        head++;
    }

    /**
     * Inserts the newest event after every event not later than it, and never before the first {@code keep}
     * events (the one being dispatched keeps its place).
     */
    void insertNewest(long time, long order, int keep) {
        if (2 * tail == pairs.length) {
            makeRoom();
        }
        long[] p = pairs;
        int floor = head + keep;
        int i = tail;
        while (i > floor && p[2 * i - 2] > time) {
            p[2 * i] = p[2 * i - 2];
            p[2 * i + 1] = p[2 * i - 1];
            i--;
        }
        p[2 * i] = time;
        p[2 * i + 1] = order;
        tail++;
    }

    private void makeRoom() {
        int size = tail - head;
        if (2 * size <= pairs.length / 2) {
            System.arraycopy(pairs, 2 * head, pairs, 0, 2 * size);
        } else {
            long[] grown = new long[2 * pairs.length];
            System.arraycopy(pairs, 2 * head, grown, 0, 2 * size);
            pairs = grown;
        }
        head = 0;
        tail = size;
    }

    /**
     * Replaces the contents of this (empty) run with {@code count} events given as (time, order) pairs, equal
     * times in scheduling order, and sorts them by time, stably.
     */
    void fill(long[] source, int count) {
        if (2 * count > pairs.length) {
            pairs = new long[Math.max(2 * count, 2 * pairs.length)];
        }
        System.arraycopy(source, 0, pairs, 0, 2 * count);
        head = 0;
        tail = count;
        if (count <= INSERTION_SORT_MAX) {
            insertionSort(pairs, 0, count);
        } else {
            mergeSort(count);
        }
    }

    /** Copies every event into {@code target} as (time, order) pairs in order, empties the run, and returns the count. */
    int drainTo(long[] target) {
        int size = tail - head;
        System.arraycopy(pairs, 2 * head, target, 0, 2 * size);
        head = 0;
        tail = 0;
        return size;
    }

    /** Stable insertion sort by time of pairs {@code from} (inclusive) to {@code to}: quick on the few a bucket holds. */
    private static void insertionSort(long[] p, int from, int to) {
        for (int k = from + 1; k < to; k++) {
            long time = p[2 * k];
            if (p[2 * k - 2] <= time) {
                continue;
            }
            long order = p[2 * k + 1];
            int i = k;
            do {
                p[2 * i] = p[2 * i - 2];
                p[2 * i + 1] = p[2 * i - 1];
                i--;
            } while (i > from && p[2 * i - 2] > time);
            p[2 * i] = time;
            p[2 * i + 1] = order;
        }
    }

    /** Stable bottom-up merge sort by time, for the rare large bucket no finer rung could split. */
    private void mergeSort(int count) {
        for (int from = 0; from < count; from += INSERTION_SORT_MAX) {
            insertionSort(pairs, from, Math.min(count, from + INSERTION_SORT_MAX));
        }
        if (scratch.length < 2 * count) {
            scratch = new long[Math.max(2 * count, pairs.length)];
        }
        long[] in = pairs;
        long[] out = scratch;
        for (int width = INSERTION_SORT_MAX; width < count; width *= 2) {
            for (int left = 0; left < count; left += 2 * width) {
                merge(in, out, left, Math.min(count, left + width), Math.min(count, left + 2 * width));
            }
            long[] swap = in;
            in = out;
            out = swap;
        }
        pairs = in;
        scratch = out;
    }

    private static void merge(long[] in, long[] out, int left, int middle, int right) {
        int a = left;
        int b = middle;
        for (int k = left; k < right; k++) {
            if (b >= right || (a < middle && in[2 * a] <= in[2 * b])) {
                out[2 * k] = in[2 * a];
                out[2 * k + 1] = in[2 * a + 1];
                a++;
            } else {
                out[2 * k] = in[2 * b];
                out[2 * k + 1] = in[2 * b + 1];
                b++;
            }
        }
    }
}
