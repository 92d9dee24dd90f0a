package org.overbook.hypervisor.memory;

import java.util.function.IntPredicate;
import org.overbook.hypervisor.spi.FrameView;

/**
 * Host frames as a test states them: how many, which are free, reclaimable and clean, and which pages were accessed
 * ({@code accessed}, cleared as a hand clears it; none when it is {@code null}); every used frame holds tenant 0's page
 * of its own number.
 */
record FakeFrames(int frames, IntPredicate free, IntPredicate reclaimable, IntPredicate clean, boolean[] accessed) implements FrameView {

    /** Frames none of whose pages was accessed. */
    FakeFrames(int frames, IntPredicate free, IntPredicate reclaimable, IntPredicate clean) {
        this(frames, free, reclaimable, clean, null);
    }

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
        return accessed != null && accessed[frame];
    }

    @Override
    public void clearAccessed(int frame) {
        if (accessed != null) {
            accessed[frame] = false;
        }
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
