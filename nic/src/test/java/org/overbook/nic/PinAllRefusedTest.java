package org.overbook.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.overbook.guest.ConfigurationException;
import org.overbook.hypervisor.testing.HostsUnderTest;
import org.overbook.nic.contract.TestbedFixtures;

/** Pin-all cannot overcommit: a host that cannot hold its pinned tenants is refused before anything is pinned. */
class PinAllRefusedTest {

    @Test
    void pinAllBeyondHostMemoryIsAConfigurationError() throws Exception {
        Path directory = Files.createTempDirectory("overbook-pinall-");
        try {
            ConfigurationException e = assertThrows(ConfigurationException.class, () -> TestbedFixtures.create(
                    TestbedFixtures.host("s", 256, 512, new int[] {256, 256}, directory.resolve("server")),
                    TestbedFixtures.host("c", 64, 0, new int[] {16}, directory.resolve("client")),
                    NicConfig.of("pin-all"), LinkConfig.fdr(), 1).close());
            assertEquals("nic.memory-policy", e.field());
            assertTrue(e.getMessage().contains("pin-all") && e.getMessage().contains("2MiB"), e.getMessage());
            assertFalse(Files.exists(directory.resolve("server").resolve("swap.cmap")), "nothing left behind");
        } finally {
            HostsUnderTest.deleteTree(directory);
        }
    }
}
