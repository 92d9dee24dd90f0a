package org.overbook.hypervisor.memory;

import java.util.function.IntPredicate;
import org.overbook.hypervisor.spi.FrameView;

/**
 * Host frames as a test states them: how many, which are free, reclaimable and clean; no page was accessed, every used
 * frame holds tenant 0's page of its own number.
 */
record FakeFrames(int frames, IntPredicate free, IntPredicate reclaimable, IntPredicate clean) implements FrameView {

    @Override
    public boolean isFree(int frame) {
        return free.test(frame);
    }

    @Override
    public boolean reclaimable(int frame) {
        return reclaimable.test(frame);
    }

    @Override
    public boolean clean(int frame) {
        return clean.test(frame);
    }

    @Override
    public boolean accessed(int frame) {
        return false;
    }

    @Override
    public void clearAccessed(int frame) {
    }

    @Override
    public int tenant(int frame) {
        return 0;
    }

    @Override
    public int page(int frame) {
        return frame;
    }
}
