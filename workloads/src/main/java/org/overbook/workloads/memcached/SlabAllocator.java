package org.overbook.workloads.memcached;

import java.util.Arrays;
import org.overbook.guest.GuestMemory;
import org.overbook.guest.GuestOutOfMemoryException;

/**
 * memcached's slab allocator over guest memory: slab classes of growing chunk sizes, slab pages
 * taken from the guest allocator on demand up to a memory limit, and a free list per class.
 *
 * <p>Classes follow memcached's {@code slabs_init}: the first chunk is the minimum chunk size, each
 * next one is the previous times the growth factor, rounded up to 8 bytes, while it stays at most
 * {@code pageSize / factor}; a last class holds one item of a whole page. As in memcached without
 * slab reassignment ({@code do_slabs_newslab}), a class may take a new page only while the pages
 * taken stay within the limit, except that a class with no page at all always gets its first one.
 * A new page is split into free chunks at once ({@code split_slab_page_into_freelist}), so every
 * chunk of a page is either an item or on its class's free list.
 *
 * <p>The free lists are doubly linked through the chunks themselves (in guest memory), so a page can
 * be taken out of service in one pass. On the Java heap there is one entry per class and one per
 * slab page (base, class, live chunks): a handful, never one per item.
 */
final class SlabAllocator {

    /** memcached's {@code MAX_NUMBER_OF_SLAB_CLASSES} less the reserved class 0. */
    static final int MAX_CLASSES = 63;
    private static final int CHUNK_ALIGN = 8;

    private final Items items;
    private final GuestMemory memory;
    private final int pageSize;
    private final long memoryLimit;
    private final int classes;
    private final int[] chunkSize;
    private final int[] perPage;
    private final long[] freeHead;
    private final int[] freeCount;
    private final int[] classPages;

    /** Slab pages sorted by base address. */
    private long[] pageBase = new long[16];
    private int[] pageClass = new int[16];
    private int[] pageLive = new int[16];
    private int pages;
    private long malloced;

    SlabAllocator(Items items, int pageSize, long memoryLimit, int minChunk, double factor) {
        this.items = items;
        this.memory = items.memory();
        this.pageSize = pageSize;
        this.memoryLimit = memoryLimit;
        int[] sizes = new int[MAX_CLASSES + 1];
        int n = 0;
        long size = minChunk;
        while (n < MAX_CLASSES - 1 && size <= pageSize / factor) {
            size = (size + CHUNK_ALIGN - 1) / CHUNK_ALIGN * CHUNK_ALIGN;
            sizes[++n] = (int) size;
            size = (long) (size * factor);
        }
        sizes[++n] = pageSize;
        this.classes = n;
        this.chunkSize = Arrays.copyOf(sizes, n + 1);
        this.perPage = new int[n + 1];
        for (int c = 1; c <= n; c++) {
            perPage[c] = pageSize / chunkSize[c];
        }
        this.freeHead = new long[n + 1];
        Arrays.fill(freeHead, Items.NIL);
        this.freeCount = new int[n + 1];
        this.classPages = new int[n + 1];
    }

    /** Returns the number of slab classes; ids are {@code 1..classes()}. */
    int classes() {
        return classes;
    }

    int chunkSize(int slabClass) {
        return chunkSize[slabClass];
    }

    int perPage(int slabClass) {
        return perPage[slabClass];
    }

    int freeChunks(int slabClass) {
        return freeCount[slabClass];
    }

    int pagesOf(int slabClass) {
        return classPages[slabClass];
    }

    /** Returns the bytes of slab pages taken from the guest allocator. */
    long malloced() {
        return malloced;
    }

    /** Returns the smallest class whose chunk holds {@code itemSize} bytes, or 0 if none does. */
    int classFor(long itemSize) {
        for (int c = 1; c <= classes; c++) {
            if (itemSize <= chunkSize[c]) {
                return c;
            }
        }
        return 0;
    }

    /** Takes a free chunk of {@code slabClass}, or returns {@link Items#NIL} if its free list is empty. */
    long take(int slabClass) {
        long chunk = freeHead[slabClass];
        if (chunk == Items.NIL) {
            return Items.NIL;
        }
        long next = items.next(chunk);
        if (next != Items.NIL) {
            items.setPrev(next, Items.NIL);
        }
        freeHead[slabClass] = next;
        freeCount[slabClass]--;
        items.setState(chunk, Items.DETACHED);
        pageLive[pageOf(chunk)]++;
        return chunk;
    }

    /** Puts {@code chunk} of {@code slabClass} back on its free list. */
    void give(long chunk, int slabClass) {
        pageLive[pageOf(chunk)]--;
        push(chunk, slabClass);
    }

