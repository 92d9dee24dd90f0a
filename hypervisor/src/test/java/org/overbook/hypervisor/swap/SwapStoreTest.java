package org.overbook.hypervisor.swap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.hypervisor.testing.DiskUsage;

class SwapStoreTest {

    @TempDir
    Path directory;

    private final MemorySegment page = Arena.ofAuto().allocate(4096);

    private void write(SwapStore store, long key) {
        page.set(ValueLayout.JAVA_LONG, 0, key * 31 + 7);
        page.set(ValueLayout.JAVA_LONG, 4088, ~key);
        store.write(key, page, 0);
    }

    private void assertHolds(SwapStore store, long key) {
        page.fill((byte) 0);
        store.read(key, page, 0);
        assertEquals(key * 31 + 7, page.get(ValueLayout.JAVA_LONG, 0), "page " + key);
        assertEquals(~key, page.get(ValueLayout.JAVA_LONG, 4088), "page " + key);
    }

    @Test
    void aStoreStartsWithOneSmallExtentWhateverItsCapacity() {
        try (SwapStore small = SwapStore.create(directory.resolve("a/swap.cmap"), 16_384, false);
             SwapStore huge = SwapStore.create(directory.resolve("b/swap.cmap"), 64L << 18, false)) {
            assertEquals(1, small.extents());
            assertEquals(1, huge.extents());
            assertEquals(small.bytesOnDisk(), huge.bytesOnDisk(), "the same first extent");
            assertTrue(huge.bytesOnDisk() < 32L << 20, huge.bytesOnDisk() + " bytes");
            assertEquals(huge.bytesOnDisk(), DiskUsage.allocatedBytes(directory.resolve("b")), "fully allocated, as stated");
        }
    }

    @Test
    void itGrowsByExtentsAsPagesAreWrittenKeepsEveryPageAndNeverPassesItsCapacity() throws Exception {
        long capacity = SwapStore.FIRST_EXTENT_PAGES * 3 + 100; // extents of 4096, 8192 and 100 pages
        try (SwapStore store = SwapStore.create(directory.resolve("swap.cmap"), capacity, false)) {
            for (long key = 0; key < SwapStore.FIRST_EXTENT_PAGES; key++) {
                write(store, key);
            }
            assertEquals(1, store.extents(), "the first extent holds exactly its pages");
            write(store, SwapStore.FIRST_EXTENT_PAGES);
            assertEquals(2, store.extents());
            assertTrue(Files.exists(directory.resolve("swap.1.cmap")));
            for (long key = SwapStore.FIRST_EXTENT_PAGES + 1; key < capacity; key++) {
                write(store, key);
            }
            assertEquals(3, store.extents());
            assertFalse(store.hasRoom());
            assertThrows(IllegalStateException.class, () -> write(store, capacity));
            assertTrue(store.bytesOnDisk() <= SwapStore.maxBytesOnDisk(capacity),
                    store.bytesOnDisk() + " > bound " + SwapStore.maxBytesOnDisk(capacity));
            assertEquals(store.bytesOnDisk(), DiskUsage.allocatedBytes(directory));
            for (long key = 0; key < capacity; key += 97) {
                assertHolds(store, key);
            }
            assertEquals(capacity, store.mapSize());

            store.remove(5);
            store.remove(capacity - 1);
            write(store, capacity + 1);
            assertEquals(3, store.extents(), "a freed slot is reused, no extent added");
            assertHolds(store, capacity + 1);
            assertTrue(store.contains(capacity + 1));
            assertFalse(store.contains(5));
            assertThrows(IllegalStateException.class, () -> store.read(5, page, 0));
            assertThrows(IllegalStateException.class, () -> write(store, 6), "already held");
        }
        try (var files = Files.list(directory)) {
            assertEquals(0, files.count(), "every extent removed at close");
        }
    }

    @Test
    void keptFilesStayAfterClose() {
        try (SwapStore store = SwapStore.create(directory.resolve("swap.cmap"), SwapStore.FIRST_EXTENT_PAGES + 1, true)) {
            for (long key = 0; key <= SwapStore.FIRST_EXTENT_PAGES; key++) {
                write(store, key);
            }
        }
        assertTrue(Files.exists(directory.resolve("swap.cmap")));
        assertTrue(Files.exists(directory.resolve("swap.1.cmap")));
    }

    @Test
    void theDiskBoundCoversEveryExtentAndIsNotMuchMoreThanThePages() {
        assertEquals(0, SwapStore.maxBytesOnDisk(0));
        long pages = 64L << 18; // 64 GiB
        long bound = SwapStore.maxBytesOnDisk(pages);
        assertTrue(bound > pages * 4096, "at least the pages");
        assertTrue(bound < pages * 4096 * 3 / 2, "within 1.5x of the pages: " + bound);
    }

    @Test
    void aStoreOfNoPagesHasNoFile() {
        try (SwapStore store = SwapStore.create(directory.resolve("swap.cmap"), 0, false)) {
            assertEquals(0, store.extents());
            assertEquals(0, store.bytesOnDisk());
            assertFalse(store.hasRoom());
        }
    }
}
