package org.overbook.hypervisor.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.overbook.guest.GuestMemory;
import org.overbook.hypervisor.Host;
import org.overbook.hypervisor.HostConfig;
import org.overbook.hypervisor.testing.HostsUnderTest;

class HostMemoryTest {

    @RegisterExtension
    final HostsUnderTest hosts = new HostsUnderTest();

    /** Writes a distinct long into every page of tenant {@code tenant}. */
    private static void fill(Host host, int tenant, int pages, long salt) {
        GuestMemory memory = host.tenant(tenant).memory();
        for (int page = 0; page < pages; page++) {
            memory.writeLong((long) page * GuestMemory.PAGE_SIZE + 8, salt * 1_000_003L + page);
        }
    }

    @Test
    void firstWriteIsAMinorFaultAndAReadOfAnUntouchedPageTakesNoFrame() {
        Host host = hosts.create(/* frames= */ 16, /* swapPages= */ 16, /* tenants= */ 1, /* guestPages= */ 8, 1);
        GuestMemory memory = host.tenant(0).memory();
        assertEquals(0, memory.readLong(4096 * 3));
        assertEquals(0, host.memory().usedFrames());
        memory.writeLong(4096 * 3, 99);
        assertEquals(1, host.tenant(0).cpuMinorFaults());
        assertEquals(1, host.memory().usedFrames());
        assertEquals(99, memory.readLong(4096 * 3));
        assertEquals(PageState.RESIDENT, host.tenant(0).table().state(3));
        assertEquals(host.config().costs().minorFaultNanos(), host.tenant(0).vcpu().busyNanos());
    }

    /**
     * The watermarks by hand: 64 frames, low 4, high 12, one tenant writing fresh pages one by one (each a minor fault
     * taking one frame, each dirty). No reclaim while free frames stay above low: after 60 pages, 4 are free and
     * nothing is written. The 61st page's allocation finds free = low, so kswapd takes victims until 12 are free (8
     * written, each page dirty), and the page takes one: 11 free.
     */
    @Test
    void reclaimStartsAtTheLowWatermarkAndStopsAtTheHigh() {
        int frames = 64;
        int low = 4;
        int high = 12;
        HostConfig small = HostsUnderTest.config(frames, 128, 1, 128, 1, hosts.newDirectory());
        Host host = hosts.create(new HostConfig(small.memoryBytes(), small.swapBytes(), (double) low / frames,
                (double) high / frames, small.directory(), small.keepSwap(), small.seed(), small.costs(), small.tenants(),
                small.resources()));
        fill(host, 0, frames - low, 1);
        assertEquals(low, host.memory().freeFrames(), "no reclaim above the low watermark");
        assertEquals(0, host.memory().swapWrites());
        assertEquals(0, host.memory().reclaimRuns());
        fill(host, 0, frames - low + 1, 1);
        assertEquals(1, host.memory().reclaimRuns(), "free frames reached low: one reclaim");
        assertEquals(high - low, host.memory().swapWrites(), "reclaim took dirty victims up to the high watermark");
        assertEquals(high - 1, host.memory().freeFrames(), "high, less the frame the faulting page took");
    }

    @Test
    void overcommittedPagesAreSwappedOutAndBackIntact() {
        Host host = hosts.create(16, 64, 2, 32, 1);
        fill(host, 0, 32, 1);
        fill(host, 1, 32, 2);
        assertTrue(host.memory().swapWrites() > 0, "reclaim wrote pages out");
        assertTrue(host.memory().freeFrames() >= 1);
        for (int t = 0; t < 2; t++) {
            GuestMemory memory = host.tenant(t).memory();
            for (int page = 0; page < 32; page++) {
                assertEquals((t + 1) * 1_000_003L + page, memory.readLong((long) page * GuestMemory.PAGE_SIZE + 8));
            }
        }
        assertTrue(host.tenant(0).cpuMajorFaults() > 0);
    }