    /** Forgets a chunk whose item moved elsewhere: it is neither an item nor free until its page goes. */
    void forget(long chunk) {
        pageLive[pageOf(chunk)]--;
    }

    /**
     * Takes a new slab page for {@code slabClass} and splits it into free chunks, if the memory limit
     * and the guest allocator allow; returns whether it did.
     */
    boolean grow(int slabClass) {
        if (classPages[slabClass] > 0 && malloced + pageSize > memoryLimit) {
            return false;
        }
        long base;
        try {
            base = memory.allocate(pageSize);
        } catch (GuestOutOfMemoryException e) {
            return false;
        }
        insertPage(base, slabClass);
        malloced += pageSize;
        classPages[slabClass]++;
        int size = chunkSize[slabClass];
        for (int i = perPage[slabClass] - 1; i >= 0; i--) {
            push(base + (long) i * size, slabClass);
        }
        return true;
    }

    // ---- slab pages, for giving memory back ----

    /** Returns the number of slab pages held. */
    int pages() {
        return pages;
    }

    long pageBase(int page) {
        return pageBase[page];
    }

    int pageClass(int page) {
        return pageClass[page];
    }

    /** Returns the page holding no item, or -1. */
    int emptyPage() {
        for (int p = 0; p < pages; p++) {
            if (pageLive[p] == 0) {
                return p;
            }
        }
        return -1;
    }

    /**
     * Returns the page with the fewest items among those whose items fit in the free chunks of the
     * other pages of their class (the first in address order on a tie), or -1 if there is none.
     */
    int compactablePage() {
        int best = -1;
        for (int p = 0; p < pages; p++) {
            int c = pageClass[p];
            int freeElsewhere = freeCount[c] - (perPage[c] - pageLive[p]);
            if (pageLive[p] <= freeElsewhere && (best < 0 || pageLive[p] < pageLive[best])) {
                best = p;
            }
        }
        return best;
    }

    /** Takes every free chunk of {@code page} off its class's free list, so no new item lands there. */
    void detachFreeChunks(int page) {
        int c = pageClass[page];
        int size = chunkSize[c];
        for (int i = 0; i < perPage[c]; i++) {
            long chunk = pageBase[page] + (long) i * size;
            if (items.state(chunk) == Items.FREE) {
                long prev = items.prev(chunk);
                long next = items.next(chunk);
                if (prev == Items.NIL) {
                    freeHead[c] = next;
                } else {
                    items.setNext(prev, next);
                }
                if (next != Items.NIL) {
                    items.setPrev(next, prev);
                }
                items.setState(chunk, Items.DETACHED);
                freeCount[c]--;
            }
        }
    }

    /**
     * Returns a page with no items and no chunk on a free list (see {@link #detachFreeChunks}) to the
     * guest allocator; returns the bytes freed.
     */
    long releasePage(int page) {
        if (pageLive[page] != 0) {
            throw new IllegalStateException("slab page at " + pageBase[page] + " still holds " + pageLive[page] + " items");
        }
        memory.free(pageBase[page], pageSize);
        classPages[pageClass[page]]--;
        malloced -= pageSize;
        int tail = pages - page - 1;
        System.arraycopy(pageBase, page + 1, pageBase, page, tail);
        System.arraycopy(pageClass, page + 1, pageClass, page, tail);
        System.arraycopy(pageLive, page + 1, pageLive, page, tail);
        pages--;
        return pageSize;
    }

    /** Returns the index of the page holding {@code address}. */
    int pageOf(long address) {
        int lo = 0;
        int hi = pages - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (pageBase[mid] <= address) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        if (hi < 0 || address >= pageBase[hi] + pageSize) {
            throw new IllegalStateException("address " + address + " is in no slab page");
        }
        return hi;
    }

    private void push(long chunk, int slabClass) {
        long head = freeHead[slabClass];
        items.writeFreeChunk(chunk, slabClass, Items.NIL, head);
        if (head != Items.NIL) {
            items.setPrev(head, chunk);
        }
        freeHead[slabClass] = chunk;
        freeCount[slabClass]++;
    }

    private void insertPage(long base, int slabClass) {
        if (pages == pageBase.length) {
            pageBase = Arrays.copyOf(pageBase, pages * 2);
            pageClass = Arrays.copyOf(pageClass, pages * 2);
            pageLive = Arrays.copyOf(pageLive, pages * 2);
        }
        int at = pages;
        while (at > 0 && pageBase[at - 1] > base) {
            at--;
        }
        int tail = pages - at;
        System.arraycopy(pageBase, at, pageBase, at + 1, tail);
        System.arraycopy(pageClass, at, pageClass, at + 1, tail);
        System.arraycopy(pageLive, at, pageLive, at + 1, tail);
        pageBase[at] = base;
        pageClass[at] = slabClass;
        pageLive[at] = 0;
        pages++;
    }
}
