package org.overbook.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.overbook.perf.plugin.Catalog;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.TenantRow;

/**
 * The example policy and the example program: found on the class path like a built-in, the policy pins
 * exactly the head of each guest, and the overcommitted memory-only run swaps and reads every stamp back.
 */
class PinHeadPolicyTest {

    @Test
    void isFoundThroughItsProvider() {
        assertTrue(Catalog.builtIn().policies().memory().contains(PinHeadPolicy.NAME));
    }

    @Test
    void pinsTheHeadOfEveryGuestAndTheRestPages() throws Exception {
        RunResult result = OvercommitFigure.run();
        assertEquals(3, result.tenants().size(), "three tenants, no clients: " + result.tenants());
        for (TenantRow row : result.tenants()) {
            assertEquals(PinHeadPolicy.HEAD_BYTES / 4096, row.metrics().get("pinned_pages").longValue(), row.toString());
            assertEquals(0L, row.metrics().get("workload.mismatches").longValue(), row.toString());
        }
        assertTrue(result.total().get("cpu_major_faults").longValue() > 0, "36 MiB of working sets on 32 MiB swap: " + result.total());
    }
}
