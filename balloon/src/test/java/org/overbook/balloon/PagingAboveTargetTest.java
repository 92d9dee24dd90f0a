package org.overbook.balloon;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.overbook.guest.GuestMemory;
import org.overbook.hypervisor.Host;
import org.overbook.hypervisor.HostResources;
import org.overbook.hypervisor.spi.SwapDeviceConfig;
import org.overbook.hypervisor.Tenant;
import org.overbook.hypervisor.testing.HostsUnderTest;

/**
 * The manager's own paging, check by check, on a host of 1000 frames (the states' thresholds are 60, 40,
 * 20 and 10 free frames; the host's watermark reclaim waits for 1 free frame). A state check every 300 µs
 * against a swap device that writes a page in 60 µs (16,667 write IOPS) pages out at most 5 pages per check. The tenants run nothing and
 * their guest allocators are drained, so their balloons cannot move: what leaves them is the manager's
 * paging alone.
 */
class PagingAboveTargetTest {

    private static final long CHECK_NANOS = 300_000;
    private static final int GUEST_PAGES = 2000;
    private static final SwapDeviceConfig SLOW_WRITES = new SwapDeviceConfig("nvme", 85_000, 60_000, 490_000,
            /* writeIops= */ 16_667, 128);

    @RegisterExtension
    final HostsUnderTest hosts = new HostsUnderTest();

    /** What one tenant looked like just after a state check. */
    private record Check(MemoryState state, long pagedOut, long descheduledMicros, int resident) {
    }

    private BalloonManager start(Host host, int... targetPages) {
        List<TenantBalloonConfig> tenants = new ArrayList<>();
        for (Tenant tenant : host.tenants()) {
            while (tenant.takeFreePage() >= 0) {
                // the guest has nothing left to give a balloon
            }
            tenants.add(TenantBalloonConfig.of(tenant.name())
                    .withTargetBytes((long) targetPages[tenant.id()] * GuestMemory.PAGE_SIZE));
        }
        return BalloonManager.start(host, BalloonConfig.defaults().withPolicy("static")
                .withPeriods(/* reallocation= */ 1_000_000_000L, /* sampling= */ 1_000_000_000L, CHECK_NANOS)
                .withTenants(tenants));
    }

    private static void touch(Host host, int tenant, int pages) {
        for (int page = 0; page < pages; page++) {
            host.tenant(tenant).memory().writeLong((long) page * GuestMemory.PAGE_SIZE, page);
        }
    }

    /** Runs {@code checks} state checks and returns tenant {@code tenant}'s figures after each. */
    private static List<Check> trace(Host host, BalloonManager manager, int tenant, int checks) {
        List<Check> trace = new ArrayList<>();
        for (int k = 0; k < checks; k++) {
            host.simulation().runUntil(k * CHECK_NANOS);
            trace.add(new Check(manager.state(), host.tenant(tenant).table().swapOuts(),
                    host.tenant(tenant).descheduledNanos() / 1_000, host.tenant(tenant).table().residentPages()));
        }
        return trace;
    }

    @Test
    void inLowATenantIsBlockedOnlyWhileStillAboveItsTargetAfterPaging() {
        Host host = hosts.create(HostsUnderTest.config(1000, 2000, 1, GUEST_PAGES, 1, hosts.newDirectory())
                .withResources(HostResources.defaults().withSwapDevice(SLOW_WRITES)));
        touch(host, 0, 995); // 5 free: LOW, and the host's reclaim is not due
        BalloonManager manager = start(host, 983);
        assertEquals(List.of(
                new Check(MemoryState.LOW, 5, 300, 990),
                new Check(MemoryState.LOW, 10, 600, 985),
                new Check(MemoryState.LOW, 12, 600, 983), // at its target: runs again, though the host is still LOW
                new Check(MemoryState.LOW, 12, 600, 983)), trace(host, manager, 0, 4));
        assertEquals(12, manager.pagesSwappedOut());
    }

    @Test
    void inHardTenantsAboveTargetArePagedWithoutBlockingAndInSoftNot() {
        Host host = hosts.create(HostsUnderTest.config(1000, 2000, 1, GUEST_PAGES, 1, hosts.newDirectory())
                .withResources(HostResources.defaults().withSwapDevice(SLOW_WRITES)));
        touch(host, 0, 985); // 15 free: HARD
        BalloonManager manager = start(host, 900);
        assertEquals(List.of(
                new Check(MemoryState.HARD, 5, 0, 980),
                new Check(MemoryState.HARD, 10, 0, 975),
                new Check(MemoryState.HARD, 15, 0, 970),
                new Check(MemoryState.HARD, 20, 0, 965),
                new Check(MemoryState.HARD, 25, 0, 960),
                new Check(MemoryState.SOFT, 25, 0, 960), // 40 free: ballooning only
                new Check(MemoryState.SOFT, 25, 0, 960)), trace(host, manager, 0, 7));
    }

    @Test
    void oneChecksBudgetIsSharedInProportionToTheExcess() {
        Host host = hosts.create(HostsUnderTest.config(1000, 4000, 2, GUEST_PAGES, 1, hosts.newDirectory())
                .withResources(HostResources.defaults().withSwapDevice(SLOW_WRITES)));
        touch(host, 0, 600);
        touch(host, 1, 395); // 5 free: LOW
        BalloonManager manager = start(host, 570, 385); // 30 and 10 pages above target
        host.simulation().runUntil(0);
        // 5 pages: 3.75 and 1.25, rounded down to 3 and 1, the page left to the first tenant.
        assertEquals(4, host.tenant(0).table().swapOuts());
        assertEquals(1, host.tenant(1).table().swapOuts());
        assertEquals(5, manager.pagesSwappedOut());
    }
}