    @Test
    void aCleanPageReadBackFromSwapIsNotWrittenTwice() {
        Host host = hosts.create(8, 64, 1, 32, 1);
        fill(host, 0, 32, 1);
        GuestMemory memory = host.tenant(0).memory();
        SecondLevelTable table = host.tenant(0).table();
        // Read everything back twice: the second pass evicts pages that came back clean.
        for (int pass = 0; pass < 2; pass++) {
            for (int page = 0; page < 32; page++) {
                memory.readLong((long) page * GuestMemory.PAGE_SIZE + 8);
            }
        }
        assertTrue(table.cleanDrops() > 0, "clean pages were dropped without a write");
        assertEquals(32, table.swapOuts(), "each page was written exactly once");
        assertEquals(32, host.memory().swapWrites());
    }

    @Test
    void invalidationReachesListenersBeforeThePageLosesItsFrame() {
        Host host = hosts.create(8, 64, 1, 32, 1);
        List<String> problems = new ArrayList<>();
        List<Integer> invalidated = new ArrayList<>();
        SecondLevelTable table = host.tenant(0).table();
        host.memory().addInvalidationListener((tenant, page) -> {
            invalidated.add(page);
            if (table.state(page) != PageState.RESIDENT || table.frame(page) < 0) {
                problems.add("page " + page + " was already unmapped when its listener ran");
            }
        });
        fill(host, 0, 32, 1);
        assertFalse(invalidated.isEmpty());
        assertEquals(List.of(), problems);
        assertEquals(table.swapOuts() + table.cleanDrops(), invalidated.size());
    }

    @Test
    void pinnedAndLockedPagesAreNeverReclaimed() {
        Host host = hosts.create(8, 64, 1, 32, 1);
        SecondLevelTable table = host.tenant(0).table();
        HostMemory memory = host.memory();
        assertEquals(FaultKind.MINOR, memory.pin(table, 0));
        memory.fault(table, 1, /* write= */ true);
        memory.lock(table, 1);
        int pinnedFrame = table.frame(0);
        int lockedFrame = table.frame(1);
        for (int round = 0; round < 3; round++) {
            fill(host, 0, 32, round);
        }
        assertEquals(pinnedFrame, table.frame(0));
        assertEquals(lockedFrame, table.frame(1));
        memory.unlock(table, 1);
        memory.unpin(table, 0);
        fill(host, 0, 32, 9);
        assertNotEquals(PageState.RESIDENT, table.state(0), "once unpinned, the page can go");
        assertThrows(IllegalStateException.class, () -> memory.unpin(table, 0));
    }

    /** A pin, a lock or a balloon the page's state does not allow is refused, naming the tenant and the page. */
    @Test
    void aReleaseWithoutAHoldOrALockOfAnAbsentPageIsRefusedNamingThePage() {
        Host host = hosts.create(8, 64, 1, 32, 1);
        SecondLevelTable table = host.tenant(0).table();
        HostMemory memory = host.memory();
        assertEquals("tenant 0 guest page 5 is not pinned",
                assertThrows(IllegalStateException.class, () -> memory.unpin(table, 5)).getMessage());
        assertEquals("tenant 0 guest page 5 is not resident; fault it in before locking",
                assertThrows(IllegalStateException.class, () -> memory.lock(table, 5)).getMessage());
        memory.fault(table, 5, /* write= */ true);
        assertEquals("tenant 0 guest page 5 is not locked",
                assertThrows(IllegalStateException.class, () -> memory.unlock(table, 5)).getMessage());
        memory.lock(table, 5);
        assertEquals("tenant 0 guest page 5 is pinned or locked and cannot be ballooned",
                assertThrows(IllegalStateException.class, () -> memory.balloon(table, 5)).getMessage());
        memory.unlock(table, 5);
        assertEquals(0, table.pinCount(5));
        assertEquals(0, table.lockCount(5));
        assertEquals(List.of(), memory.checkInvariants(), "a refusal changes nothing");
    }

    @Test
    void whenEverythingIsPinnedTheHostSaysSo() {
        Host host = hosts.create(4, 64, 1, 32, 1);
        SecondLevelTable table = host.tenant(0).table();
        for (int page = 0; page < 4; page++) {
            host.memory().pin(table, page);
        }
        HostOutOfMemoryException e = assertThrows(HostOutOfMemoryException.class,
                () -> host.tenant(0).memory().writeLong(10L * GuestMemory.PAGE_SIZE, 1));
        assertTrue(e.getMessage().contains("of the host's 4 frames, 4 are pinned"), e.getMessage());
        for (int page = 0; page < 4; page++) {
            host.memory().unpin(table, page);
        }
    }

