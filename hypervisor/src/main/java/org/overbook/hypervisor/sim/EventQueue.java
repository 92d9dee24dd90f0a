package org.overbook.hypervisor.sim;

import java.util.Arrays;

/**
 * A priority queue of actions keyed by (time, insertion sequence): a ladder queue (Tang, Goh and Thng,
 * "Ladder queue: an O(1) priority queue structure for large-scale discrete event simulation", ACM TOMACS
 * 15(3), 2005) over packed primitive keys.
 *
 * <p>Design. Events live in three tiers, each holding later times than the one before:
 * <ul>
 * <li>the bottom, a {@link SortedRun} of every event before {@code bottomEnd}: dispatch takes its head;</li>
 * <li>the ladder, up to {@value #MAX_RUNGS} {@link Rung}s, each a range of equal-width buckets (unsorted
 *     lists), the finest rung covering the earliest times;</li>
 * <li>the top, an unsorted list of everything after the coarsest rung, with its least and greatest time.</li>
 * </ul>
 * Adding is an append to whichever tier the time falls in (a short sorted insertion in the bottom). When the
 * bottom runs dry it takes, and sorts, the next non-empty bucket of the finest rung; a bucket of more than
 * {@value #SPAWN_THRESHOLD} events is spread over a new, finer rung instead; when the ladder is used up the
 * top is spread over a new rung sized to hold about {@value #EVENTS_PER_BUCKET} events a bucket. A bottom
 * that grows past twice what it was filled with (many events scheduled just ahead of "now") is spread back
 * over a new finest rung. Every event is thus copied a bounded number of times between being scheduled and
 * being dispatched, and the bottom stays small: schedule and dispatch cost O(1) amortised, however many
 * events wait. Bucket widths are powers of two, so finding a bucket is a shift. Skewed delays (nanosecond
 * hops beside millisecond timeouts) only make finer rungs; a burst at one instant, which no rung can split,
 * is sorted once (it is in order already).
 *
 * <p>Order. Every event carries an order word, its insertion sequence in the high 40 bits above a 24-bit
 * handle naming the slot of its action. Every list here is appended to in scheduling order and spread into
 * others in that order, so events at equal times always sit in scheduling order; the bottom's stable sort by
 * time then dispatches by (time, sequence), exactly as a single heap over (time, sequence) would, whatever
 * tier an event passed through.
 *
 * <p>Limits: times from 0 to {@link Long#MAX_VALUE}; 2^24 (16.7 M) events waiting at once, 2^40 (1.1
 * trillion) events scheduled in one simulation; both are checked. See {@code perf/BENCHMARKS.md} for the
 * figures, side by side with a packed 4-ary heap and {@link java.util.PriorityQueue}.
 */
final class EventQueue {

    /** How many events a rung aims to put in one bucket. */
    static final int EVENTS_PER_BUCKET = 4;
    /** A bucket with more events than this is spread over a finer rung rather than sorted into the bottom. */
    static final int SPAWN_THRESHOLD = 48;
    static final int MAX_RUNGS = 8;
    /** The bottom is never spread back over a rung below this size. */
    private static final int SPILL_MIN = 64;
    private static final int MAX_BUCKETS_LOG2 = 20;
    private static final int MAX_FINER_BUCKETS_LOG2 = 12;
    private static final int HANDLE_BITS = 24;
    private static final long HANDLE_MASK = (1L << HANDLE_BITS) - 1;
    private static final long MAX_SEQUENCE = (1L << (63 - HANDLE_BITS)) - 1;

    private final SortedRun bottom = new SortedRun();
    private long bottomEnd = Long.MIN_VALUE;   // every event in the bottom is before it, every other one at or after
    private int spillAt = SPILL_MIN;           // the bottom size that sends it back to a rung
    private final Rung[] rungs = new Rung[MAX_RUNGS];
    private int rungCount;                     // rungs[rungCount - 1] is the finest
    private long[] top = new long[2 * 64];     // (time, order) pairs, in scheduling order
    private int topCount;
    private long topMin = Long.MAX_VALUE;
    private long topMax = Long.MIN_VALUE;

    private Runnable[] actions;                // by handle
    private int[] freeHandles;
    private int freeHandleCount;
    private int size;                          // events held, the one being dispatched included
    private long nextSequence;
    private boolean dispatching;               // the bottom's head is the event being dispatched

    EventQueue(int initialCapacity) {
        int capacity = Math.max(16, initialCapacity);
        actions = new Runnable[capacity];
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
        return dispatching ? size - 1 : size;
    }

    boolean isEmpty() {
        return size() == 0;
    }

