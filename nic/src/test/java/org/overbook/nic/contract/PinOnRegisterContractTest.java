package org.overbook.nic.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.overbook.nic.NicConfig;
import org.overbook.nic.Testbed;
import org.overbook.nic.vf.VirtualFunction;

/** The data-path contract under {@code pin-on-register}: a buffer is pinned while registered, so receives never fault. */
class PinOnRegisterContractTest extends DataPathContract {

    @Override
    NicConfig nic() {
        return NicConfig.of("pin-on-register");
    }

    @Override
    void checkPolicy(Testbed testbed) {
        for (VirtualFunction vf : testbed.serverNic().vfs()) {
            assertEquals(0, receiveFaults(vf), "registered buffers are pinned");
            assertTrue(vf.counters().registrations() > 2 * MESSAGES, "each buffer was registered per use");
        }
    }
}
