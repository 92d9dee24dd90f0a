package org.overbook.nic;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.overbook.guest.ConfigurationException;
import org.overbook.hypervisor.CostModel;
import org.overbook.hypervisor.HostConfig;
import org.overbook.hypervisor.TenantConfig;

/**
 * The pin-all check refuses only what pin-all would pin: with no tenant under pin-all there is nothing to fit,
 * however few frames reclaim leaves (a host of two frames whose high watermark keeps both free).
 */
class PinAllCheckWithoutPinAllTest {

    private static HostConfig twoFramesBothKeptFree() {
        return new HostConfig(2 * 4096, 4 * 4096, 0.01, 0.99, Path.of("unused"), false, 1, CostModel.defaults(),
                List.of(new TenantConfig("s0", 4 * 4096)));
    }

    @Test
    void noTenantUnderPinAllIsNeverRefused() {
        assertDoesNotThrow(() -> Nic.requirePinnable("nic.memory-policy", twoFramesBothKeptFree(), NicConfig.of("on-demand")));
    }

    @Test
    void aTenantUnderPinAllOnTheSameHostIsRefused() {
        assertThrows(ConfigurationException.class,
                () -> Nic.requirePinnable("nic.memory-policy", twoFramesBothKeptFree(), NicConfig.of("pin-all")));
    }
}
