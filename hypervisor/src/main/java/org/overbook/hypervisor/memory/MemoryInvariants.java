package org.overbook.hypervisor.memory;

import java.util.ArrayList;
import java.util.List;
import org.overbook.hypervisor.swap.SwapStore;

/**
 * The accounting rules of host memory, checked from scratch (after Caffeine's cache validation):
 * frame accounting, the two-way mapping of frames and pages, states and swap copies, pins and locks.
 */
final class MemoryInvariants {

    private static final int MAX_REPORTED = 20;

    private final FramePool frames;
    private final SecondLevelTable[] tables;
    private final SwapStore swap;
    private final List<String> violations = new ArrayList<>();

    MemoryInvariants(FramePool frames, SecondLevelTable[] tables, SwapStore swap) {
        this.frames = frames;
        this.tables = tables;
        this.swap = swap;
    }

    List<String> check() {
        checkFrames();
        long expectedSwapEntries = 0;
        for (SecondLevelTable table : tables) {
            expectedSwapEntries += checkTable(table);
        }
        if (swap.used() != expectedSwapEntries || swap.mapSize() != expectedSwapEntries) {
            report("swap holds " + swap.mapSize() + " pages (counted " + swap.used() + ") but the tables claim " + expectedSwapEntries);
        }
        return violations;
    }

    private void checkFrames() {
        int total = frames.total();
        boolean[] onFreeList = new boolean[total];
        for (int frame : frames.freeFrames()) {
            if (onFreeList[frame]) {
                report("frame " + frame + " is on the free list twice");
            }
            onFreeList[frame] = true;
            if (!frames.isFree(frame)) {
                report("frame " + frame + " is on the free list but owned by tenant " + frames.ownerTenant(frame));
            }
        }
        int used = 0;
        for (int frame = 0; frame < total; frame++) {
            if (frames.isFree(frame)) {
                if (!onFreeList[frame]) {
                    report("frame " + frame + " has no owner and is not on the free list (leaked)");
                }
                continue;
            }
            used++;
            int tenant = frames.ownerTenant(frame);
            int page = frames.ownerPage(frame);
            if (tenant >= tables.length || page >= tables[tenant].pages() || tables[tenant].frame(page) != frame) {
                report("frame " + frame + " claims tenant " + tenant + " page " + page + ", which does not map it");
            }
        }
        if (used + frames.free() != total) {
            report("free (" + frames.free() + ") + used (" + used + ") != total (" + total + ")");
        }
    }

    /** Returns how many swap entries this table accounts for. */
    private long checkTable(SecondLevelTable table) {
        long swapEntries = 0;
        int resident = 0;
        int swapped = 0;
        int ballooned = 0;
        int pinned = 0;
        for (int page = 0; page < table.pages(); page++) {
            String where = "tenant " + table.tenantId() + " page " + page;
            PageState state = table.state(page);
            int frame = table.frame(page);
            if (table.pinCount(page) < 0 || table.lockCount(page) < 0) {
                report(where + " has a negative pin (" + table.pinCount(page) + ") or lock (" + table.lockCount(page) + ") count");
            }
            if ((table.pinCount(page) > 0 || table.lockCount(page) > 0) && state != PageState.RESIDENT) {
                report(where + " is pinned or locked but " + state);
            }
            if (table.pinCount(page) > 0) {
                pinned++;
            }
            switch (state) {
                case RESIDENT -> {
                    resident++;
                    if (frame < 0 || frame >= frames.total() || frames.isFree(frame)) {
                        report(where + " is resident in frame " + frame + ", which is free or out of range");
                    } else if (frames.ownerTenant(frame) != table.tenantId() || frames.ownerPage(frame) != page) {
                        report(where + " maps frame " + frame + ", owned by tenant " + frames.ownerTenant(frame) + " page " + frames.ownerPage(frame));
                    }
                    if (table.hasSwapCopy(page)) {
                        swapEntries++;
                        if (table.isDirty(page)) {
                            report(where + " is dirty yet claims a current swap copy");
                        }
                        requireSwapCopy(table, page, where);
                    } else if (!table.isDirty(page)) {
                        report(where + " is clean with no swap copy: its contents would be lost on reclaim");
                    }
                }
                case SWAPPED -> {
                    swapped++;
                    swapEntries++;
                    if (frame >= 0) {
                        report(where + " is swapped but still maps frame " + frame);
                    }
                    requireSwapCopy(table, page, where);
                }
                case NOT_POPULATED, BALLOONED -> {
                    if (state == PageState.BALLOONED) {
                        ballooned++;
                    }
                    if (frame >= 0 || table.hasSwapCopy(page)) {
                        report(where + " is " + state + " but maps frame " + frame + " or claims a swap copy");
                    }
                }
            }
        }
        if (resident != table.residentPages() || swapped != table.swappedPages()
                || ballooned != table.balloonedPages() || pinned != table.pinnedPages()) {
            report("tenant " + table.tenantId() + " counts resident/swapped/ballooned/pinned "
                    + table.residentPages() + "/" + table.swappedPages() + "/" + table.balloonedPages() + "/" + table.pinnedPages()
                    + " but holds " + resident + "/" + swapped + "/" + ballooned + "/" + pinned);
        }
        return swapEntries;
    }

    private void requireSwapCopy(SecondLevelTable table, int page, String where) {
        if (!swap.contains(SwapStore.key(table.tenantId(), page))) {
            report(where + " has no copy in the swap store");
        }
    }

    private void report(String violation) {
        if (violations.size() < MAX_REPORTED) {
            violations.add(violation);
        }
    }
}
