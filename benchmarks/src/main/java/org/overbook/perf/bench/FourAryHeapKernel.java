package org.overbook.perf.bench;

import java.util.Arrays;

/**
 * Baseline for {@link SimulationBenchmark}: the simulation kernel as it was before the ladder queue, a
 * packed implicit 4-ary min-heap with Floyd's bottom-up pop, plus the same clock and dispatch loop as
 * {@code Simulation}. Kept here, not in the model, so the benchmark can measure the kernel against it
 * side by side in one run.
 *
 * <p>Each heap node is two adjacent {@code long}s: the time, then the insertion sequence in the high
 * 40 bits with a 24-bit handle in the low bits naming the action's slot in a side array, so sifting
 * moves only primitives and comparing the second words breaks ties in time by scheduling order. A
 * node's four children are one cache line. Removal is Floyd's bottom-up sift with a branch-free
 * tournament; insertion needs no tie-break, since the newest event has the largest sequence. A
 * dispatched event keeps the root while its action runs, and the first event the action schedules
 * replaces it in place (one sift, not two).
 */
final class FourAryHeapKernel {

    private static final int HANDLE_BITS = 24;
    private static final long HANDLE_MASK = (1L << HANDLE_BITS) - 1;
    private static final long MAX_SEQUENCE = (1L << (63 - HANDLE_BITS)) - 1;

    private long[] heap;          // node i: heap[2i] = time, heap[2i+1] = sequence << 24 | handle
    private Runnable[] actions;   // by handle
    private int[] freeHandles;
    private int freeHandleCount;
    private int size;
    private long nextSequence;
    private boolean dispatching;     // the root is the event being dispatched
    private boolean rootReplaced;    // ...and an add has already taken its place

    private long now;
    private long dispatched;      // counted as Simulation counts, so both loops do the same work

    /** Returns the current virtual time in nanoseconds. */
    long now() {
        return now;
    }

    /** Runs {@code action} {@code delay} nanoseconds from now. */
    void schedule(long delay, Runnable action) {
        if (delay < 0) {
            throw new IllegalArgumentException("cannot schedule into the past: delay " + delay + " ns");
        }
        add(now + delay, action);
    }

    /** Runs the next event, if one is waiting; returns whether one ran (as {@code Simulation.step()}). */
    boolean step() {
        if (isEmpty()) {
            return false;
        }
        now = peekTime();
        Runnable action = beginDispatch();
        dispatched++;
        try {
            action.run();
        } finally {
            endDispatch();
        }
        return true;
    }

    FourAryHeapKernel(int initialCapacity) {
        int capacity = Math.max(16, initialCapacity);
        heap = new long[2 * capacity];
        actions = new Runnable[capacity];
        freeHandles = new int[capacity];
        for (int i = 0; i < capacity; i++) {
            freeHandles[i] = capacity - 1 - i;
        }
        freeHandleCount = capacity;
    }

    /** Returns how many events wait, not counting one being dispatched. */
    int size() {
        return dispatching && !rootReplaced ? size - 1 : size;
    }

    boolean isEmpty() {
        return size() == 0;
    }

    /** Returns the time of the earliest event; the queue must not be empty. */
    long peekTime() {
        return heap[0];
    }

    /** Adds an action at {@code time}, after every action already queued for that time. */
    void add(long time, Runnable action) {
        if (freeHandleCount == 0) {
            grow();
        }
        if (nextSequence > MAX_SEQUENCE) {
            throw new IllegalStateException("more than " + MAX_SEQUENCE + " events scheduled in one simulation");
        }
        int handle = freeHandles[--freeHandleCount];
        actions[handle] = action;
        long order = (nextSequence++ << HANDLE_BITS) | handle;
        if (dispatching && !rootReplaced) {
            // The first event scheduled by the one being dispatched takes its place at the root:
            // one sift instead of a removal and an insertion (the "hold" operation).
            rootReplaced = true;
            replaceRoot(time, order);
        } else {
            siftUpNewest(size++, time, order);
        }
    }

