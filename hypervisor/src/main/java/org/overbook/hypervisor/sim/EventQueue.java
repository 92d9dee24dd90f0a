package org.overbook.hypervisor.sim;

import java.util.Arrays;

/**
 * A priority queue of actions keyed by (time, insertion sequence): a ladder queue (Tang, Goh and Thng,
 * "Ladder queue: an O(1) priority queue structure for large-scale discrete event simulation", ACM TOMACS
 * 15(3), 2005) whose bottom is a small 4-ary heap.
 *
 * <p>Design. Events live in three tiers, each holding later times than the one before:
 * <ul>
 * <li>the bottom, an {@link EventHeap} of every event before {@code bottomEnd}: dispatch takes the root;</li>
 * <li>the ladder, up to {@value #MAX_RUNGS} {@link Rung}s, each a range of equal-width buckets (unsorted
 *     lists); a finer rung covers exactly one bucket of the rung above it;</li>
 * <li>the top, an unsorted list of everything after the coarsest rung, with its least and greatest time.</li>
 * </ul>
 * Adding is an append to whichever tier the time falls in (the heap only below {@code bottomEnd}); the rungs' ranges
 * nest (each ends no later than the one above it), and the rung an event goes to, the finest that ends after its
 * time, is found from their ends, kept side by side in one array, without reading a rung object per step. (Counting
 * the rungs that end at or before the time, a sum without a branch, was tried: no faster on point 4's schedules,
 * and it makes the bucket's address wait for the sum, where a predicted search lets a cold bucket's miss start
 * early.) When the
 * bottom runs dry it takes the next non-empty bucket of the finest rung; a bucket of more than
 * {@value #SPAWN_THRESHOLD} events is spread over a new, finer rung instead; when the ladder is used up the
 * top is spread over a new rung sized to hold about {@value #EVENTS_PER_BUCKET} events a bucket. Every event
 * is thus copied a bounded number of times between being scheduled and reaching the heap, and when events
 * spread over time the heap stays small: schedule and dispatch cost O(1) amortised, however many events
 * wait. Bucket widths are powers of two, so finding a bucket is a shift. Skewed delays (nanosecond hops
 * beside millisecond timeouts) only make finer rungs. Whatever a rung cannot split (a burst at one instant)
 * goes to the heap, which costs what a plain heap does, O(log n) in the events it holds. (At point 4 of the
 * default run, ~100 events waiting, nearly 9 in 10 events are added to a rung, most to the finest two or three
 * of four or five, 1 in 10 to the bottom and 1 in 20 to the top.) A sorted list as the
 * bottom, as in the paper, was measured slower there (a linear insertion into a bottom of about 60 events),
 * and so was the bucket as a sorted run beside a heap of what is scheduled into its range; but most refills
 * bring a handful of events, and while the bottom holds at most {@value EventHeap#SORTED_LIMIT} it is a sorted
 * run, which dispatch takes from without a sift (see {@link EventHeap}).
 *
 * <p>Order. Every event carries an order word, its insertion sequence in the high 40 bits above a 24-bit
 * handle naming the slot of its action, and the heap orders by (time, order word): events at equal times
 * dispatch in scheduling order, exactly as a single heap would dispatch them, whatever tier they passed
 * through. Tiers only decide which events are compared, never how.
 *
 * <p>Dispatch. A dispatched event keeps the heap's root while its action runs, and the first event the action
 * schedules into the heap replaces it in place: the common "handle one event, schedule the next" costs one
 * sift, not two, and none when the new event comes first (an event for "now").
 *
 * <p>Limits: times from 0 to {@link Long#MAX_VALUE}; 2^24 (16.7 M) events waiting at once, 2^40 (1.1
 * trillion) events scheduled in one simulation; both are checked. See {@code perf/BENCHMARKS.md} for the
 * figures, side by side with a plain packed 4-ary heap and {@link java.util.PriorityQueue}.
 */
final class EventQueue {

    /** How many events a rung built from the top aims to put in one bucket. */
    static final int EVENTS_PER_BUCKET = 2;
    /**
     * A bucket with more events than this is spread over a finer rung rather than heaped: as many as the bottom
     * keeps as a sorted run. A bucket refilled whole past that makes a heap that keeps its size while each
     * dispatched event hands its place to the next one it schedules; in the default scenario such buckets (from
     * coarse rungs, 17-48 events) made most of the bottom's sifting, and spreading them takes about 3 ns an
     * event off the kernel there (was 48: the hold model with bimodal delays at 100,000 events waiting, whose
     * crowded buckets are now spread more often, loses about a tenth).
     */
    static final int SPAWN_THRESHOLD = EventHeap.SORTED_LIMIT;
    static final int MAX_RUNGS = 8;
    private static final int MAX_BUCKETS_LOG2 = 20;
    private static final int MAX_CHILD_BUCKETS_LOG2 = 12;
    private static final int HANDLE_BITS = 24;
    private static final long HANDLE_MASK = (1L << HANDLE_BITS) - 1;
    private static final long MAX_SEQUENCE = (1L << (63 - HANDLE_BITS)) - 1;

