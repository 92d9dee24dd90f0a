package org.overbook.hypervisor.guest;

import java.util.BitSet;

/**
 * The guest kernel's page allocator: hands out contiguous runs of guest pages, first fit from a
 * roving cursor (next fit), and takes them back. A bitmap, one bit a page; deterministic.
 */
final class GuestPageAllocator {

    private final int pages;
    private final BitSet used;
    private int cursor;
    private int free;

    GuestPageAllocator(int pages) {
        this.pages = pages;
        this.used = new BitSet(pages);
        this.free = pages;
    }

    int freePages() {
        return free;
    }

    /** Returns the first page of a free run of {@code count} pages, now taken, or -1 if none. */
    int allocate(int count) {
        if (count <= 0 || count > free) {
            return -1;
        }
        int start = find(cursor, pages, count);
        if (start < 0) {
            start = find(0, Math.min(pages, cursor + count - 1), count);
        }
        if (start < 0) {
            return -1;
        }
        used.set(start, start + count);
        free -= count;
        cursor = start + count == pages ? 0 : start + count;
        return start;
    }

    /** Returns a run of pages; each must be allocated. */
    void free(int first, int count) {
        if (first < 0 || count <= 0 || first + count > pages) {
            throw new IllegalArgumentException("pages [" + first + ", " + (first + count) + ") are outside the guest's " + pages + " pages");
        }
        int stray = used.nextClearBit(first);
        if (stray < first + count) {
            throw new IllegalArgumentException("guest page " + stray + " is not allocated, so [" + first + ", " + (first + count) + ") cannot be freed");
        }
        used.clear(first, first + count);
        free += count;
    }

    private int find(int from, int limit, int count) {
        int start = used.nextClearBit(from);
        while (start + count <= limit) {
            int nextUsed = used.nextSetBit(start);
            if (nextUsed < 0 || nextUsed >= start + count) {
                return start;
            }
            start = used.nextClearBit(nextUsed);
        }
        return -1;
    }
}
