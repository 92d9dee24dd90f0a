package org.overbook.hypervisor.spi;

/**
 * Picks the frames reclaim takes back, one at a time, for one host. Host memory calls it while free
 * frames are under the high watermark; every frame it returns must be used and
 * {@linkplain FrameView#reclaimable reclaimable}.
 */
public interface VictimSelector {

    /** Returns the next victim frame, or -1 if none can be taken (all free, pinned or locked). */
    int nextVictim();

    /** Returns how many frames the selector has examined, in all (reported as the scan count). */
    long scanned();
}
