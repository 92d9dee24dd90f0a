package org.overbook.balloon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.overbook.guest.GuestMemory;
import org.overbook.guest.GuestOutOfMemoryException;
import org.overbook.hypervisor.Host;
import org.overbook.hypervisor.Tenant;
import org.overbook.hypervisor.memory.PageState;
import org.overbook.hypervisor.memory.SecondLevelTable;
import org.overbook.hypervisor.testing.HostsUnderTest;

/** The guest side: what inflating and deflating do to guest and host memory, and in what order. */
class BalloonDriverTest {

    private static final int PAGE = GuestMemory.PAGE_SIZE;
    private static final long MS = 1_000_000;

    @RegisterExtension
    final HostsUnderTest hosts = new HostsUnderTest();

    private static BalloonDriver driver(Host host, int tenant) {
        return new BalloonDriver(host.tenant(tenant), host.memory(), host.config().costs());
    }

    /** Allocates and writes {@code pages} pages in the guest, then frees them: free to the guest, backed by the host. */
    private static void dirtyAndFree(Tenant tenant, int pages) {
        GuestMemory memory = tenant.memory();
        long base = memory.allocate((long) pages * PAGE);
        for (int page = 0; page < pages; page++) {
            memory.writeLong(base + (long) page * PAGE, page + 1);
        }
        memory.free(base, (long) pages * PAGE);
    }

    @Test
    void balloonedPagesAreUnmappedAndNeverWrittenToSwap() {
        Host host = hosts.create(/* frames= */ 64, /* swapPages= */ 512, /* tenants= */ 2, /* guestPages= */ 128, 1);
        Tenant tenant = host.tenant(0);
        SecondLevelTable table = tenant.table();
        dirtyAndFree(tenant, 128); // 128 pages over 64 frames: some resident, the rest swapped
        assertTrue(table.residentPages() > 0 && table.swappedPages() > 0);
        long writes = host.memory().swapWrites();
        long reads = host.memory().swapReads();

        BalloonDriver balloon = driver(host, 0);
        balloon.setTarget(128);
        host.simulation().run();

        assertEquals(128, balloon.size());
        for (int page = 0; page < 128; page++) {
            assertEquals(PageState.BALLOONED, table.state(page), "page " + page);
            assertEquals(-1, table.frame(page));
            assertFalse(table.hasSwapCopy(page));
        }
        assertEquals(host.memory().totalFrames(), host.memory().freeFrames(), "every frame of the tenant came back");
        assertEquals(writes, host.memory().swapWrites(), "ballooning wrote nothing to swap");
        assertEquals(reads, host.memory().swapReads(), "nor read anything back");
        assertEquals(0, host.memory().swapUsed(), "the swapped pages' copies were dropped, not kept");

        // Another tenant now overcommits the host: reclaim runs, and never touches the balloon.
        long tenantSwapOuts = table.swapOuts();
        dirtyAndFree(host.tenant(1), 128);
        assertTrue(host.memory().swapWrites() > writes, "the other tenant was paged");
        assertEquals(tenantSwapOuts, table.swapOuts());
        assertEquals(128, table.balloonedPages());
    }

    @Test
    void pinnedPagesAreNeverBallooned() {
        Host host = hosts.create(128, 64, 1, 64, 1);
        Tenant tenant = host.tenant(0);
        SecondLevelTable table = tenant.table();
        for (int page = 10; page < 20; page++) {
            host.memory().pin(table, page); // registered for DMA, but free in the guest allocator
        }
        BalloonDriver balloon = driver(host, 0);
        balloon.setTarget(64);
        host.simulation().run();

        assertEquals(54, balloon.size(), "every page but the pinned ones");
        assertTrue(balloon.refusals() >= 10);
        for (int page = 10; page < 20; page++) {
            assertEquals(PageState.RESIDENT, table.state(page));
            assertEquals(1, table.pinCount(page));
        }
        assertEquals(10L * PAGE, tenant.memory().freeBytes(), "refused pages went back to the guest allocator");
        assertFalse(balloon.running(), "a batch that moves nothing stops the driver");
        for (int page = 10; page < 20; page++) {
            host.memory().unpin(table, page);
        }
    }