    private final EventHeap bottom = new EventHeap();
    private long bottomEnd = Long.MIN_VALUE;      // every event in the heap is before it, every other one at or after
    private final Rung[] rungs = new Rung[MAX_RUNGS];
    private final long[] rungEnds = new long[MAX_RUNGS];   // rungs[r].end(), coarsest first: each at most the one before
    private int rungCount;                        // rungs[rungCount - 1] is the finest
    private long[] top = new long[2 * 64];        // (time, order) pairs
    private int topCount;
    private long topMin = Long.MAX_VALUE;
    private long topMax = Long.MIN_VALUE;

    private Action[] actions;                     // by handle
    private int[] freeHandles;
    private int freeHandleCount;
    private int size;                             // events held, the one being dispatched included
    private long nextSequence;
    private boolean dispatching;                  // the heap's root is the event being dispatched
    private boolean rootReplaced;                 // ...and an add has already taken its place

    EventQueue(int initialCapacity) {
        int capacity = Math.max(16, initialCapacity);
        actions = new Action[capacity];
        freeHandles = new int[capacity];
        for (int i = 0; i < capacity; i++) {
            freeHandles[i] = capacity - 1 - i;
        }
        freeHandleCount = capacity;
        for (int i = 0; i < MAX_RUNGS; i++) {
            rungs[i] = new Rung();
        }
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
        if (bottom.isEmpty()) {
            refill();
        }
        return bottom.peekTime();
    }

    /**
     * Returns whether an event waits for {@code time}, the time of the event being dispatched, besides that event.
     * Such events are all in the heap, as the dispatched one came from it: the earliest one waiting is the root
     * if the dispatched event has handed it over, else the least of the root's children.
     */
    boolean waitsDuringDispatch(long time) {
        return (rootReplaced ? bottom.peekTime() : bottom.peekTimeAfterRoot()) == time;
    }

    /** Adds an action at {@code time} (not negative), after every action already queued for that time. */
    void add(long time, Action action) {
        if (freeHandleCount == 0) {
            grow();
        }
        if (nextSequence > MAX_SEQUENCE) {
            throw new IllegalStateException("more than " + MAX_SEQUENCE + " events scheduled in one simulation");
        }
        int handle = freeHandles[--freeHandleCount];
        actions[handle] = action;
        long order = (nextSequence++ << HANDLE_BITS) | handle;
        size++;
        if (time < bottomEnd) {
            if (dispatching && !rootReplaced) {
                // The first event scheduled by the one being dispatched takes its place at the root.
                rootReplaced = true;
                size--;
                bottom.replaceRootWithNewest(time, order);
            } else {
                bottom.addNewest(time, order);
            }
        } else {
            addToLadderOrTop(time, order);
        }
    }

    private void addToLadderOrTop(long time, long order) {
        long[] ends = rungEnds;
        int r = rungCount - 1;
        while (r >= 0 && time >= ends[r]) {
            r--;
        }
        if (r >= 0) {
            rungs[r].add(time, order);
            return;
        }
        if (2 * topCount == top.length) {
            top = Arrays.copyOf(top, 2 * top.length);
        }
        top[2 * topCount] = time;
        top[2 * topCount + 1] = order;
        topCount++;
        topMin = Math.min(topMin, time);
        topMax = Math.max(topMax, time);
    }

