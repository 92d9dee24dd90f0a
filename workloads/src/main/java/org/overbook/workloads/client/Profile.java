package org.overbook.workloads.client;

import java.util.random.RandomGenerator;
import org.overbook.workloads.load.KeyFormat;
import org.overbook.workloads.load.Operation;
import org.overbook.workloads.load.OperationStream;

/**
 * What distinguishes one load generator from another: its key space, the load that fills it, the
 * stream of operations it measures, and (for ETC) an arrival process of its own.
 */
interface Profile {

    /** Returns the operations to measure. */
    OperationStream stream();

    /** Returns how keys are rendered. */
    default KeyFormat keyFormat() {
        return stream().keyFormat();
    }

    /** Returns how many keys the load sets: ids {@code 0 .. keysToLoad()-1}. */
    long keysToLoad();

    /** Returns the set that loads key {@code keyId}. */
    Operation loadOperation(long keyId, RandomGenerator random);

    /** Returns the keys that exist now (YCSB's inserts add some); a scan stops at the last. */
    default long keyCount() {
        return keysToLoad();
    }

    /** Returns the gap to the next arrival of the profile's own arrival process; only if {@link #hasOwnArrivals()}. */
    default long nextGapNanos(RandomGenerator random) {
        throw new UnsupportedOperationException("no arrival process of its own");
    }

    /** Returns whether the profile brings its own arrival process (ETC's inter-arrival fit). */
    default boolean hasOwnArrivals() {
        return false;
    }
}
