package org.overbook.guest;

/**
 * Called when the guest kernel needs memory back, as Linux's shrinkers are: a cache drops its
 * coldest items and frees their pages to the guest allocator.
 */
@FunctionalInterface
public interface MemoryPressureListener {

    /**
     * Asks the workload to give back about {@code bytes} of memory.
     *
     * @return the bytes it actually returned to the guest allocator (may be less, or zero)
     */
    long release(long bytes);
}
