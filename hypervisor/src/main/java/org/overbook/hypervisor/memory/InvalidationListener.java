package org.overbook.hypervisor.memory;

/**
 * Told before the host unmaps a guest page, as Linux's MMU notifiers tell a device driver: the NIC
 * drops its translation of the page so that no DMA can reach the frame once it is reused.
 */
@FunctionalInterface
public interface InvalidationListener {

    /** The page {@code guestPage} of tenant {@code tenantId} is about to lose its frame. */
    void invalidate(int tenantId, int guestPage);
}
