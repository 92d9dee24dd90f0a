package org.overbook.balloon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.overbook.balloon.testing.CacheWorkload;
import org.overbook.guest.GuestMemory;
import org.overbook.hypervisor.CostModel;
import org.overbook.hypervisor.Host;
import org.overbook.hypervisor.HostConfig;
import org.overbook.hypervisor.TenantConfig;
import org.overbook.hypervisor.testing.HostsUnderTest;

/**
 * ESX's idle memory tax (Waldspurger, OSDI 2002, §5.2, §5.4), test-sized: two tenants with equal
 * shares on a host that cannot hold both. The active one serves requests throughout; the idle one fills
 * its cache for half a second and then stops. Under {@code proportional} they are given the same
 * memory; under {@code idle-tax} (τ = 0.75) the idle tenant's memory is ballooned away to the active
 * one, which then serves more. Periods are scaled down from ESX's (sampling 1 s, reallocation 0.5 s).
 */
class IdleTaxTest {

    private static final long MS = 1_000_000;
    private static final long END = 12_000 * MS;
    private static final long MEASURED_FROM = 8_000 * MS;
    private static final int GUEST_PAGES = 1024;

    @RegisterExtension
    final HostsUnderTest hosts = new HostsUnderTest();

    private record Outcome(long activeTarget, long idleTarget, int activeResident, int idleResident,
                           double activeWorkingSet, double idleWorkingSet, long activeRequests, long mismatches) {
    }

    private Outcome run(String policy) {
        HostConfig config = new HostConfig(1400L * GuestMemory.PAGE_SIZE, 2048L * GuestMemory.PAGE_SIZE,
                HostConfig.DEFAULT_RECLAIM_LOW, HostConfig.DEFAULT_RECLAIM_HIGH, hosts.newDirectory(), false, /* seed= */ 75,
                CostModel.defaults(), List.of(new TenantConfig("active", GUEST_PAGES * 4096L),
                        new TenantConfig("idle", GUEST_PAGES * 4096L)));
        Host host = hosts.create(config);
        BalloonManager manager = BalloonManager.start(host, BalloonConfig.defaults().withPolicy(policy)
                .withPeriods(/* reallocation= */ 500 * MS, /* sampling= */ 1_000 * MS, /* stateCheck= */ 50 * MS));
        CacheWorkload active = cache(Long.MAX_VALUE);
        CacheWorkload idle = cache(500 * MS);
        host.tenant("active").boot(active);
        host.tenant("idle").boot(idle);
        host.simulation().runUntil(MEASURED_FROM);
        long before = active.requests();
        host.simulation().runUntil(END);
        System.out.println(policy + ": " + manager.metrics());
        return new Outcome(manager.targetPages(0), manager.targetPages(1), host.tenant(0).table().residentPages(),
                host.tenant(1).table().residentPages(), manager.workingSet(0).activeFraction(),
                manager.workingSet(1).activeFraction(), active.requests() - before, active.mismatches() + idle.mismatches());
    }

    private static CacheWorkload cache(long activeUntil) {
        return new CacheWorkload(new CacheWorkload.Settings(/* keys= */ 1536, /* hotKeys= */ 512, /* hotProbability= */ 0.8,
                /* hitNanos= */ 20_000, /* fetchNanos= */ 60_000, activeUntil));
    }

    @Test
    void theIdleTaxMovesMemoryFromTheIdleTenantToTheActiveOne() {
        Outcome shares = run("proportional");
        Outcome taxed = run("idle-tax");
        System.out.println("proportional " + shares + "\nidle-tax " + taxed);
        assertEquals(0, shares.mismatches() + taxed.mismatches());
        assertTrue(taxed.activeWorkingSet() > 3 * taxed.idleWorkingSet(),
                "the estimates tell them apart: " + taxed.activeWorkingSet() + " vs " + taxed.idleWorkingSet());
        assertTrue(Math.abs(shares.activeTarget() - shares.idleTarget()) <= 1, "equal shares, equal memory");
        assertTrue(taxed.activeTarget() > 1.3 * shares.activeTarget(), "the tax gives the active tenant over 30 % more");
        assertTrue(taxed.activeResident() > taxed.idleResident() + 300, "and the memory really moved");
        assertTrue(taxed.activeRequests() > 1.15 * shares.activeRequests(), "so it serves over 15 % more");
    }
}
