package org.overbook.workloads.memcached;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.overbook.guest.GuestMemory;
import org.overbook.hypervisor.testing.HostsUnderTest;

/**
 * Slab classes against memcached's own {@code -vv} start-up listing (golden numbers), and the page
 * rules: the memory limit, a class's first page always granted, the guest allocator running dry.
 */
class SlabAllocatorTest {

    @RegisterExtension
    final HostsUnderTest hosts = new HostsUnderTest();

    private GuestMemory memory(int guestPages) {
        return hosts.create(/* frames= */ 64, /* swapPages= */ 64, /* tenants= */ 1, guestPages, /* seed= */ 1).tenant(0).memory();
    }

    private static int[] sizes(SlabAllocator slabs, int from, int to) {
        int[] out = new int[to - from + 1];
        for (int c = from; c <= to; c++) {
            out[c - from] = slabs.chunkSize(c);
        }
        return out;
    }

    @Test
    void defaultClassesAreMemcachedsDefaults() {
        SlabAllocator slabs = new SlabAllocator(new Items(memory(16)), 1 << 20, 64 << 20, 96, 1.25);
        // memcached -vv with -n 48 -f 1.25 (1.4.x): 96 perslab 10922, 120 perslab 8738, ...; class 42 holds 1 MiB.
        assertArrayEquals(new int[] {96, 120, 152, 192, 240, 304, 384, 480, 600, 752, 944, 1184, 1480}, sizes(slabs, 1, 13));
        assertEquals(10922, slabs.perPage(1));
        assertEquals(8738, slabs.perPage(2));
        assertEquals(42, slabs.classes());
        assertEquals(1 << 20, slabs.chunkSize(42));
        assertEquals(1, slabs.perPage(42));
        for (int c = 2; c <= slabs.classes(); c++) {
            assertTrue(slabs.chunkSize(c) > slabs.chunkSize(c - 1) && slabs.chunkSize(c) % 8 == 0, "class " + c);
        }
    }

    @Test
    void otherFactorsAndMinimumsMatchMemcachedToo() {
        GuestMemory memory = memory(16);
        // memcached -vv with a 88-byte minimum (older item header): 88, 112, 144, 184, 232, 296, 376, 472, 592, 744.
        SlabAllocator small = new SlabAllocator(new Items(memory), 1 << 20, 64 << 20, 88, 1.25);
        assertArrayEquals(new int[] {88, 112, 144, 184, 232, 296, 376, 472, 592, 744}, sizes(small, 1, 10));
        // memcached -f 2 -vv: 128, 256, ..., 524288 perslab 2, then the 1 MiB class.
        SlabAllocator doubling = new SlabAllocator(new Items(memory), 1 << 20, 64 << 20, 128, 2.0);
        int[] expected = new int[14];
        for (int i = 0; i < 13; i++) {
            expected[i] = 128 << i;
        }
        expected[13] = 1 << 20;
        assertArrayEquals(expected, sizes(doubling, 1, doubling.classes()), Arrays.toString(sizes(doubling, 1, doubling.classes())));
    }

    @Test
    void classForPicksTheSmallestChunkThatHolds() {
        SlabAllocator slabs = new SlabAllocator(new Items(memory(16)), 1 << 20, 64 << 20, 96, 1.25);
        assertEquals(1, slabs.classFor(1));
        assertEquals(1, slabs.classFor(96));
        assertEquals(2, slabs.classFor(97));
        assertEquals(42, slabs.classFor(1 << 20));
        assertEquals(0, slabs.classFor((1 << 20) + 1));
    }

    @Test
    void pagesStopAtTheLimitExceptAClassesFirst() {
        GuestMemory memory = memory(48);                      // 192 KiB: room for three 64 KiB slab pages
        SlabAllocator slabs = new SlabAllocator(new Items(memory), 64 << 10, 128 << 10, 96, 1.25);
        assertTrue(slabs.grow(1));
        assertTrue(slabs.grow(1));
        assertFalse(slabs.grow(1), "the limit is reached");
        assertTrue(slabs.grow(2), "a class's first page is always granted");
        assertEquals(3L * (64 << 10), slabs.malloced());
        assertFalse(slabs.grow(3), "the guest allocator has no free run of 16 pages left");
        int chunks = 2 * slabs.perPage(1);
        assertEquals(chunks, slabs.freeChunks(1));
        long first = slabs.take(1);
        assertEquals(slabs.pageBase(slabs.pageOf(first)), first, "chunks are handed out from the start of a page");
        assertEquals(chunks - 1, slabs.freeChunks(1));
        slabs.give(first, 1);
        assertEquals(chunks, slabs.freeChunks(1));
        int empty = slabs.emptyPage();
        slabs.detachFreeChunks(empty);
        long freeBefore = memory.freeBytes();
        assertEquals(64 << 10, slabs.releasePage(empty));
        assertEquals(freeBefore + (64 << 10), memory.freeBytes());
        assertEquals(2, slabs.pages());
    }

