package org.overbook.workloads.mpi;

import org.overbook.guest.GuestMemory;

/**
 * The stamps a halo carries so that its receiver can tell it arrived whole and from the right rank: the
 * iteration, the sending rank and its direction, written at the start of every page of the halo and in its
 * last word. A page lost or stale on the way reads as a mismatch.
 */
final class HaloStamps {

    private final GuestMemory memory;
    private final int halo;

    HaloStamps(GuestMemory memory, int halo) {
        this.memory = memory;
        this.halo = halo;
    }

    /** Returns the stamp of the halo {@code rank} sends in {@code direction} in {@code iteration}; never zero. */
    static long of(int iteration, int rank, int direction) {
        return ((long) (iteration + 1) << 32) | ((long) rank << 2) | direction;
    }

    /** Writes {@code stamp} into the halo at {@code buffer}. */
    void write(long buffer, long stamp) {
        for (long at = 0; at + Long.BYTES <= halo; at += GuestMemory.PAGE_SIZE) {
            memory.writeLong(buffer + at, stamp);
        }
        memory.writeLong(buffer + halo - Long.BYTES, stamp);
    }

    /** Returns whether the halo at {@code buffer} carries {@code stamp} everywhere it should. */
    boolean check(long buffer, long stamp) {
        for (long at = 0; at + Long.BYTES <= halo; at += GuestMemory.PAGE_SIZE) {
            if (memory.readLong(buffer + at) != stamp) {
                return false;
            }
        }
        return memory.readLong(buffer + halo - Long.BYTES) == stamp;
    }
}
