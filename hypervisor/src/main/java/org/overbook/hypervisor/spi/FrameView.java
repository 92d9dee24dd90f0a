package org.overbook.hypervisor.spi;

/**
 * What a {@link VictimSelector} may see and do of host RAM: frames {@code 0 .. frames()-1}, which of them
 * are in use and by which tenant's page, whether a page may be taken now, and its accessed bit.
 */
public interface FrameView {

    /** Returns the number of host frames. */
    int frames();

    /** Returns whether the frame holds no page. */
    boolean isFree(int frame);

    /** Returns whether the page in this (used) frame may be reclaimed now: not pinned, not locked by a DMA. */
    boolean reclaimable(int frame);

    /**
     * Returns whether the page in this (used) frame is clean: its swap copy is still good, so taking it
     * costs no write.
     */
    boolean clean(int frame);

    /** Returns whether the page in this (used) frame was accessed since its bit was last cleared. */
    boolean accessed(int frame);

    /** Clears the accessed bit of the page in this (used) frame (a CLOCK hand's second chance). */
    void clearAccessed(int frame);

    /** Returns the id of the tenant whose page this (used) frame holds. */
    int tenant(int frame);

    /** Returns the guest page number this (used) frame holds. */
    int page(int frame);
}
