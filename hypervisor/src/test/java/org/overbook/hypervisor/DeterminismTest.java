package org.overbook.hypervisor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.overbook.hypervisor.testing.HostsUnderTest;
import org.overbook.hypervisor.testing.PageToucher;

/** Same scenario and seed: identical faults, swap traffic, timing and page placement. */
class DeterminismTest {

    @RegisterExtension
    final HostsUnderTest hosts = new HostsUnderTest();

    private record Outcome(List<Long> counters, int[][] placement, long endTime, long events) {
    }

    private Outcome run(long seed) {
        Host host = hosts.create(/* frames= */ 48, /* swapPages= */ 200, /* tenants= */ 3, /* guestPages= */ 48, seed);
        List<PageToucher> touchers = new ArrayList<>();
        for (Tenant tenant : host.tenants()) {
            PageToucher toucher = new PageToucher(/* pages= */ 44, /* steps= */ 2_000, /* thinkNanos= */ 1_000);
            touchers.add(toucher);
            tenant.boot(toucher);
        }
        host.simulation().run();
        List<Long> counters = new ArrayList<>();
        for (Tenant tenant : host.tenants()) {
            counters.add(tenant.cpuMinorFaults());
            counters.add(tenant.cpuMajorFaults());
            counters.add(tenant.table().swapOuts());
            counters.add(tenant.table().cleanDrops());
            counters.add(tenant.vcpu().busyNanos());
            assertEquals(0, touchers.get(tenant.id()).mismatches(), "data read back differs from data written");
            assertEquals(2_000, touchers.get(tenant.id()).stepsDone());
        }
        counters.add(host.memory().swapWrites());
        counters.add(host.memory().swapReads());
        return new Outcome(counters, host.placement(), host.simulation().now(), host.simulation().dispatched());
    }

    @Test
    void twoRunsWithOneSeedAreIdentical() {
        Outcome first = run(2026);
        Outcome second = run(2026);
        assertTrue(first.counters().get(1) > 0, "the scenario overcommits enough to take major faults");
        assertEquals(first.counters(), second.counters());
        assertEquals(first.endTime(), second.endTime());
        assertEquals(first.events(), second.events());
        for (int t = 0; t < first.placement().length; t++) {
            assertArrayEquals(first.placement()[t], second.placement()[t], "placement of tenant " + t);
        }
    }

    @Test
    void anotherSeedGivesAnotherRun() {
        Outcome first = run(2026);
        Outcome other = run(2027);
        assertFalse(first.counters().equals(other.counters()) && Arrays.deepEquals(first.placement(), other.placement()),
                "the seed must reach the workload's choices");
    }
}
