package org.overbook.nic.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.overbook.nic.NicConfig;
import org.overbook.nic.Testbed;
import org.overbook.nic.vf.VirtualFunction;

/**
 * The data-path contract under {@code pin-all}. Pinning everything rules out overcommit, so the pinned
 * tenant (s0, 2 MiB) shares a 4 MiB host with an on-demand tenant (s1, 6 MiB): the host still runs at
 * 2x overcommit with reclaim going, and the pinned tenant must neither fault nor lose a byte.
 */
class PinAllContractTest extends DataPathContract {

    @Override
    NicConfig nic() {
        return NicConfig.of("on-demand").withMemoryPolicies("on-demand", Map.of("s0", "pin-all"));
    }

    @Override
    int serverPages(int s) {
        return s == 0 ? 512 : 1536;
    }

    @Override
    void checkPolicy(Testbed testbed) {
        VirtualFunction pinned = testbed.serverNic().vf(0);
        assertEquals(0, allFaults(pinned), "a pin-all tenant never takes a network page fault");
        assertEquals(512, pinned.tenant().table().pinnedPages());
        assertEquals(512L * 4096, pinned.pinnedBytes());
        assertEquals(0, pinned.tenant().table().swapOuts(), "a pin-all tenant is never swapped");
        assertTrue(receiveFaults(testbed.serverNic().vf(1)) > 0, "its on-demand neighbour does fault");
    }
}
