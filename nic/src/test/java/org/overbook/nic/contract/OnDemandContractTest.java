package org.overbook.nic.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.overbook.nic.NicConfig;
import org.overbook.nic.Testbed;
import org.overbook.nic.vf.VirtualFunction;

/** The data-path contract under {@code on-demand}: nothing pinned, receive faults answered by RNR NACK. */
class OnDemandContractTest extends DataPathContract {

    @Override
    NicConfig nic() {
        return NicConfig.of("on-demand");
    }

    @Override
    void checkPolicy(Testbed testbed) {
        for (VirtualFunction vf : testbed.serverNic().vfs()) {
            assertTrue(receiveFaults(vf) > 0, "receive buffers were reclaimed and faulted back");
            assertTrue(vf.counters().rnrNacksSent() > 0, "faults were answered by RNR NACK");
            assertEquals(0, vf.tenant().table().pinnedPages(), "nothing pinned");
        }
    }
}
