package org.overbook.balloon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.overbook.guest.GuestMemory;
import org.overbook.hypervisor.Host;
import org.overbook.hypervisor.testing.HostsUnderTest;

/** Sampling accessed bits estimates the touched fraction; the estimate rises fast and falls slowly. */
class WorkingSetEstimatorTest {

    private static final int PAGES = 4096;

    @RegisterExtension
    final HostsUnderTest hosts = new HostsUnderTest();

    private Host host;
    private WorkingSetEstimator estimator;

    private void setUp() {
        host = hosts.create(/* frames= */ PAGES + 64, /* swapPages= */ 64, /* tenants= */ 1, PAGES, 1);
        estimator = new WorkingSetEstimator(host.memory(), host.tenant(0).table(),
                host.simulation().random().stream("balloon/sampler/t0"), /* samplePages= */ 100);
    }

    /** One sampling period in which the guest touches its first {@code fraction} of pages. */
    private void period(double fraction) {
        estimator.beginPeriod();
        GuestMemory memory = host.tenant(0).memory();
        for (int page = 0; page < (int) (fraction * PAGES); page++) {
            memory.readLong((long) page * GuestMemory.PAGE_SIZE); // after the first period's writes, a read
        }
        estimator.endPeriod();
    }

    @Test
    void theEstimateIsTheTouchedFractionWithinSamplingError() {
        setUp();
        GuestMemory memory = host.tenant(0).memory();
        for (int page = 0; page < PAGES; page++) {
            memory.writeLong((long) page * GuestMemory.PAGE_SIZE, page); // all resident
        }
        assertEquals(1.0, estimator.activeFraction(), "fully active until measured");
        for (int i = 0; i < 4; i++) {
            period(0.25);
        }
        // 100 samples of a 25 % population: standard error 4.3 %, so three of them is 13 %.
        assertEquals(0.25, estimator.lastSample(), 0.13);
        assertEquals(0.25, estimator.activeFraction(), 0.13);
        assertEquals(estimator.activeFraction() * PAGES, estimator.activePages(), 1);
    }

    @Test
    void theEstimateRisesWithinAPeriodAndFallsOverMany() {
        setUp();
        GuestMemory memory = host.tenant(0).memory();
        for (int page = 0; page < PAGES; page++) {
            memory.writeLong((long) page * GuestMemory.PAGE_SIZE, page);
        }
        for (int i = 0; i < 10; i++) {
            period(0.1);
        }
        assertTrue(estimator.activeFraction() < 0.2, "settled low: " + estimator.activeFraction());

        estimator.beginPeriod();
        for (int page = 0; page < PAGES * 8 / 10; page++) {
            memory.readLong((long) page * GuestMemory.PAGE_SIZE);
        }
        assertTrue(estimator.activeFraction() > 0.4, "mid-period touches already lift it: " + estimator.activeFraction());
        estimator.endPeriod();
        period(0.8);
        assertTrue(estimator.activeFraction() > 0.6, "two periods of 80 %: " + estimator.activeFraction());

        for (int i = 0; i < 20; i++) {
            period(0.8);
        }
        for (int i = 0; i < 3; i++) {
            period(0);
        }
        assertTrue(estimator.activeFraction() > 0.45, "three idle periods later the slow average remembers: "
                + estimator.activeFraction());
        for (int i = 0; i < 30; i++) {
            period(0);
        }
        assertTrue(estimator.activeFraction() < 0.05, "and forgets in the end: " + estimator.activeFraction());
    }
}
