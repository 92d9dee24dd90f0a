package org.overbook.hypervisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.guest.ConfigurationException;

/** Reclaim needs a low and a higher high watermark, so a host needs two frames; one is a configuration error. */
class SmallestHostTest {

    @TempDir
    Path directory;

    @Test
    void aHostOfOnePageIsRefusedNamingHostMemory() {
        HostConfig config = HostConfig.of(4096, 4 * 4096, directory, 1, List.of(new TenantConfig("a", 4 * 4096)));
        ConfigurationException e = assertThrows(ConfigurationException.class, () -> Host.create(config).close());
        assertEquals("host.memory", e.field(), e.getMessage());
        assertTrue(e.getMessage().contains("8KiB"), e.getMessage());
    }

    @Test
    void aHostOfTwoPagesRuns() {
        HostConfig config = HostConfig.of(2 * 4096, 4 * 4096, directory, 1, List.of(new TenantConfig("a", 4 * 4096)));
        try (Host host = Host.create(config)) {
            for (int page = 0; page < 4; page++) {
                host.tenant(0).memory().writeInt(page * 4096L, page + 1);
            }
            for (int page = 0; page < 4; page++) {
                assertEquals(page + 1, host.tenant(0).memory().readInt(page * 4096L));
            }
        }
    }
}
