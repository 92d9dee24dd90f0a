package org.overbook.hypervisor.memory;

/** What it took to make a guest page resident. */
public enum FaultKind {
    /** The page was resident already. */
    NONE,
    /** The page was never touched: a zeroed frame was populated. */
    MINOR,
    /** The page was swapped out: it was read back from the swap store. */
    MAJOR
}
