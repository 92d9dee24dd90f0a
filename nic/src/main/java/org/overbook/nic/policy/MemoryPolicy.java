package org.overbook.nic.policy;

/**
 * When a virtual function's pages are pinned (docs/ARCHITECTURE.md, "The model's abstractions"). A
 * pinned page is never reclaimed
 * and never faults; an unpinned page the NIC needs takes a network page fault.
 */
public interface MemoryPolicy {

    /** Returns the name scenarios use. */
    String name();

    /** Called once when the VF is attached to its tenant. */
    default void attach(PinningContext context) {
    }

    /** Called when a region is registered (after the registration cache, if any, missed). */
    default void register(PinningContext context, long address, long length, boolean onDemand) {
    }

    /** Called when a region is deregistered for good (or evicted from the registration cache). */
    default void deregister(PinningContext context, long address, long length, boolean onDemand) {
    }

    /** Called before a work request's local buffer is posted. */
    default void beforePost(PinningContext context, long address, int length) {
    }

    /** Returns whether registrations go through a bounded pin-down cache in the tenant's library. */
    default boolean cachesRegistrations() {
        return false;
    }
}
