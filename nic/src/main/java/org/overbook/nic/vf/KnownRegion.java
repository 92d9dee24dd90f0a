package org.overbook.nic.vf;

import org.overbook.guest.verbs.MemoryRegion;
import org.overbook.hypervisor.sim.Action;

/**
 * The memory region a queue's last work request named by its lkey, with the region's key, bounds and access copied
 * into fields: the next request mostly names the same region, and then neither the VF's region table nor the region
 * object is read, each a cold cache line per message with many tenants.
 *
 * <p>Design. The fields belong to the requester and responder objects themselves ({@link SendQueues} and
 * {@link ReceiveQueues} extend this class), which every message reads anyway. A region is a record, so the copies
 * stay what the region says; the VF forgets the region ({@link #forgetRegion}) when it deregisters any, and keys are
 * never reused, so a region known here is still registered.
 *
 * <p>It is an {@link Action} so that the requester and the responder can each be their own most frequent event
 * (a packet read's end, the receive engine's drain) rather than hold one more object for it, one more cold line
 * an event with many tenants.
 */
abstract class KnownRegion extends Action {

    private boolean known;
    private int knownLkey;
    private int knownAccess;
    private long knownAddress;
    private long knownLength;

    /** Makes the region {@code lkey} names the known one; returns false, knowing none, if the VF has no such region. */
    final boolean findRegion(VirtualFunction vf, int lkey) {
        if (known && knownLkey == lkey) {
            return true;
        }
        MemoryRegion region = vf.regionByLkey(lkey);
        known = region != null;
        if (known) {
            knownLkey = lkey;
            knownAccess = region.access();
            knownAddress = region.address();
            knownLength = region.length();
        }
        return known;
    }

    /** Returns whether the known region covers {@code bytes} bytes from {@code start}: {@link MemoryRegion#covers}. */
    final boolean regionCovers(long start, long bytes) {
        return bytes >= 0 && start >= knownAddress && start - knownAddress <= knownLength - bytes;
    }

    /** Returns the known region's access flags. */
    final int regionAccess() {
        return knownAccess;
    }

    /** Returns the first address past the known region. */
    final long regionEnd() {
        return knownAddress + knownLength;
    }

    /** A region was deregistered: the one known may be gone. */
    final void forgetRegion() {
        known = false;
    }
}
