package org.overbook.nic.pin;

/**
 * Told, synchronously, of each region that leaves a {@link PinDownCache}: evicted to respect the bound,
 * or dropped by {@link PinDownCache#invalidate}. The caller deregisters the region and unpins its pages.
 */
@FunctionalInterface
public interface PinEvictionListener {

    /** A listener that ignores every region that leaves. */
    PinEvictionListener NONE = (address, length, handle) -> {};

    /**
     * Called once per region that left the cache, after the cache's own state has been updated.
     *
     * @param address first byte of the region
     * @param length  length of the region in bytes
     * @param handle  the caller's handle for the registration, as given to {@link PinDownCache#insert}
     */
    void evicted(long address, long length, long handle);
}
