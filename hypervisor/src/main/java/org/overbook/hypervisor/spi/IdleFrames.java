package org.overbook.hypervisor.spi;

/**
 * A host's RAM before anything runs: every frame free. What a selection is created over when a scenario is checked, so
 * that its name and parameters are refused before a host is built.
 */
final class IdleFrames implements FrameView {

    private final int frames;

    IdleFrames(int frames) {
        this.frames = frames;
    }

    @Override
    public int frames() {
        return frames;
    }

    @Override
    public boolean isFree(int frame) {
        return true;
    }

    @Override
    public boolean reclaimable(int frame) {
        return false;
    }

    @Override
    public boolean clean(int frame) {
        return false;
    }

    @Override
    public boolean accessed(int frame) {
        return false;
    }

    @Override
    public void clearAccessed(int frame) {
        throw new IllegalStateException("frame " + frame + " is free: it has no accessed bit");
    }

    @Override
    public int tenant(int frame) {
        throw new IllegalStateException("frame " + frame + " is free: it holds no tenant's page");
    }

    @Override
    public int page(int frame) {
        throw new IllegalStateException("frame " + frame + " is free: it holds no page");
    }
}
