package org.overbook.hypervisor.memory;

import org.overbook.hypervisor.spi.FrameView;

/** Host RAM as a reclaim victim selection sees it: the frame pool and the tables of the pages in it. */
final class HostFrames implements FrameView {

    private final FramePool frames;
    private final SecondLevelTable[] tables;

    HostFrames(FramePool frames, SecondLevelTable[] tables) {
        this.frames = frames;
        this.tables = tables;
    }

    @Override
    public int frames() {
        return frames.total();
    }

    @Override
    public boolean isFree(int frame) {
        return frames.isFree(frame);
    }

    @Override
    public boolean reclaimable(int frame) {
        return tables[frames.ownerTenant(frame)].reclaimable(frames.ownerPage(frame));
    }

    @Override
    public boolean clean(int frame) {
        return tables[frames.ownerTenant(frame)].hasSwapCopy(frames.ownerPage(frame));
    }

    @Override
    public boolean accessed(int frame) {
        return tables[frames.ownerTenant(frame)].isAccessed(frames.ownerPage(frame));
    }

    @Override
    public void clearAccessed(int frame) {
        tables[frames.ownerTenant(frame)].clearAccessed(frames.ownerPage(frame));
    }

    @Override
    public int tenant(int frame) {
        return frames.ownerTenant(frame);
    }

    @Override
    public int page(int frame) {
        return frames.ownerPage(frame);
    }
}