    @Test
    void aFullyPinnedGuestGivesNothingAndNothingBreaks() {
        Host host = hosts.create(128, 64, 1, 32, 1);
        SecondLevelTable table = host.tenant(0).table();
        for (int page = 0; page < 32; page++) {
            host.memory().pin(table, page); // the NIC's pin-all policy
        }
        BalloonDriver balloon = driver(host, 0);
        balloon.setTarget(32);
        host.simulation().run();
        assertEquals(0, balloon.size());
        assertEquals(0, table.balloonedPages());
        assertEquals(32L * PAGE, host.tenant(0).memory().freeBytes());
        for (int page = 0; page < 32; page++) {
            host.memory().unpin(table, page);
        }
    }

    @Test
    void deflatingRestoresUsableMemory() {
        Host host = hosts.create(128, 64, 1, 64, 1);
        Tenant tenant = host.tenant(0);
        GuestMemory memory = tenant.memory();
        dirtyAndFree(tenant, 64);
        BalloonDriver balloon = driver(host, 0);
        balloon.setTarget(48);
        host.simulation().run();
        assertEquals(16L * PAGE, memory.freeBytes(), "the balloon holds 48 of 64 pages");
        assertThrows(GuestOutOfMemoryException.class, () -> memory.allocate(17L * PAGE));

        balloon.setTarget(0);
        host.simulation().run();
        assertEquals(0, balloon.size());
        assertEquals(48, balloon.pagesDeflated());
        assertEquals(64L * PAGE, memory.freeBytes());
        long base = memory.allocate(64L * PAGE);
        for (int page = 0; page < 64; page++) {
            long at = base + (long) page * PAGE;
            if (tenant.table().state(page) == PageState.NOT_POPULATED) {
                assertEquals(0, memory.readLong(at), "a deflated page comes back zeroed");
            }
            memory.writeLong(at, 1000 + page);
        }
        for (int page = 0; page < 64; page++) {
            assertEquals(1000 + page, memory.readLong(base + (long) page * PAGE));
            assertEquals(PageState.RESIDENT, tenant.table().state(page));
        }
    }

    @Test
    void theGuestIsAskedToShrinkBeforeAnyPageIsTaken() {
        Host host = hosts.create(1024, 64, 1, 1024, 1);
        Tenant tenant = host.tenant(0);
        GuestMemory memory = tenant.memory();
        long held = memory.allocate(1000L * PAGE); // a workload holding all but 24 pages
        BalloonDriver balloon = driver(host, 0);
        List<String> calls = new ArrayList<>();
        long[] releasedUpTo = {held + 1000L * PAGE};
        tenant.guest().onMemoryPressure(bytes -> {
            calls.add(bytes / PAGE + " pages asked with " + tenant.table().balloonedPages() + " ballooned");
            long pages = bytes / PAGE;
            releasedUpTo[0] -= pages * PAGE;
            memory.free(releasedUpTo[0], pages * PAGE); // gives back its last pages
            return pages * PAGE;
        });
        balloon.setTarget(600);
        host.simulation().run();

        assertEquals(List.of("232 pages asked with 0 ballooned", "256 pages asked with 256 ballooned",
                "88 pages asked with 512 ballooned"), calls, "each batch asks first, for what the free pages cannot cover");
        assertEquals(600, balloon.size());
        assertEquals(3, balloon.pressureRequests());
        assertEquals(576L * PAGE, balloon.bytesReleased());
    }

    @Test
    void inflationIsPacedAtTheCostModelsRate() {
        Host host = hosts.create(2048, 64, 1, 2048, 1);
        BalloonDriver balloon = driver(host, 0);
        assertEquals(16_384, host.config().costs().balloonPagesPerSecond());
        balloon.setTarget(1024); // four batches of 256, one every 256 / 16384 s = 15.625 ms
        host.simulation().runUntil(30 * MS);
        assertEquals(512, balloon.size());
        assertTrue(balloon.running());
        host.simulation().runUntil(47 * MS);
        assertEquals(1024, balloon.size());
        assertFalse(balloon.running());
    }
}