    /**
     * Starts dispatching the earliest event and returns its action; the queue must not be empty. The event
     * keeps the heap's root until {@link #endDispatch()}, so that the first event its action schedules can
     * replace it in place.
     */
    Action beginDispatch() {
        if (bottom.isEmpty()) {
            refill();
        }
        int handle = (int) (bottom.peekOrder() & HANDLE_MASK);
        Action first = actions[handle];
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
            size--;
            bottom.removeRoot();
        }
    }

    /** Removes and returns the earliest action; the queue must not be empty. */
    Action poll() {
        Action first = beginDispatch();
        endDispatch();
        return first;
    }

    /**
     * Refills the empty heap from the finest rung's next non-empty bucket, spreading a crowded bucket over a
     * finer rung first, dropping used-up rungs, and building a rung from the top when none is left.
     */
    private void refill() {
        while (true) {
            if (rungCount == 0) {
                spreadTop();
            }
            Rung rung = rungs[rungCount - 1];
            int bucket = rung.nextNonEmpty();
            if (bucket < 0) {
                rungCount--;
                continue;
            }
            int count = rung.count(bucket);
            long[] pairs = rung.pairs(bucket);
            if (count > SPAWN_THRESHOLD && rung.shift() > 0 && rungCount < MAX_RUNGS && !sameTime(pairs, count)) {
                spreadBucket(rung, bucket, count, pairs);
                continue;
            }
            bottom.fill(pairs, count);
            touchActions(pairs, count);
            bottomEnd = rung.bucketEnd(bucket);
            rung.take(bucket);
            return;
        }
    }

    /**
     * Brings into the cache, just before their turn, the action slot and the action object of each event the
     * heap was refilled with. With many events waiting, both were written long ago and are cold: read at
     * dispatch, they are two cache misses per event, one after the other; read here, the misses of the whole
     * bucket overlap. Java has no prefetch instruction: reading an action's class is what loads its header,
     * and the comparison (never true: no action is a queue) keeps the JIT from dropping the read. In the hold
     * model at 100,000 events waiting this takes about a third off the time per event.
     */
    private void touchActions(long[] pairs, int count) {
        Action[] slots = actions;
        for (int i = 0; i < count; i++) {
            Object action = slots[(int) (pairs[2 * i + 1] & HANDLE_MASK)];
            if (action == null || action.getClass() == EventQueue.class) {
                throw new IllegalStateException("an event without a runnable action");
            }
        }
    }

    /** Spreads the top over a new coarsest rung of about {@value #EVENTS_PER_BUCKET} events a bucket. */
    private void spreadTop() {
        long span = topMax - topMin;
        long wanted = Math.max(1, topCount / EVENTS_PER_BUCKET);
        long width = span / wanted + 1;
        int shift = 64 - Long.numberOfLeadingZeros(width - 1);   // the least power of two >= width
        while ((span >>> shift) >= (1L << MAX_BUCKETS_LOG2)) {
            shift++;
        }
        Rung rung = rungs[0];
        rung.reset(topMin, shift, (int) (span >>> shift) + 1);
        rungEnds[0] = rung.end();
        long[] pairs = top;
        for (int i = 0, n = topCount; i < n; i++) {
            rung.add(pairs[2 * i], pairs[2 * i + 1]);
        }
        bottomEnd = topMin;
        rungCount = 1;
        topCount = 0;
        topMin = Long.MAX_VALUE;
        topMax = Long.MIN_VALUE;
    }

    /** Spreads a crowded bucket over a new finer rung that covers exactly the bucket's range. */
    private void spreadBucket(Rung rung, int bucket, int count, long[] pairs) {
        int parentShift = rung.shift();
        int log2Buckets = 32 - Integer.numberOfLeadingZeros(count / EVENTS_PER_BUCKET - 1);
        log2Buckets = Math.clamp(log2Buckets, 1, Math.min(parentShift, MAX_CHILD_BUCKETS_LOG2));
        Rung finer = rungs[rungCount];
        long from = rung.bucketStart(bucket);
        finer.reset(from, parentShift - log2Buckets, 1 << log2Buckets);
        rungEnds[rungCount] = finer.end();
        for (int i = 0; i < count; i++) {
            finer.add(pairs[2 * i], pairs[2 * i + 1]);
        }
        rung.take(bucket);
        bottomEnd = from;
        rungCount++;
    }

    private static boolean sameTime(long[] pairs, int count) {
        long first = pairs[0];
        for (int i = 1; i < count; i++) {
            if (pairs[2 * i] != first) {
                return false;
            }
        }
        return true;
    }

    private void grow() {
        int capacity = actions.length;
        if (capacity > HANDLE_MASK) {
            throw new IllegalStateException("more than " + (HANDLE_MASK + 1) + " events waiting at once");
        }
        int grown = (int) Math.min(capacity * 2L, HANDLE_MASK + 1);
        actions = Arrays.copyOf(actions, grown);
        freeHandles = Arrays.copyOf(freeHandles, grown);
        for (int handle = grown - 1; handle >= capacity; handle--) {
            freeHandles[freeHandleCount++] = handle;
        }
    }
}
