package org.overbook.hypervisor.memory;

import org.overbook.hypervisor.spi.VictimSelector;
import org.overbook.hypervisor.swap.SwapStore;

/**
 * kswapd's loop: when free frames fall under the low watermark, victims chosen by the host's victim
 * selection are taken back until free frames reach the high watermark, and the work is booked on the
 * host's resources ({@link SwapIo#kswapdRan}). While write-back to the swap device is congested it takes
 * clean victims only (their swap copy is good, so they cost no write), as Linux's reclaim rotates dirty
 * pages it cannot write yet; once free frames are down to the min watermark, dirty ones too, and the
 * faulting contexts wait for their writes (direct reclaim).
 */
final class WatermarkReclaim {

    /**
     * How far a search for a clean victim looks before giving up: reclaim scans in small batches (Linux
     * isolates SWAP_CLUSTER_MAX = 32 pages at a time), not the whole of memory, for a page it may take.
     */
    private static final int CLEAN_SCAN_BUDGET = 32 * 32;

    private final FramePool frames;
    private final Evictor evictor;
    private final SwapStore swap;
    private final SwapIo io;
    private final int minWatermark;
    private final int highWatermark;
    private VictimSelector selector;
    private long runs;

    WatermarkReclaim(FramePool frames, Evictor evictor, SwapStore swap, SwapIo io, VictimSelector selector,
                     int minWatermark, int highWatermark) {
        this.frames = frames;
        this.evictor = evictor;
        this.swap = swap;
        this.io = io;
        this.selector = selector;
        this.minWatermark = minWatermark;
        this.highWatermark = highWatermark;
    }

    void selectWith(VictimSelector other) {
        this.selector = other;
    }

    long runs() {
        return runs;
    }

    /**
     * Frees frames up to the high watermark. While write-back is congested and {@code mayPreferClean}, clean
     * victims only, until free frames fall to the min watermark.
     */
    void run(boolean mayPreferClean) {
        runs++;
        long scannedBefore = selector.scanned();
        long writesBefore = swap.writes();
        int evicted = 0;
        boolean cleanOnly = mayPreferClean && io.writebackCongested();
        while (frames.free() < highWatermark) {
            int victim = cleanOnly ? selector.nextCleanVictim(CLEAN_SCAN_BUDGET) : selector.nextVictim();
            if (victim < 0 && cleanOnly && frames.free() <= minWatermark) {
                cleanOnly = false; // direct reclaim: dirty pages too, and the faulting context waits for their writes
                continue;
            }
            if (victim < 0 || !evictor.evict(victim)) {
                break;
            }
            evicted++;
        }
        io.kswapdRan(selector.scanned() - scannedBefore, evicted, (int) (swap.writes() - writesBefore));
    }
}
