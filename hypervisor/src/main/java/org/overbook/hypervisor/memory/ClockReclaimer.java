package org.overbook.hypervisor.memory;

/**
 * Global CLOCK over host frames (Corbató's second-chance algorithm, as Linux approximates LRU): the
 * hand sweeps frames in order; a free, pinned or DMA-locked frame is passed over, a frame whose page
 * was accessed since the last sweep loses its accessed bit and is passed over, and the first frame
 * found unaccessed is the victim. While write-back is congested, reclaim asks for clean victims only
 * (pages whose swap copy is still good, which cost no write): a dirty page is passed over with its
 * accessed bit untouched, as Linux's reclaim rotates dirty pages it cannot write yet.
 */
final class ClockReclaimer {

    /**
     * How far a search for a clean victim looks before giving up: reclaim scans in small batches (Linux
     * isolates SWAP_CLUSTER_MAX = 32 pages at a time), not the whole of memory, for a page it may take.
     */
    private static final int CLEAN_SCAN_BUDGET = 32 * 32;

    private final FramePool frames;
    private final SecondLevelTable[] tables;
    private int hand;
    private long scanned;

    ClockReclaimer(FramePool frames, SecondLevelTable[] tables) {
        this.frames = frames;
        this.tables = tables;
    }

    /** Returns the next victim frame, or -1 if two full sweeps find none (all pinned, locked or free). */
    int nextVictim() {
        return nextVictim(/* cleanOnly= */ false);
    }

    /** Returns the next victim frame, clean ones only if asked, or -1 if two full sweeps find none. */
    int nextVictim(boolean cleanOnly) {
        int total = frames.total();
        int budget = cleanOnly ? Math.min(2 * total, CLEAN_SCAN_BUDGET) : 2 * total;
        for (int step = 0; step < budget; step++) {
            int frame = hand;
            hand = hand + 1 == total ? 0 : hand + 1;
            scanned++;
            if (frames.isFree(frame)) {
                continue;
            }
            SecondLevelTable table = tables[frames.ownerTenant(frame)];
            int page = frames.ownerPage(frame);
            if (!table.reclaimable(page) || (cleanOnly && !table.hasSwapCopy(page))) {
                continue;
            }
            if (table.isAccessed(page)) {
                table.clearAccessed(page);
                continue;
            }
            return frame;
        }
        return -1;
    }

    /** Returns how many frames the hand has passed. */
    long scanned() {
        return scanned;
    }
}
