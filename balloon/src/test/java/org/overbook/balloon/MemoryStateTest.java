package org.overbook.balloon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.overbook.balloon.MemoryState.HARD;
import static org.overbook.balloon.MemoryState.HIGH;
import static org.overbook.balloon.MemoryState.LOW;
import static org.overbook.balloon.MemoryState.SOFT;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.overbook.guest.GuestMemory;
import org.overbook.hypervisor.Host;
import org.overbook.hypervisor.memory.SecondLevelTable;
import org.overbook.hypervisor.testing.HostsUnderTest;

/** Free-memory states change exactly at ESX's thresholds (6/4/2/1 %), with hysteresis on the way up. */
class MemoryStateTest {

    private static final FreeMemoryThresholds ESX = FreeMemoryThresholds.ESX;
    private static final long MS = 1_000_000;

    @RegisterExtension
    final HostsUnderTest hosts = new HostsUnderTest();

    private static MemoryState next(MemoryState from, long free) {
        return MemoryState.next(from, free, /* total= */ 10_000, ESX);
    }

    @Test
    void theStateFallsBelowEachLowerThreshold() {
        assertEquals(HIGH, next(HIGH, 400));
        assertEquals(SOFT, next(HIGH, 399));
        assertEquals(SOFT, next(SOFT, 200));
        assertEquals(HARD, next(SOFT, 199));
        assertEquals(HARD, next(HARD, 100));
        assertEquals(LOW, next(HARD, 99));
        assertEquals(LOW, next(HIGH, 50), "a sudden drop crosses several thresholds at once");
    }

    @Test
    void theStateRisesOnlyOnReachingTheThresholdAbove() {
        assertEquals(LOW, next(LOW, 199));
        assertEquals(HARD, next(LOW, 200));
        assertEquals(HARD, next(HARD, 399));
        assertEquals(SOFT, next(HARD, 400));
        assertEquals(SOFT, next(SOFT, 599), "no flapping between 4 and 6 %");
        assertEquals(HIGH, next(SOFT, 600));
        assertEquals(HIGH, next(LOW, 700));
    }

    @Test
    void theManagerSeesTheStatesAtTheThresholdsOfARealHost() {
        // 1000 frames: the thresholds are 60, 40, 20 and 10 free frames. Reclaim waits for 1 free frame.
        Host host = hosts.create(/* frames= */ 1000, /* swapPages= */ 64, /* tenants= */ 1, /* guestPages= */ 1000, 1);
        BalloonManager manager = BalloonManager.start(host, BalloonConfig.defaults().withPolicy("static")
                .withPeriods(/* reallocation= */ 1_000 * MS, /* sampling= */ 1_000 * MS, /* stateCheck= */ MS));
        SecondLevelTable table = host.tenant(0).table();
        int[] touched = {0};
        List<Object[]> steps = List.of(
                new Object[] {41, HIGH}, new Object[] {40, HIGH}, new Object[] {39, SOFT}, new Object[] {20, SOFT},
                new Object[] {19, HARD}, new Object[] {10, HARD}, new Object[] {9, LOW},
                new Object[] {19, LOW}, new Object[] {20, HARD}, new Object[] {39, HARD}, new Object[] {40, SOFT},
                new Object[] {59, SOFT}, new Object[] {60, HIGH});
        for (Object[] step : steps) {
            int free = (Integer) step[0];
            while (host.memory().freeFrames() > free) {
                host.tenant(0).memory().writeLong((long) touched[0]++ * GuestMemory.PAGE_SIZE, 1);
            }
            while (host.memory().freeFrames() < free) {
                host.memory().balloon(table, --touched[0]); // hands frames back, as a balloon would
                host.memory().deflate(table, touched[0]);
            }
            host.simulation().runUntil(host.simulation().now() + MS);
            assertEquals(step[1], manager.state(), free + " free frames");
        }
        assertEquals(6, manager.stateChanges());
        assertEquals(0, manager.driver(0).size(), "the static target is the whole tenant: nothing to balloon");
    }

    @Test
    void inTheLowStateOnlyTenantsAboveTheirTargetAreDescheduled() {
        Host host = hosts.create(200, 256, 2, 200, 1);
        BalloonManager manager = BalloonManager.start(host, BalloonConfig.defaults().withPolicy("static")
                .withPeriods(1_000 * MS, 1_000 * MS, MS).withTenants(List.of(
                        TenantBalloonConfig.of("t0").withTargetBytes(50L * GuestMemory.PAGE_SIZE))));
        GuestMemory greedy = host.tenant(0).memory();
        GuestMemory modest = host.tenant(1).memory();
        greedy.allocate(greedy.size()); // the guests hold all their pages: no balloon can take any
        modest.allocate(modest.size());
        for (int page = 0; page < 20; page++) {
            modest.writeLong((long) page * GuestMemory.PAGE_SIZE, 1);
        }
        for (int page = 0; host.memory().freeFrames() > 1; page++) {
            greedy.writeLong((long) page * GuestMemory.PAGE_SIZE, 1);
        }
        host.simulation().runUntil(host.simulation().now() + MS / 2);
        assertEquals(LOW, manager.state());
        assertTrue(host.tenant(0).table().residentPages() > 50);
        assertEquals(0, manager.driver(0).size());
        assertEquals(MS, host.tenant(0).descheduledNanos(), "above its 50-page target: kept off the CPU for one check");
        assertEquals(0, host.tenant(1).descheduledNanos(), "within its target: runs on");
        manager.stop();
    }
}