    @Test
    void ballooningFreesFramesWithoutSwapAndDeflatingGivesZeroedPages() {
        Host host = hosts.create(16, 64, 1, 16, 1);
        fill(host, 0, 8, 1);
        SecondLevelTable table = host.tenant(0).table();
        long writesBefore = host.memory().swapWrites();
        int usedBefore = host.memory().usedFrames();
        host.memory().balloon(table, 2);
        assertEquals(PageState.BALLOONED, table.state(2));
        assertEquals(usedBefore - 1, host.memory().usedFrames());
        assertEquals(writesBefore, host.memory().swapWrites(), "ballooning writes nothing to swap");
        assertThrows(IllegalStateException.class, () -> host.tenant(0).memory().readLong(2L * GuestMemory.PAGE_SIZE));
        host.memory().deflate(table, 2);
        assertEquals(0, host.tenant(0).memory().readLong(2L * GuestMemory.PAGE_SIZE + 8));
        host.memory().pin(table, 3);
        assertThrows(IllegalStateException.class, () -> host.memory().balloon(table, 3));
        host.memory().unpin(table, 3);
    }

    @Test
    void theSwapFileIsPersistedUnderTheRunFolderAndRemovedAtClose() throws Exception {
        Path directory = hosts.newDirectory();
        Host host = Host.create(HostsUnderTest.config(8, 64, 1, 32, 1, directory));
        fill(host, 0, 32, 1);
        Path file = directory.resolve("swap.cmap");
        assertTrue(Files.size(file) > 0);
        HostsUnderTest.checkAndClose(host);
        assertFalse(Files.exists(file));

        HostConfig keep = HostsUnderTest.config(8, 64, 1, 32, 1, directory);
        keep = new HostConfig(keep.memoryBytes(), keep.swapBytes(), keep.reclaimLow(), keep.reclaimHigh(), directory,
                /* keepSwap= */ true, keep.seed(), keep.costs(), keep.tenants());
        Host kept = Host.create(keep);
        fill(kept, 0, 32, 1);
        HostsUnderTest.checkAndClose(kept);
        assertTrue(Files.exists(file), "kept for inspection");
    }

    @Test
    void swapCopiesAreDroppedWhenSwapRunsFullSoOvercommitUpToTheConfiguredSwapWorks() {
        // 32 guest pages over 8 frames and exactly 24 pages of swap: the tightest legal configuration.
        Host host = hosts.create(8, 24, 1, 32, 1);
        for (int round = 0; round < 4; round++) {
            fill(host, 0, 32, round);
            for (int page = 0; page < 32; page += 3) {
                host.tenant(0).memory().readLong((long) page * GuestMemory.PAGE_SIZE);
            }
        }
        GuestMemory memory = host.tenant(0).memory();
        for (int page = 0; page < 32; page++) {
            assertEquals(3 * 1_000_003L + page, memory.readLong((long) page * GuestMemory.PAGE_SIZE + 8));
        }
        assertTrue(host.memory().swapUsed() <= 24);
    }

    @Test
    void testAndClearAccessedReportsATouchOnceAndOnlyForResidentPages() {
        Host host = hosts.create(16, 64, 1, 16, 1);
        SecondLevelTable table = host.tenant(0).table();
        HostMemory memory = host.memory();
        GuestMemory guest = host.tenant(0).memory();
        guest.writeLong(0, 1);
        assertTrue(memory.testAndClearAccessed(table, 0), "the first write set the bit");
        assertFalse(memory.testAndClearAccessed(table, 0), "the probe cleared it");
        assertFalse(table.isAccessed(0));
        guest.readLong(0);
        assertTrue(memory.testAndClearAccessed(table, 0), "a read sets it again");
        guest.readLong(5L * GuestMemory.PAGE_SIZE);
        assertFalse(memory.testAndClearAccessed(table, 5), "a read of a never-touched page maps nothing and sets nothing");
        guest.writeLong(6L * GuestMemory.PAGE_SIZE, 1);
        memory.balloon(table, 6);
        assertFalse(memory.testAndClearAccessed(table, 6), "a ballooned page has no accessed bit");
        assertEquals(PageState.RESIDENT, table.state(0), "probing changes no mapping");
    }

