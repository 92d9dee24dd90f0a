package org.overbook.balloon;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.overbook.balloon.testing.CacheWorkload;
import org.overbook.hypervisor.Host;
import org.overbook.hypervisor.testing.HostsUnderTest;

/** One scenario and seed, twice: identical balloons, targets, estimates and page placement. */
class BalloonDeterminismTest {

    private static final long MS = 1_000_000;

    @RegisterExtension
    final HostsUnderTest hosts = new HostsUnderTest();

    private record Outcome(List<TenantBalloonMetrics> metrics, int[][] placement, long events, long requests) {
    }

    private Outcome run(long seed) {
        Host host = hosts.create(/* frames= */ 600, /* swapPages= */ 1024, /* tenants= */ 2, /* guestPages= */ 512, seed);
        BalloonManager manager = BalloonManager.start(host, BalloonConfig.defaults()
                .withPeriods(/* reallocation= */ 100 * MS, /* sampling= */ 200 * MS, /* stateCheck= */ 10 * MS));
        long requests = 0;
        CacheWorkload[] caches = new CacheWorkload[2];
        for (int t = 0; t < 2; t++) {
            caches[t] = new CacheWorkload(new CacheWorkload.Settings(1024, 128, 0.8, 10_000, 60_000, t == 0 ? Long.MAX_VALUE : 100 * MS));
            host.tenant(t).boot(caches[t]);
        }
        host.simulation().runUntil(1_500 * MS);
        for (CacheWorkload cache : caches) {
            assertEquals(0, cache.mismatches());
            requests += cache.requests();
        }
        return new Outcome(manager.metrics(), host.placement(), host.simulation().dispatched(), requests);
    }

    @Test
    void twoRunsWithOneSeedAreIdentical() {
        Outcome first = run(11);
        Outcome second = run(11);
        assertTrue(first.metrics().get(1).pagesInflated() > 0, "the scenario balloons");
        assertEquals(first.metrics(), second.metrics());
        assertEquals(first.events(), second.events());
        assertEquals(first.requests(), second.requests());
        for (int t = 0; t < first.placement().length; t++) {
            assertArrayEquals(first.placement()[t], second.placement()[t], "placement of tenant " + t);
        }
    }
}
