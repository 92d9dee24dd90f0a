package org.overbook.workloads.mpi;

import org.overbook.guest.GuestMemory;
import org.overbook.guest.verbs.Access;
import org.overbook.guest.verbs.MemoryRegion;
import org.overbook.guest.verbs.Verbs;

/**
 * A rank's connection-time buffers, one region each way with a {@link HaloSettings#HEADER}-sized slot per
 * peer: the hellos that exchange the rings' addresses and keys land here (an MPI library swaps them out of
 * band at start). The incoming region is at least one eager buffer long, so that the receives posted as
 * tokens for the rings' immediates can name it.
 */
final class Control {

    private final long in;
    private final long out;
    private final MemoryRegion inRegion;
    private final MemoryRegion outRegion;

    Control(Verbs verbs, GuestMemory memory, int peers, int slotBytes) {
        long bytes = (long) peers * HaloSettings.HEADER;
        long inBytes = Math.max(bytes, slotBytes);
        this.in = memory.allocate(inBytes);
        this.out = memory.allocate(bytes);
        this.inRegion = verbs.register(in, inBytes, Access.LOCAL_WRITE);
        this.outRegion = verbs.register(out, bytes, 0);
    }

    long in(int slot) {
        return in + (long) slot * HaloSettings.HEADER;
    }

    long out(int slot) {
        return out + (long) slot * HaloSettings.HEADER;
    }

    /** Returns the buffer the receives posted for immediates name (never written). */
    long token() {
        return in;
    }

    int inKey() {
        return inRegion.lkey();
    }

    int outKey() {
        return outRegion.lkey();
    }
}
