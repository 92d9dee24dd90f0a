package org.overbook.hypervisor.memory;

import org.overbook.guest.Registry;
import org.overbook.hypervisor.spi.FrameView;
import org.overbook.hypervisor.spi.VictimSelector;

/**
 * A host's victim selector, its every answer checked before reclaim acts on it: -1 (none), or a frame of the host that
 * holds a page reclaim may take now (and a clean one when a clean victim was asked for). A selection is a plug-in
 * family, and a selector's slip (a free frame, one past the end, a pinned page) would otherwise surface deep in the
 * evictor as an index out of bounds, or take a pinned page; this names the selector, its jar and the frame instead.
 */
final class CheckedVictimSelector implements VictimSelector {

    private final VictimSelector selector;
    private final FrameView frames;

    CheckedVictimSelector(VictimSelector selector, FrameView frames) {
        this.selector = selector;
        this.frames = frames;
    }

    @Override
    public int nextVictim() {
        return checked(selector.nextVictim(), false);
    }

    @Override
    public int nextCleanVictim(int budget) {
        return checked(selector.nextCleanVictim(budget), true);
    }

    @Override
    public long scanned() {
        return selector.scanned();
    }

    private int checked(int frame, boolean clean) {
        if (frame < 0) {
            return -1;
        }
        String wrong;
        if (frame >= frames.frames()) {
            wrong = "past the last of the host's " + frames.frames() + " frames";
        } else if (frames.isFree(frame)) {
            wrong = "which is free";
        } else if (!frames.reclaimable(frame)) {
            wrong = "whose page may not be reclaimed now (pinned, or locked by a DMA)";
        } else if (clean && !frames.clean(frame)) {
            wrong = "whose page is dirty, as a clean victim (nextCleanVictim)";
        } else {
            return frame;
        }
        // named by its class: a plug-in's own toString() may be Object's, whose hash differs from run to run
        throw new IllegalStateException("reclaim victim selector " + selector.getClass().getName() + " ("
                + Registry.originOf(selector.getClass()) + ") returned frame " + frame + ", " + wrong + "; accepted: -1 (none),"
                + " or a frame from 0 to " + (frames.frames() - 1) + " that is used (FrameView.isFree false) and reclaimable"
                + (clean ? " and clean" : ""));
    }
}
