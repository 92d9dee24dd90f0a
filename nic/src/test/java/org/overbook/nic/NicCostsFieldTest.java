package org.overbook.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.overbook.guest.ConfigurationException;

/** A negative NIC cost is refused naming the field as a scenario writes it: the costs section, as the host's. */
class NicCostsFieldTest {

    @Test
    void aNegativeCostNamesItsScenarioField() {
        NicCosts d = NicCosts.defaults();
        ConfigurationException rto = assertThrows(ConfigurationException.class, () -> new NicCosts(d.npfSoftwareNanos(),
                d.npfIommuNanos(), d.wqeNanos(), d.registerNanos(), d.pinPageNanos(), d.interruptNanos(), -1,
                d.upcallNanos(), d.hostCopyPageNanos(), d.notifyBusyWaitNanos(), d.notifyHandlerNanos(), d.notifyBlockNanos()));
        assertEquals("costs.rto", rto.field());
        ConfigurationException npf = assertThrows(ConfigurationException.class, () -> new NicCosts(-1,
                d.npfIommuNanos(), d.wqeNanos(), d.registerNanos(), d.pinPageNanos(), d.interruptNanos(), d.rtoNanos(),
                d.upcallNanos(), d.hostCopyPageNanos(), d.notifyBusyWaitNanos(), d.notifyHandlerNanos(), d.notifyBlockNanos()));
        assertEquals("costs.npf-software", npf.field());
    }
}
