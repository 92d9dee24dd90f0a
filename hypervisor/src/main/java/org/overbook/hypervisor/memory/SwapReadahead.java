package org.overbook.hypervisor.memory;

import org.overbook.hypervisor.swap.SwapStore;

/**
 * Swap-in readahead: a major fault also reads the other swapped pages of the aligned cluster of 2^n pages
 * around the faulting one (Linux's {@code vm.page-cluster}, default 3: 8 pages; its VMA-based readahead
 * reads neighbours in the address space). The pages come in clean, keeping their swap copy while swap is
 * less than half full, and not accessed, so reclaim takes them first if no one touches them. Readahead
 * never makes reclaim run: it reads only while free frames stay above the low watermark.
 */
final class SwapReadahead {

    private final FramePool frames;
    private final SwapStore swap;
    private final int cluster;
    private final int lowWatermark;
    private long pagesRead;

    SwapReadahead(FramePool frames, SwapStore swap, int pageCluster, int lowWatermark) {
        this.frames = frames;
        this.swap = swap;
        this.cluster = 1 << pageCluster;
        this.lowWatermark = lowWatermark;
    }

    int cluster() {
        return cluster;
    }

    long pagesRead() {
        return pagesRead;
    }

    /** Returns how many pages a major fault on {@code page} would read now: it and its cluster's swapped pages. */
    int pagesFor(SecondLevelTable table, int page) {
        int first = page & -cluster;
        int end = Math.min(table.pages(), first + cluster);
        int pages = 1;
        for (int p = first; p < end; p++) {
            if (p != page && table.state(p) == PageState.SWAPPED) {
                pages++;
            }
        }
        return pages;
    }

    /** Reads ahead the other swapped pages of {@code page}'s cluster; returns how many were read. */
    int readAround(SecondLevelTable table, int page) {
        int first = page & -cluster;
        int end = Math.min(table.pages(), first + cluster);
        int read = 0;
        for (int p = first; p < end; p++) {
            if (p == page || table.state(p) != PageState.SWAPPED || frames.free() <= lowWatermark) {
                continue;
            }
            long key = SwapStore.key(table.tenantId(), p);
            int frame = frames.allocate(table.tenantId(), p, /* zero= */ false);
            swap.read(key, frames.chunk(frame), FramePool.offset(frame));
            boolean keepCopy = swap.used() * 2 <= swap.capacity();
            if (!keepCopy) {
                swap.remove(key);
            }
            table.map(p, frame, keepCopy ? SecondLevelTable.SWAP_COPY : SecondLevelTable.DIRTY);
            read++;
        }
        pagesRead += read;
        return read;
    }
}