    /**
     * Giving a page back and taking one again: the released page's bytes leave the class's count and the memory
     * used, its free chunks leave the free list, and the pages stay in address order, whatever address the guest
     * allocator hands out next, so every chunk is found on its own page.
     */
    @Test
    void aReleasedPageLeavesTheCountsAndThePagesStayInAddressOrder() {
        int pageSize = 4096;
        SlabAllocator slabs = new SlabAllocator(new Items(memory(16)), pageSize, 64 << 20, 96, 1.25);
        int c = 1;
        for (int i = 0; i < 3; i++) {
            assertTrue(slabs.grow(c));
        }
        int perPage = slabs.perPage(c);
        assertEquals(3 * perPage, slabs.freeChunks(c));
        long first = slabs.pageBase(0);
        slabs.detachFreeChunks(0);
        assertEquals(2 * perPage, slabs.freeChunks(c), "the first page's chunks are off the free list");
        assertEquals(pageSize, slabs.releasePage(0));
        assertEquals(2, slabs.pages());
        assertEquals(2, slabs.pagesOf(c));
        assertEquals(2L * pageSize, slabs.malloced());
        for (int i = 0; i < 2 * perPage; i++) {
            long chunk = slabs.take(c);
            assertTrue(chunk >= slabs.pageBase(0), "chunk " + i + " from the pages still held, not the released one at " + first);
        }
        assertTrue(slabs.grow(c));
        assertEquals(3, slabs.pages());
        for (int p = 0; p < slabs.pages(); p++) {
            assertTrue(p == 0 || slabs.pageBase(p - 1) < slabs.pageBase(p), "page " + p + " in address order");
            assertEquals(p, slabs.pageOf(slabs.pageBase(p) + pageSize - 1), "the last byte of page " + p);
        }
        assertEquals(perPage, slabs.freeChunks(c), "only the new page's chunks are free");
    }

    @Test
    void aSmallGrowthFactorStopsAtTheLastClassWhichHoldsAWholePage() {
        // 96 growing by 5 % reaches only ~2 KiB in 62 steps: the classes run out before the chunks reach a page.
        SlabAllocator slabs = new SlabAllocator(new Items(memory(16)), 1 << 20, 64 << 20, 96, 1.05);
        assertEquals(SlabAllocator.MAX_CLASSES, slabs.classes());
        assertEquals(1 << 20, slabs.chunkSize(SlabAllocator.MAX_CLASSES));
        assertTrue(slabs.chunkSize(SlabAllocator.MAX_CLASSES - 1) < 4096, "class 62 holds " + slabs.chunkSize(62));
    }

    /** Takes every free chunk of class 1 and gives back all but {@code live[p]} of page {@code p}'s. */
    private static void keepLive(SlabAllocator slabs, int... live) {
        List<Long> taken = new ArrayList<>();
        for (long chunk = slabs.take(1); chunk != Items.NIL; chunk = slabs.take(1)) {
            taken.add(chunk);
        }
        int[] kept = new int[live.length];
        for (long chunk : taken) {
            int page = slabs.pageOf(chunk);
            if (kept[page] < live[page]) {
                kept[page]++;
            } else {
                slabs.give(chunk, 1);
            }
        }
    }

    @Test
    void theCompactedPageIsTheOneWithFewestItemsTheFirstOnATie() {
        SlabAllocator slabs = new SlabAllocator(new Items(memory(16)), 4096, 64 << 20, 96, 1.25);
        for (int i = 0; i < 3; i++) {
            assertTrue(slabs.grow(1));
        }
        keepLive(slabs, 2, 2, 40);                           // 42 chunks a page: 82 free, every page fits elsewhere
        assertEquals(82, slabs.freeChunks(1));
        assertEquals(0, slabs.compactablePage());
    }

    @Test
    void aPageWhoseItemsExactlyFillTheOtherPagesFreeChunksCanBeCompacted() {
        SlabAllocator slabs = new SlabAllocator(new Items(memory(16)), 4096, 64 << 20, 96, 1.25);
        assertTrue(slabs.grow(1));
        assertTrue(slabs.grow(1));
        keepLive(slabs, 21, 21);                             // each page's 21 items fit the other's 21 free chunks
        assertEquals(0, slabs.compactablePage());
    }

