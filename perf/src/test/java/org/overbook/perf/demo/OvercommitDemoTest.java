package org.overbook.perf.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class OvercommitDemoTest {

    @Test
    void theDemoOvercommitsSwapsAndKeepsEveryByte() {
        OvercommitDemo.Result result = OvercommitDemo.run(/* seed= */ 3, /* simulatedNanos= */ 300_000_000L);
        assertEquals(3, result.tenants().size());
        assertEquals(0, result.mismatches());
        assertTrue(result.swapWrites() > 0 && result.swapReads() > 0, "3x overcommit makes the host swap");
        for (OvercommitDemo.TenantRow row : result.tenants()) {
            assertTrue(row.majorFaults() > 0, row.name() + " took major faults");
            assertTrue(row.accesses() > 10_000, row.name() + " made progress");
        }
        assertTrue(result.usedFrames() <= result.totalFrames());
    }

    @Test
    void theSameSeedGivesTheSameDemo() {
        OvercommitDemo.Result a = OvercommitDemo.run(9, 50_000_000L);
        OvercommitDemo.Result b = OvercommitDemo.run(9, 50_000_000L);
        assertEquals(a.tenants(), b.tenants());
        assertEquals(a.events(), b.events());
    }
}
