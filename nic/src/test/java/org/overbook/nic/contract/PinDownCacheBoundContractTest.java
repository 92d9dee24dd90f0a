package org.overbook.nic.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.overbook.nic.NicConfig;
import org.overbook.nic.Testbed;
import org.overbook.nic.vf.VirtualFunction;

/**
 * The data-path contract under a pin-down cache bounded to one region, while each connection holds several
 * registered at once: the cache evicts only regions the application has deregistered, never one it still posts
 * with, so nothing is lost and no access is refused.
 */
class PinDownCacheBoundContractTest extends DataPathContract {

    @Override
    NicConfig nic() {
        return NicConfig.of("pin-down-cache").withPinDownCache(64L << 20, /* regions= */ 1);
    }

    @Override
    void checkPolicy(Testbed testbed) {
        for (VirtualFunction vf : testbed.serverNic().vfs()) {
            assertEquals(0, vf.counters().protectionErrors(), "no access through a region the cache took away");
            assertTrue(vf.pinDownCache().regions() > 1, "the regions the application holds are kept beyond the bound of one");
        }
    }
}