    @Test
    void aPageWithNoSlackAtItsEndDetachesOnlyItsOwnChunks() {
        // 128-byte chunks fill a 4 KiB page exactly, so the chunk after a page's last one is the next page's first.
        SlabAllocator slabs = new SlabAllocator(new Items(memory(16)), 4096, 64 << 20, 128, 2.0);
        assertEquals(32, slabs.perPage(1));
        assertTrue(slabs.grow(1));
        assertTrue(slabs.grow(1));
        assertEquals(slabs.pageBase(0) + 4096, slabs.pageBase(1), "the guest allocator gave two adjacent pages");
        slabs.detachFreeChunks(0);
        assertEquals(32, slabs.freeChunks(1), "the second page's chunks are all still free");
    }

    /**
     * A page the guest allocator hands out below the pages held goes first in address order, and the pages above
     * it keep their class and their item count; every page is found from its first and its last byte; giving back
     * the lowest page moves the others down with their classes.
     */
    @Test
    void aPageTakenBelowThoseHeldKeepsEveryPagesClassAndCount() {
        GuestMemory memory = memory(16);
        SlabAllocator slabs = new SlabAllocator(new Items(memory), 4096, 64 << 20, 96, 1.25);
        long below = memory.allocate(4096);
        assertTrue(slabs.grow(1));
        assertTrue(slabs.grow(2));
        long rest = memory.freeBytes();
        memory.allocate(rest);                               // the allocator's cursor is at the end: it wraps next
        long item = slabs.take(1);
        memory.free(below, 4096);
        assertTrue(slabs.grow(3));
        assertEquals(below, slabs.pageBase(0), "the new page, lowest, comes first");
        assertArrayEquals(new int[] {3, 1, 2}, new int[] {slabs.pageClass(0), slabs.pageClass(1), slabs.pageClass(2)});
        for (int p = 0; p < 3; p++) {
            assertEquals(p, slabs.pageOf(slabs.pageBase(p)), "the first byte of page " + p);
            assertEquals(p, slabs.pageOf(slabs.pageBase(p) + 4095), "the last byte of page " + p);
        }
        assertEquals(1, slabs.pageOf(item));
        slabs.take(3);
        assertEquals(2, slabs.emptyPage(), "only class 2's page holds no item");
        slabs.give(item, 1);
        assertEquals(1, slabs.emptyPage());
    }

    @Test
    void releasingAPageFromAFullPageTableKeepsTheOthersInOrder() {
        SlabAllocator slabs = new SlabAllocator(new Items(memory(32)), 4096, 64 << 20, 96, 1.25);
        for (int i = 0; i < 16; i++) {                       // 16 pages: the page table's first size, full
            assertTrue(slabs.grow(i < 8 ? 1 : 2));
        }
        long[] bases = new long[16];
        for (int p = 0; p < 16; p++) {
            bases[p] = slabs.pageBase(p);
        }
        slabs.detachFreeChunks(1);
        assertEquals(4096, slabs.releasePage(1));
        assertEquals(15, slabs.pages());
        for (int p = 0; p < 15; p++) {
            assertEquals(bases[p < 1 ? p : p + 1], slabs.pageBase(p), "page " + p);
            assertEquals(p < 7 ? 1 : 2, slabs.pageClass(p), "class of page " + p);
        }
    }

    /**
     * The free lists' links: the chunk that becomes a list's head after a take, and a chunk given back with the
     * links it had as an item, both start with no predecessor, so taking a page's free chunks off the list (before
     * the page goes back) leaves the list's head on another page.
     */
    @Test
    void afterAPagesFreeChunksAreTakenOffNoChunkOfItIsHandedOut() {
        Items items = new Items(memory(16));
        SlabAllocator slabs = new SlabAllocator(items, 4096, 64 << 20, 96, 1.25);
        assertTrue(slabs.grow(1));
        assertTrue(slabs.grow(1));
        int newer = slabs.pageOf(slabs.take(1));             // the newest page's chunks head the list
        slabs.detachFreeChunks(newer);
        assertTrue(slabs.pageOf(slabs.take(1)) != newer, "a take after the newest page's chunks were taken off");

        slabs = new SlabAllocator(items, 4096, 64 << 20, 96, 1.25);
        assertTrue(slabs.grow(1));
        assertTrue(slabs.grow(1));
        long chunk = slabs.take(1);
        int page = slabs.pageOf(chunk);
        items.setPrev(chunk, slabs.pageBase(1 - page));      // an LRU link it had as an item
        slabs.give(chunk, 1);
        slabs.detachFreeChunks(page);
        assertTrue(slabs.pageOf(slabs.take(1)) != page, "a take after the page of a chunk given back was taken off");
    }
}