    /** Returns the time of the earliest event; the queue must not be empty. */
    long peekTime() {
        if (bottom.isEmpty()) {
            refill();
        }
        return bottom.firstTime();
    }

    /** Adds an action at {@code time} (not negative), after every action already queued for that time. */
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
        size++;
        if (time < bottomEnd) {
            bottom.insertNewest(time, order, dispatching ? 1 : 0);
            if (bottom.size() > spillAt && !dispatching) {
                spillBottom();
            }
        } else {
            addToLadderOrTop(time, order);
        }
    }

    private void addToLadderOrTop(long time, long order) {
        for (int r = rungCount - 1; r >= 0; r--) {
            Rung rung = rungs[r];
            if (time < rung.end()) {
                rung.add(time, order);
                return;
            }
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
     * keeps the bottom's head until {@link #endDispatch()}: what its action schedules goes after it.
     */
    Runnable beginDispatch() {
        if (bottom.isEmpty()) {
            refill();
        }
        int handle = (int) (bottom.firstOrder() & HANDLE_MASK);
        Runnable first = actions[handle];
        actions[handle] = null;
        freeHandles[freeHandleCount++] = handle;
        dispatching = true;
        return first;
    }

    /** Ends the dispatch begun by {@link #beginDispatch()}: removes its event. */
    void endDispatch() {
        dispatching = false;
        size--;
        bottom.removeFirst();
        if (bottom.size() > spillAt) {
            spillBottom();
        }
    }

    /** Removes and returns the earliest action; the queue must not be empty. */
    Runnable poll() {
        Runnable first = beginDispatch();
        endDispatch();
        return first;
    }

    /**
     * Refills the empty bottom from the finest rung's next non-empty bucket, spreading a crowded bucket over a
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
            bottomEnd = rung.bucketEnd(bucket);
            spillAt = Math.max(SPILL_MIN, 2 * count);
            rung.take(bucket);
            return;
        }
    }

    /** Spreads the top over a new coarsest rung of about {@value #EVENTS_PER_BUCKET} events a bucket. */
    private void spreadTop() {
        long span = topMax - topMin;
        int shift = bucketShift(span, topCount);
        while ((span >>> shift) >= (1L << MAX_BUCKETS_LOG2)) {
            shift++;
        }
        Rung rung = rungs[0];
        rung.reset(topMin, shift, (int) (span >>> shift) + 1);
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
        log2Buckets = Math.clamp(log2Buckets, 1, Math.min(parentShift, MAX_FINER_BUCKETS_LOG2));
        Rung finer = rungs[rungCount];
        long from = rung.bucketStart(bucket);
        finer.reset(from, parentShift - log2Buckets, 1 << log2Buckets);
        for (int i = 0; i < count; i++) {
            finer.add(pairs[2 * i], pairs[2 * i + 1]);
        }
        rung.take(bucket);
        bottomEnd = from;
        rungCount++;
    }

    /**
     * Spreads the bottom, grown large with events scheduled just ahead of "now", over a new finest rung that
     * ends where the bottom ended; the bottom is refilled from it. When there is no rung to spare, the times
     * are all equal (no rung could split them) or the range is near the end of time, the bottom stays as it
     * is until it doubles again, so the work stays linear in the events added.
     */
    private void spillBottom() {
        long first = bottom.firstTime();
        long span = bottomEnd - first;
        if (rungCount == MAX_RUNGS || first == bottom.lastTime() || span > (1L << 61)) {
            spillAt = 2 * bottom.size();
            return;
        }
        int shift = bucketShift(span, bottom.size());
        while (((span - 1) >>> shift) >= (1L << MAX_FINER_BUCKETS_LOG2)) {
            shift++;
        }
        int buckets = (int) ((span - 1) >>> shift) + 1;
        long from = bottomEnd - ((long) buckets << shift);
        Rung finer = rungs[rungCount];
        finer.reset(from, shift, buckets);
        long[] spill = new long[2 * bottom.size()];
        int count = bottom.drainTo(spill);
        for (int i = 0; i < count; i++) {
            finer.add(spill[2 * i], spill[2 * i + 1]);
        }
        bottomEnd = from;
        spillAt = SPILL_MIN;
        rungCount++;
    }

    /**
     * Returns the shift of the least power-of-two bucket width that spreads {@code count} events over
     * {@code span} nanoseconds about {@value #EVENTS_PER_BUCKET} a bucket.
     */
    private static int bucketShift(long span, int count) {
        long wanted = Math.max(1, count / EVENTS_PER_BUCKET);
        long width = span / wanted + 1;
        return 64 - Long.numberOfLeadingZeros(width - 1);
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