    /**
     * Puts an event at the root in place of the one being dispatched. It stays there when it comes before
     * the least child, as an event scheduled for "now" often does (a completion, a hand-off to an idle vCPU:
     * a quarter of the holds in the default scenario); otherwise the sift goes on from that child. A child
     * at the same time stays ahead: the new event's sequence is the largest. The test costs one comparison
     * beyond the tournament the sift runs anyway.
     */
    private void replaceRoot(long time, long order) {
        long[] h = heap;
        int best = leastChild(h, 0, size);
        if (best < 0 || time < h[2 * best]) {
            h[0] = time;
            h[1] = order;
            return;
        }
        h[0] = h[2 * best];
        h[1] = h[2 * best + 1];
        siftDown(best, time, order, size);
    }

    /**
     * Starts dispatching the earliest event and returns its action; the queue must not be empty. The
     * event keeps the root until {@link #endDispatch()}, so that the first event its action schedules
     * can replace it in place.
     */
    Runnable beginDispatch() {
        int handle = (int) (heap[1] & HANDLE_MASK);
        Runnable first = actions[handle];
        actions[handle] = null;
        freeHandles[freeHandleCount++] = handle;
        dispatching = true;
        rootReplaced = false;
        return first;
    }

    /** Ends the dispatch begun by {@link #beginDispatch()}: removes the event unless something replaced it. */
    void endDispatch() {
        dispatching = false;
        if (!rootReplaced) {
            int last = --size;
            if (last > 0) {
                siftDown(0, heap[2 * last], heap[2 * last + 1], last);
            }
        }
    }

    /**
     * Sifts up the event just added. Its sequence number is larger than every other's, so it stops
     * below any parent whose time is not later than its own: no tie-break comparison is needed.
     */
    private void siftUpNewest(int index, long time, long order) {
        long[] h = heap;
        int i = index;
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

    private void siftUp(int index, long time, long order) {
        long[] h = heap;
        int i = index;
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

    /**
     * Floyd's bottom-up sift: walks the hole from {@code hole} to a leaf, always promoting the least child
     * (a pairwise tournament when all four exist), then sifts the displaced last element up from
     * there. The last element almost always belongs near the bottom, so this saves the comparison
     * with it at every level on the way down.
     */
    private void siftDown(int hole, long time, long order, int n) {
        long[] h = heap;
        int i = hole;
        for (int best = leastChild(h, i, n); best >= 0; best = leastChild(h, i, n)) {
            h[2 * i] = h[2 * best];
            h[2 * i + 1] = h[2 * best + 1];
            i = best;
        }
        siftUp(i, time, order);
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
     * Returns whichever of nodes {@code a} and {@code b} comes first. The common case, different times,
     * is a single comparison in a ternary, which the JIT compiles to a conditional move (no branch to
     * mispredict on random keys); equal times take the rarer, separate path.
     */
    private static int lesser(long[] h, int a, int b) {
        long ta = h[2 * a];
        long tb = h[2 * b];
        if (ta == tb) {
            return h[2 * a + 1] < h[2 * b + 1] ? a : b;
        }
        return ta < tb ? a : b;
    }

    private void grow() {
        int capacity = actions.length;
        if (capacity > HANDLE_MASK) {
            throw new IllegalStateException("more than " + (HANDLE_MASK + 1) + " events waiting at once");
        }
        int grown = (int) Math.min(capacity * 2L, HANDLE_MASK + 1);
        heap = Arrays.copyOf(heap, 2 * grown);
        actions = Arrays.copyOf(actions, grown);
        freeHandles = Arrays.copyOf(freeHandles, grown);
        for (int handle = grown - 1; handle >= capacity; handle--) {
            freeHandles[freeHandleCount++] = handle;
        }
    }
}
