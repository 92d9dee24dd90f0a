package org.overbook.hypervisor.spi;

/**
 * Picks the frames reclaim takes back, one at a time, for one host. Host memory calls it while free
 * frames are under the high watermark; every frame it returns must be used and
 * {@linkplain FrameView#reclaimable reclaimable} (and {@linkplain FrameView#clean clean}, from
 * {@link #nextCleanVictim}): any other answer but -1 stops the run, naming the selector and the frame.
 */
public interface VictimSelector {

    /** Returns the next victim frame, or -1 if none can be taken (all free, pinned or locked). */
    int nextVictim();

    /**
     * Returns the next victim whose page is {@linkplain FrameView#clean clean}, looking at no more than
     * {@code budget} frames, or -1. Reclaim asks for clean victims while write-back to the swap device is
     * congested. The default finds none: such a selector's reclaim then waits until free frames reach the
     * min watermark and takes any victim.
     */
    default int nextCleanVictim(int budget) {
        return -1;
    }

    /** Returns how many frames the selector has examined, in all (reported as the scan count). */
    long scanned();
}
