package org.overbook.hypervisor.memory;

import org.overbook.guest.ConfigurationException;
import org.overbook.guest.GuestMemory;
import org.overbook.guest.Parameters;
import org.overbook.guest.Units;
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
 *
 * <p>Design. With parameter {@code handspread} it is the two-handed clock of 4.3BSD and System V [1, 2]: a front
 * hand, {@code handspread} ahead of the back hand, clears the accessed bits of the pages it passes, and the back hand
 * takes a page whose bit is still clear, one not touched in the time the hands took to cover the spread. A short
 * spread reclaims sooner and keeps only what was touched very recently; a spread of 0 (the default) puts both hands on
 * one frame, the back hand looking before the front hand clears, which is the one-handed CLOCK above, step for step.
 *
 * <p>[1] M. K. McKusick, K. Bostic, M. J. Karels, J. S. Quarterman, "The Design and Implementation of the 4.4BSD
 * Operating System", 1996, section 5.12 (the page-out daemon's two hands). [2] Solaris Tunable Parameters Reference
 * Manual, {@code handspreadpages}.
 */
final class ClockReclaimer implements VictimSelector {

    private final FrameView frames;
    /** How many frames the front hand runs ahead of the back hand; 0 with one hand. */
    private final int spread;
    private int hand;
    private long scanned;

    ClockReclaimer(FrameView frames) {
        this(frames, 0);
    }

    private ClockReclaimer(FrameView frames, int spread) {
        this.frames = frames;
        this.spread = spread;
    }

    /**
     * Returns a CLOCK over {@code frames} with the hand spread {@code parameters} gives ({@code handspread}, a size of
     * whole pages under the host's memory; 0, one hand, by default).
     *
     * @throws ConfigurationException naming the parameter if it is not whole pages, or is the host's memory or more
     */
    static ClockReclaimer of(FrameView frames, Parameters parameters) {
        long bytes = parameters.bytes("handspread", 0, 0, Long.MAX_VALUE);
        long memory = (long) frames.frames() * GuestMemory.PAGE_SIZE;
        if (bytes % GuestMemory.PAGE_SIZE != 0 || bytes >= memory) {
            throw new ConfigurationException(parameters.field("handspread"), Units.bytes(bytes) + (bytes >= memory
                    ? " is the host's memory (" + Units.bytes(memory) + ") or more" : " is not a whole number of 4 KiB pages")
                    + "; accepted: whole pages less than host.memory, such as 16MiB, or 0 for the one-handed CLOCK");
        }
        return new ClockReclaimer(frames, (int) (bytes / GuestMemory.PAGE_SIZE));
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

    /**
     * Moves both hands by at most {@code budget} frames (two sweeps of a host past 2^30 frames are more than an int
     * counts): the back hand looks, then the front hand clears.
     */
    private int sweep(long budget, boolean cleanOnly) {
        int total = frames.frames();
        for (long step = 0; step < budget; step++) {
            int back = hand;
            hand = hand + 1 == total ? 0 : hand + 1;
            scanned++;
            boolean victim = candidate(back, cleanOnly) && !frames.accessed(back);
            int front = back < total - spread ? back + spread : back - (total - spread);
            if (candidate(front, cleanOnly) && frames.accessed(front)) {
                frames.clearAccessed(front);
            }
            if (victim) {
                return back;
            }
        }
        return -1;
    }

    /** Returns whether the page in {@code frame} may be taken now: used, reclaimable, and clean when only clean ones may. */
    private boolean candidate(int frame, boolean cleanOnly) {
        return !frames.isFree(frame) && frames.reclaimable(frame) && (!cleanOnly || frames.clean(frame));
    }

    /** Returns how many frames the hand has passed. */
    @Override
    public long scanned() {
        return scanned;
    }
}
