package org.overbook.nic.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.overbook.nic.NicConfig;
import org.overbook.nic.Testbed;
import org.overbook.nic.vf.VirtualFunction;

/**
 * The data-path contract under {@code pin-down-cache}: per-use registrations hit the library's cache,
 * so buffers stay pinned and are registered once.
 */
class PinDownCacheContractTest extends DataPathContract {

    @Override
    NicConfig nic() {
        return NicConfig.of("pin-down-cache");
    }

    @Override
    void checkPolicy(Testbed testbed) {
        for (VirtualFunction vf : testbed.serverNic().vfs()) {
            assertEquals(0, receiveFaults(vf), "cached registrations stay pinned");
            assertTrue(vf.counters().registrationCacheHits() > MESSAGES, "re-registrations hit the cache");
            // Each receive buffer of the two connections missed once, and so did the RDMA-write area.
            assertEquals(2 * ContractServer.RECEIVES + 1, vf.counters().registrationCacheMisses(), "each region missed once");
        }
    }
}
