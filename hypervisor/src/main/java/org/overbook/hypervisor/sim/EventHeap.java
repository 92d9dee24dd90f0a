package org.overbook.hypervisor.sim;

import java.util.Arrays;

/**
 * The bottom of the {@link EventQueue}: an implicit 4-ary min-heap of packed (time, order) keys holding the
 * earliest events, the ones dispatch takes from; while it holds few events, a sorted run.
 *
 * <p>Each node is two adjacent {@code long}s: the time, then the order word (insertion sequence above an
 * action handle, see {@link EventQueue}), so comparing order words breaks ties in time by scheduling order
 * and sifting moves only primitives. A node's four children are eight adjacent longs, one cache line.
 * Removal is Floyd's bottom-up sift with a tournament on time alone (a conditional move, not a branch to
 * mispredict); an added event needs no tie-break on the way up, since it is the newest of all. The root can
 * be replaced in place ({@link #replaceRootWithNewest}), which is how a dispatched event hands its place to
 * the first event it schedules: one sift instead of two, none when the new event comes first (an event for
 * "now", as a quarter of them are in the default scenario).
 *
 * <p>The sorted run. An array sorted by (time, order) is a heap, and one whose earliest events are taken from
 * its front needs no sift at all. A refill of at most {@value #SORTED_LIMIT} events (in the default scenario
 * nearly all of them: ~5 events a refill, and nine in ten removals find fewer than 13 events) is sorted
 * ({@link #sortByRank}) and kept as the nodes {@code head} to {@code end}: removing the earliest event is a
 * step of {@code head}, and an added event, the newest of all, is moved in from the back behind every event
 * not after it. Past {@value #SORTED_LIMIT} events the run is moved to the front of the array, where it is a heap, and
 * stays one until the bottom runs dry. Either way the earliest event is node {@code head} (0 in a heap) and
 * events leave in the same (time, order) order: only the cost differs.
 */
final class EventHeap {

    /** The most events the bottom keeps as a sorted run; more make it a heap. */
    static final int SORTED_LIMIT = 16;

    private long[] heap = new long[2 * 64];   // node i: heap[2i] = time, heap[2i+1] = order
    private int head;                         // the earliest event's node: 0 in a heap
    private int end;                          // one past the last node in use
    private boolean sorted = true;            // nodes head to end are sorted by (time, order)

    int size() {
        return end - head;
    }

    boolean isEmpty() {
        return end == head;
    }

    /** Returns the time of the earliest event; the heap must not be empty. */
    long peekTime() {
        return heap[2 * head];
    }

    /** Returns the least time among every event but the earliest, or {@link Long#MAX_VALUE} if there is none. */
    long peekTimeAfterRoot() {
        if (sorted) {
            return end - head > 1 ? heap[2 * head + 2] : Long.MAX_VALUE;
        }
        return leastChildTime(heap, end);
    }

    /** Returns the order word of the earliest event; the heap must not be empty. */
    long peekOrder() {
        return heap[2 * head + 1];
    }

    /** Adds an event whose order word is larger than every other's (the newest event). */
    void addNewest(long time, long order) {
        if (sorted) {
            if (end - head < SORTED_LIMIT) {
                insertSorted(time, order);
                return;
            }
            becomeHeap();
        }
        if (2 * end == heap.length) {
            heap = Arrays.copyOf(heap, 2 * heap.length);
        }
        long[] h = heap;
        int i = end++;
        while (i > 0) {
            int parent = (i - 1) >>> 2;
            long parentTime = h[2 * parent];
            if (parentTime <= time) {
                break;
            }
            h[2 * i] = parentTime;
            h[2 * i + 1] = h[2 * parent + 1];
            i = parent;
        }
        h[2 * i] = time;
        h[2 * i + 1] = order;
    }

    /**
     * Puts the newest event at the root in place of the earliest one. It stays there when it comes before the
     * least child; otherwise the sift goes on from that child. A child at the same time stays ahead: the new
     * event's order word is the largest.
     */
    void replaceRootWithNewest(long time, long order) {
        long[] h = heap;
        if (sorted) {
            if (end - head == 1 || time < h[2 * head + 2]) {
                h[2 * head] = time;
                h[2 * head + 1] = order;
                return;
            }
            head++;
            insertSorted(time, order);
            return;
        }
        if (end == 1 || time < leastChildTime(h, end)) {
            h[0] = time;
            h[1] = order;
            return;
        }
        int best = leastChild(h, 0, end);
        h[0] = h[2 * best];
        h[1] = h[2 * best + 1];
        siftDown(best, time, order, end);
    }

    /**
     * Puts the newest event into the sorted run behind every event not after it, moving the later ones back one
     * node; the run has fewer than {@value #SORTED_LIMIT} events. A run that reached the end of the array first
     * moves to its front (the array holds far more than {@value #SORTED_LIMIT} nodes).
     */
    private void insertSorted(long time, long order) {
        if (2 * end == heap.length) {
            moveRunToFront();
        }
        long[] h = heap;
        int i = end++;
        while (i > head && h[2 * i - 2] > time) {
            h[2 * i] = h[2 * i - 2];
            h[2 * i + 1] = h[2 * i - 1];
            i--;
        }
        h[2 * i] = time;
        h[2 * i + 1] = order;
    }

    /** Turns the sorted run into a heap: moved to the front of the array, a sorted array is one already. */
    private void becomeHeap() {
        moveRunToFront();
        sorted = false;
    }