    @Test
    void swapOutTakesOnlyThatTenantsUnpinnedUnlockedPagesAndTheyComeBackIntact() {
        Host host = hosts.create(/* frames= */ 64, /* swapPages= */ 64, /* tenants= */ 2, /* guestPages= */ 16, 1);
        fill(host, 0, 16, 1);
        fill(host, 1, 16, 2);
        HostMemory memory = host.memory();
        SecondLevelTable table = host.tenant(0).table();
        memory.pin(table, 0);
        memory.lock(table, 1);
        List<String> invalidated = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        memory.addInvalidationListener((tenant, page) -> {
            invalidated.add(tenant + "/" + page);
            if (memory.table(tenant).frame(page) < 0) {
                problems.add("tenant " + tenant + " page " + page + " was already unmapped when its listener ran");
            }
        });

        assertEquals(10, memory.swapOut(table, 10));
        assertEquals(6, table.residentPages());
        assertEquals(10, table.swapOuts());
        assertEquals(10, memory.swapWrites(), "every victim was dirty, so each was written");
        assertEquals(16, host.tenant(1).table().residentPages(), "the other tenant keeps everything");
        assertEquals(4, memory.swapOut(table, 100), "only the unpinned, unlocked pages go");
        assertEquals(2, table.residentPages());
        assertEquals(PageState.RESIDENT, table.state(0));
        assertEquals(PageState.RESIDENT, table.state(1));
        assertEquals(0, memory.swapOut(table, 5), "nothing left to take");
        assertEquals(14, invalidated.size());
        assertTrue(invalidated.stream().allMatch(entry -> entry.startsWith("0/")), invalidated.toString());
        assertEquals(List.of(), problems);
        assertEquals(List.of(), memory.checkInvariants());

        GuestMemory guest = host.tenant(0).memory();
        for (int page = 0; page < 16; page++) {
            assertEquals(1_000_003L + page, guest.readLong((long) page * GuestMemory.PAGE_SIZE + 8));
        }
        assertEquals(2, host.tenant(0).cpuMajorFaults(), "readahead brings each aligned cluster of 8 pages in one fault");
        assertEquals(12, memory.readaheadPages(), "pages 3-7 with page 2, and 9-15 with page 8");
        memory.unlock(table, 1);
        memory.unpin(table, 0);
    }

    @Test
    void swapOutTakesUntouchedPagesFirstAndLeavesTheAccessedBitsToTheSampler() {
        Host host = hosts.create(64, 64, 1, 8, 1);
        fill(host, 0, 8, 1);
        HostMemory memory = host.memory();
        SecondLevelTable table = host.tenant(0).table();
        for (int page = 0; page < 8; page++) {
            memory.testAndClearAccessed(table, page);
        }
        GuestMemory guest = host.tenant(0).memory();
        for (int page = 0; page < 8; page += 2) {
            guest.readLong((long) page * GuestMemory.PAGE_SIZE);
        }
        assertEquals(4, memory.swapOut(table, 4));
        for (int page = 0; page < 8; page++) {
            boolean touched = page % 2 == 0;
            assertEquals(touched ? PageState.RESIDENT : PageState.SWAPPED, table.state(page), "page " + page);
            assertEquals(touched, table.isAccessed(page), "page " + page + "'s accessed bit");
        }
        assertEquals(2, memory.swapOut(table, 2), "then touched ones, when nothing else is left");
        assertEquals(2, table.residentPages());
    }

    @Test
    void swapOutStopsWhenSwapIsFull() {
        Host host = hosts.create(/* frames= */ 16, /* swapPages= */ 4, 1, /* guestPages= */ 8, 1);
        fill(host, 0, 8, 1);
        HostMemory memory = host.memory();
        SecondLevelTable table = host.tenant(0).table();
        assertEquals(4, memory.swapOut(table, 8));
        assertEquals(4, table.residentPages());
        assertEquals(4, memory.swapUsed());
        assertEquals(List.of(), memory.checkInvariants());
        GuestMemory guest = host.tenant(0).memory();
        for (int page = 0; page < 8; page++) {
            assertEquals(1_000_003L + page, guest.readLong((long) page * GuestMemory.PAGE_SIZE + 8));
        }
    }
}
