package org.overbook.workloads.memcached;

/**
 * Gives whole slab pages back to the guest allocator when the guest kernel asks for memory (the
 * balloon driver inflating), the way a Linux shrinker would drive memcached's slab mover.
 *
 * <p>Only whole pages can go back, so the cold items must be cleared out of some page. Each round:
 * <ol>
 *   <li>a page that holds no item goes back at once;</li>
 *   <li>else a page whose items fit in the free chunks of the other pages of its class is emptied by
 *       moving its items there (memcached's {@code slab_rebalance_move} does the same), then goes back;
 *       the page with the fewest items is chosen, to copy least;</li>
 *   <li>else the coldest item of all (the LRU tail accessed longest ago across the classes) is
 *       dropped, which frees a chunk, and the next round tries again.</li>
 * </ol>
 * So memory comes back at the cost of the coldest items first. The memory limit stays as it is: like
 * a shrinker, this frees what is asked now and does not stop the cache from growing again later.
 */
final class PageReclaimer {

    private final ItemStore store;
    private final SlabAllocator slabs;
    private final Items items;
    private long releasedBytes;
    private long droppedItems;
    private long movedItems;
    private long movedBytes;

    PageReclaimer(ItemStore store) {
        this.store = store;
        this.slabs = store.slabs();
        this.items = store.items();
    }

    /** Frees at least {@code bytes} if it can, in whole slab pages; returns the bytes freed. */
    long release(long bytes) {
        long released = 0;
        while (released < bytes) {
            int page = slabs.emptyPage();
            if (page < 0) {
                page = slabs.compactablePage();
                if (page >= 0) {
                    evacuate(page);
                }
            } else {
                slabs.detachFreeChunks(page);
            }
            if (page >= 0) {
                released += slabs.releasePage(page);
                continue;
            }
            long coldest = store.coldest();
            if (coldest == Items.NIL) {
                break;
            }
            store.unlink(coldest);
            droppedItems++;
        }
        releasedBytes += released;
        return released;
    }

    /** Moves every item of {@code page} to free chunks of other pages of its class. */
    private void evacuate(int page) {
        slabs.detachFreeChunks(page);
        int slabClass = slabs.pageClass(page);
        int size = slabs.chunkSize(slabClass);
        long base = slabs.pageBase(page);
        for (int i = 0; i < slabs.perPage(slabClass); i++) {
            long chunk = base + (long) i * size;
            if (items.state(chunk) == Items.LINKED) {
                long target = slabs.take(slabClass);
                movedBytes += items.totalSize(chunk);
                store.move(chunk, target);
                slabs.forget(chunk);
                movedItems++;
            }
        }
    }

    /** Returns the bytes given back so far. */
    long releasedBytes() {
        return releasedBytes;
    }

    /** Returns the items dropped to give memory back. */
    long droppedItems() {
        return droppedItems;
    }

    /** Returns the items moved to empty a page. */
    long movedItems() {
        return movedItems;
    }

    /** Returns the bytes copied by those moves. */
    long movedBytes() {
        return movedBytes;
    }
}