    private void moveRunToFront() {
        System.arraycopy(heap, 2 * head, heap, 0, 2 * (end - head));
        end -= head;
        head = 0;
    }

    /** Returns the least time among the root's children, or {@link Long#MAX_VALUE} if it has none. */
    private static long leastChildTime(long[] h, int n) {
        if (n >= 5) {
            return Math.min(Math.min(h[2], h[4]), Math.min(h[6], h[8]));
        }
        long least = Long.MAX_VALUE;
        for (int c = 1; c < n; c++) {
            least = Math.min(least, h[2 * c]);
        }
        return least;
    }

    /** Removes the earliest event; the heap must not be empty. An empty bottom is a sorted run again. */
    void removeRoot() {
        if (sorted) {
            if (++head == end) {
                head = 0;
                end = 0;
            }
            return;
        }
        int last = --end;
        if (last > 0) {
            siftDown(0, heap[2 * last], heap[2 * last + 1], last);
        } else {
            sorted = true;
        }
    }

    /**
     * Replaces the contents of this (empty) heap with {@code count} events given as (time, order) pairs in
     * scheduling order (ascending order words, as every bucket of the ladder holds them): sorted when they are
     * few enough for a sorted run, else Floyd's linear-time heap construction.
     */
    void fill(long[] pairs, int count) {
        if (2 * count > heap.length) {
            heap = new long[Math.max(2 * count, 2 * heap.length)];
        }
        head = 0;
        end = count;
        sorted = count <= SORTED_LIMIT;
        if (sorted) {
            sortByRank(pairs, count);
            return;
        }
        System.arraycopy(pairs, 0, heap, 0, 2 * count);
        for (int i = (count - 2) >> 2; i >= 0; i--) {
            siftDownWithin(i);
        }
    }

    /**
     * Puts each event straight into its place in the run: its rank is the number of events before it, those
     * earlier in time and, as the pairs come in scheduling order, those at the same time given before it.
     * Counting is branch-free (a comparison added as 0 or 1), where an insertion sort of a handful of events
     * in random order mispredicts the end of nearly every shift; the quadratic count costs less below
     * {@value #SORTED_LIMIT} events.
     */
    private void sortByRank(long[] pairs, int count) {
        long[] h = heap;
        for (int i = 0; i < count; i++) {
            long time = pairs[2 * i];
            int rank = 0;
            for (int j = 0; j < i; j++) {
                rank += pairs[2 * j] <= time ? 1 : 0;
            }
            for (int j = i + 1; j < count; j++) {
                rank += pairs[2 * j] < time ? 1 : 0;
            }
            h[2 * rank] = time;
            h[2 * rank + 1] = pairs[2 * i + 1];
        }
    }

    /** The classic sift-down of node {@code i}'s event, stopping where it belongs: what heap construction needs. */
    private void siftDownWithin(int node) {
        long[] h = heap;
        int i = node;
        long time = h[2 * i];
        long order = h[2 * i + 1];
        for (int best = leastChild(h, i, end); best >= 0; best = leastChild(h, i, end)) {
            long bestTime = h[2 * best];
            if (bestTime > time || (bestTime == time && h[2 * best + 1] > order)) {
                break;
            }
            h[2 * i] = bestTime;
            h[2 * i + 1] = h[2 * best + 1];
            i = best;
        }
        h[2 * i] = time;
        h[2 * i + 1] = order;
    }

    /**
     * Floyd's bottom-up sift: walks the hole from {@code hole} to a leaf, always promoting the least child,
     * then sifts the displaced event up from there. The displaced event almost always belongs near the
     * bottom, so this saves the comparison with it at every level on the way down.
     */
    private void siftDown(int hole, long time, long order, int n) {
        long[] h = heap;
        int i = hole;
        for (int best = leastChild(h, i, n); best >= 0; best = leastChild(h, i, n)) {
            h[2 * i] = h[2 * best];
            h[2 * i + 1] = h[2 * best + 1];
            i = best;
        }
        while (i > 0) {
            int parent = (i - 1) >>> 2;
            long parentTime = h[2 * parent];
            if (parentTime < time || (parentTime == time && h[2 * parent + 1] < order)) {
                break;
            }
            h[2 * i] = parentTime;
            h[2 * i + 1] = h[2 * parent + 1];
            i = parent;
        }
        h[2 * i] = time;
        h[2 * i + 1] = order;
    }

    /** Returns the child of node {@code i} that comes first (a pairwise tournament when all four exist), or -1 if none. */
    private static int leastChild(long[] h, int i, int n) {
        int child = 4 * i + 1;
        if (child >= n) {
            return -1;
        }
        if (child + 3 < n) {
            return lesser(h, lesser(h, child, child + 1), lesser(h, child + 2, child + 3));
        }
        int best = child;
        for (int c = child + 1; c < n; c++) {
            best = lesser(h, best, c);
        }
        return best;
    }

    /**
     * Returns whichever of nodes {@code a} and {@code b} comes first. Different times, the common case, take
     * one comparison in a ternary, which the JIT compiles to a conditional move; equal times take the rarer,
     * separate path.
     */
    private static int lesser(long[] h, int a, int b) {
        long ta = h[2 * a];
        long tb = h[2 * b];
        if (ta == tb) {
            return h[2 * a + 1] < h[2 * b + 1] ? a : b;
        }
        return ta < tb ? a : b;
    }
}
