package org.overbook.hypervisor.memory;

/** Where a guest page is, as the host's second-level table records it. */
public enum PageState {
    /** Never touched: reads as zeros, has no frame and no swap copy. */
    NOT_POPULATED,
    /** In a host frame. */
    RESIDENT,
    /** Written out to the swap store; its frame was freed. */
    SWAPPED,
    /** Taken by the guest's balloon driver: no frame, no swap copy, not to be touched by the guest. */
    BALLOONED;

    private static final PageState[] VALUES = values();

    static PageState of(byte ordinal) {
        return VALUES[ordinal];
    }
}
