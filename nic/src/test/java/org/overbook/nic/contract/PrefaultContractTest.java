package org.overbook.nic.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.overbook.nic.NicConfig;
import org.overbook.nic.Testbed;
import org.overbook.nic.vf.VirtualFunction;

/** The data-path contract under {@code prefault}: buffers are brought in before they are posted. */
class PrefaultContractTest extends DataPathContract {

    @Override
    NicConfig nic() {
        return NicConfig.of("prefault");
    }

    @Override
    void checkPolicy(Testbed testbed) {
        for (VirtualFunction vf : testbed.serverNic().vfs()) {
            assertTrue(vf.counters().prefetchedPages() > 0, "buffers were prefetched");
            assertEquals(0, vf.tenant().table().pinnedPages(), "nothing pinned");
        }
    }
}
