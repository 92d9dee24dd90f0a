package org.overbook.hypervisor.guest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.overbook.guest.GuestMemory;
import org.overbook.hypervisor.Host;
import org.overbook.hypervisor.testing.HostsUnderTest;

/** {@link GuestMemory#free} refuses a range outside the guest, however large, and frees nothing then. */
class TenantMemoryFreeTest {

    @RegisterExtension
    final HostsUnderTest hosts = new HostsUnderTest();

    @Test
    void aRangeLargerThanTheGuestIsRefusedNotCutToItsLowBits() {
        Host host = hosts.create(8, 16, 1, 4, 1);
        GuestMemory memory = host.tenant(0).memory();
        long address = memory.allocate(GuestMemory.PAGE_SIZE);
        long freeBefore = memory.freeBytes();
        // 2^32 + 1 pages: as an int page count, 1 page, the one allocated
        long bytes = ((1L << 32) + 1) * GuestMemory.PAGE_SIZE;
        assertThrows(IllegalArgumentException.class, () -> memory.free(address, bytes));
        assertEquals(freeBefore, memory.freeBytes());
    }

    @Test
    void aRangePastTheEndOfTheGuestIsRefused() {
        Host host = hosts.create(8, 16, 1, 4, 1);
        GuestMemory memory = host.tenant(0).memory();
        memory.allocate(4L * GuestMemory.PAGE_SIZE);
        assertThrows(IllegalArgumentException.class, () -> memory.free(3L * GuestMemory.PAGE_SIZE, 2L * GuestMemory.PAGE_SIZE));
        assertThrows(IllegalArgumentException.class, () -> memory.free(1L << 44, GuestMemory.PAGE_SIZE));
        assertEquals(0, memory.freeBytes());
        memory.free(3L * GuestMemory.PAGE_SIZE, GuestMemory.PAGE_SIZE);
        assertEquals(GuestMemory.PAGE_SIZE, memory.freeBytes());
    }
}
