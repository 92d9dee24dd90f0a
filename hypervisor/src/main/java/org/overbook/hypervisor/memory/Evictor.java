package org.overbook.hypervisor.memory;

import java.util.ArrayList;
import java.util.List;
import org.overbook.hypervisor.swap.SwapStore;

/**
 * Takes frames back from pages, for reclaim and forced swap-out alike: every
 * {@link InvalidationListener} is told before the page loses its frame (Linux's MMU notifiers), a page
 * without a swap copy is written to swap, a clean one with a copy is simply dropped, and the frame is
 * freed. When swap is full, the kept copies of resident clean pages are given up first (they become
 * dirty), as Linux frees swap slots under pressure. A page handed to the balloon loses its frame and any
 * swap copy with no I/O at all ({@link #takeForBalloon}): its contents are gone.
 */
final class Evictor {

    private final FramePool frames;
    private final SecondLevelTable[] tables;
    private final SwapStore swap;
    private final List<InvalidationListener> listeners = new ArrayList<>();

    Evictor(FramePool frames, SecondLevelTable[] tables, SwapStore swap) {
        this.frames = frames;
        this.tables = tables;
        this.swap = swap;
    }

    void addListener(InvalidationListener listener) {
        listeners.add(listener);
    }

    /** Takes a victim's frame; returns false if swap is full and the page could not be written. */
    boolean evict(int frame) {
        int tenant = frames.ownerTenant(frame);
        int page = frames.ownerPage(frame);
        SecondLevelTable table = tables[tenant];
        boolean needsWrite = !table.hasSwapCopy(page);
        if (needsWrite && !swap.hasRoom() && !dropKeptSwapCopies()) {
            return false;
        }
        tellListeners(tenant, page);
        if (needsWrite) {
            swap.write(SwapStore.key(tenant, page), frames.chunk(frame), FramePool.offset(frame));
            table.swapOuts++;
        } else {
            table.cleanDrops++;
        }
        table.unmapToSwap(page);
        frames.release(frame);
        return true;
    }

    /**
     * Hands a page to the balloon: listeners are told, its frame is freed with no swap I/O, and any swap copy is
     * dropped.
     *
     * @throws IllegalStateException if the page is pinned or locked
     */
    void takeForBalloon(SecondLevelTable table, int page) {
        if (!table.reclaimable(page)) {
            throw new IllegalStateException("tenant " + table.tenantId() + " guest page " + page + " is pinned or locked and cannot be ballooned");
        }
        PageState state = table.state(page);
        if (state == PageState.BALLOONED) {
            return;
        }
        if (state == PageState.RESIDENT) {
            tellListeners(table.tenantId(), page);
            frames.release(table.frame(page));
        }
        if (state == PageState.SWAPPED || table.hasSwapCopy(page)) {
            swap.remove(SwapStore.key(table.tenantId(), page));
        }
        table.balloon(page);
    }

    /** Tells every listener that {@code tenant}'s {@code page} is about to lose its frame. */
    void tellListeners(int tenant, int page) {
        for (int i = 0; i < listeners.size(); i++) {
            listeners.get(i).invalidate(tenant, page);
        }
    }

    /** Swap is full: drops the kept copies of resident clean pages (they become dirty). */
    private boolean dropKeptSwapCopies() {
        boolean dropped = false;
        for (SecondLevelTable table : tables) {
            for (int page = 0; page < table.pages(); page++) {
                if (table.state(page) == PageState.RESIDENT && table.hasSwapCopy(page)) {
                    swap.remove(SwapStore.key(table.tenantId(), page));
                    table.setBits(page, (byte) ((table.bits(page) & ~SecondLevelTable.SWAP_COPY) | SecondLevelTable.DIRTY));
                    dropped = true;
                }
            }
        }
        return dropped;
    }
}
