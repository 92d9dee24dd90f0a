package org.overbook.workloads.load;

import java.util.random.RandomGenerator;

/** An endless, deterministic sequence of load-generator operations. */
public interface OperationStream {

    /** Returns the next operation, drawing all randomness from {@code rng}. */
    Operation next(RandomGenerator rng);

    /** Returns how this stream renders key ids to key bytes. */
    KeyFormat keyFormat();
}
