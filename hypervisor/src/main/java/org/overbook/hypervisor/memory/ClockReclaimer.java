package org.overbook.hypervisor.memory;

import org.overbook.hypervisor.spi.FrameView;
import org.overbook.hypervisor.spi.VictimSelector;

/**
 * Global CLOCK over host frames (Corbató's second-chance algorithm, as Linux approximates LRU): the
 * hand sweeps frames in order; a free, pinned or DMA-locked frame is passed over, a frame whose page
 * was accessed since the last sweep loses its accessed bit and is passed over, and the first frame
 * found unaccessed is the victim. While write-back is congested, reclaim asks for clean victims only
 * (pages whose swap copy is still good, which cost no write): a dirty page is passed over with its
 * accessed bit untouched, as Linux's reclaim rotates dirty pages it cannot write yet. The built-in
 * reclaim victim selection ({@code clock}); it sees the frames only through the {@link FrameView} a
 * plug-in selection gets.
 */
final class ClockReclaimer implements VictimSelector {

    private final FrameView frames;
    private int hand;
    private long scanned;

    ClockReclaimer(FrameView frames) {
        this.frames = frames;
    }

    /** Returns the next victim frame, or -1 if two full sweeps find none (all pinned, locked or free). */
    @Override
    public int nextVictim() {
        return sweep(2L * frames.frames(), /* cleanOnly= */ false);
    }

    @Override
    public int nextCleanVictim(int budget) {
        return sweep(Math.min(budget, 2L * frames.frames()), /* cleanOnly= */ true);
    }

    /** Passes at most {@code budget} frames (two sweeps of a host past 2^30 frames are more than an int counts). */
    private int sweep(long budget, boolean cleanOnly) {
        int total = frames.frames();
        for (long step = 0; step < budget; step++) {
            int frame = hand;
            hand = hand + 1 == total ? 0 : hand + 1;
            scanned++;
            if (frames.isFree(frame) || !frames.reclaimable(frame) || (cleanOnly && !frames.clean(frame))) {
                continue;
            }
            if (frames.accessed(frame)) {
                frames.clearAccessed(frame);
                continue;
            }
            return frame;
        }
        return -1;
    }

    /** Returns how many frames the hand has passed. */
    @Override
    public long scanned() {
        return scanned;
    }
}
