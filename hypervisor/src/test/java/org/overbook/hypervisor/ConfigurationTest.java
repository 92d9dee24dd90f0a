package org.overbook.hypervisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.WorkloadParameters;
import org.overbook.guest.WorkloadRegistry;

/** Bad configuration fails before anything is built, with a message naming the field. */
class ConfigurationTest {

    private static final long MIB = 1 << 20;

    @TempDir
    Path directory;

    private HostConfig host(long memory, long swap, List<TenantConfig> tenants) {
        return HostConfig.of(memory, swap, directory, 1, tenants);
    }

    private static ConfigurationException fails(HostConfig config) {
        return assertThrows(ConfigurationException.class, () -> Host.create(config).close());
    }

    private static void assertNames(ConfigurationException e, String field, String... words) {
        assertEquals(field, e.field(), e.getMessage());
        assertTrue(e.getMessage().startsWith(field + ": "), e.getMessage());
        for (String word : words) {
            assertTrue(e.getMessage().contains(word), "'" + e.getMessage() + "' should mention '" + word + "'");
        }
    }

    @Test
    void zeroOrNegativeSizesNameTheirField() {
        List<TenantConfig> one = List.of(new TenantConfig("a", MIB));
        assertNames(fails(host(0, MIB, one)), "host.memory", "positive");
        assertNames(fails(host(-4096, MIB, one)), "host.memory", "positive");
        assertNames(fails(host(MIB, -4096, one)), "host.swap", "zero or more");
        assertNames(fails(host(MIB, MIB, List.of(new TenantConfig("a", MIB), new TenantConfig("b", 0)))), "tenants[1].memory", "positive");
        assertNames(fails(host(MIB, MIB, List.of(new TenantConfig("a", -1)))), "tenants[0].memory");
        assertNames(fails(host(MIB + 100, MIB, one)), "host.memory", "4 KiB pages");
    }

    @Test
    void overcommitBeyondTheSwapStoreIsRefused() {
        List<TenantConfig> three = List.of(new TenantConfig("a", 4 * MIB), new TenantConfig("b", 4 * MIB), new TenantConfig("c", 4 * MIB));
        ConfigurationException e = fails(host(4 * MIB, 4 * MIB, three));
        assertNames(e, "tenants[2].memory", "host.swap", "8MiB");
        Host.create(host(4 * MIB, 8 * MIB, three)).close(); // exactly enough swap is fine
    }

    @Test
    void swapTheDiskCannotHoldIsRefusedBeforeAFileIsWritten() throws Exception {
        // 1 PiB of swap under a 4 TiB guest: the store may grow to 4 TiB, more than this machine's disk
        ConfigurationException e = fails(host(MIB, 1L << 50, List.of(new TenantConfig("a", 1L << 42))));
        assertNames(e, "host.swap", "1024TiB", "4TiB", "MiB free", directory.toString());
        try (var files = java.nio.file.Files.list(directory)) {
            assertEquals(0, files.count(), "nothing written");
        }
    }

    @Test
    void tenantNamesMustBePresentAndUnique() {
        assertNames(fails(host(MIB, MIB, List.of(new TenantConfig("a", 4096), new TenantConfig("a", 4096)))), "tenants[1].name", "unique");
        assertNames(fails(host(MIB, MIB, List.of(new TenantConfig(" ", 4096)))), "tenants[0].name");
        Host.create(host(MIB, MIB, List.of())).close(); // a host without tenants is idle, not wrong (a scenario without clients)
    }

    @Test
    void watermarksAndCostsAreChecked() {
        List<TenantConfig> one = List.of(new TenantConfig("a", MIB));
        HostConfig base = host(MIB, MIB, one);
        assertNames(fails(new HostConfig(MIB, MIB, 0.05, 0.01, directory, false, 1, CostModel.defaults(), one)), "host.reclaim.high");
        assertNames(fails(new HostConfig(MIB, MIB, 1.5, 2, directory, false, 1, CostModel.defaults(), one)), "host.reclaim.low");
        ConfigurationException cost = assertThrows(ConfigurationException.class,
                () -> new CostModel(-1, 428, CostModel.DEFAULT_BALLOON_PAGES_PER_SECOND));
        assertNames(cost, "costs.minor-fault", "negative");
        assertNames(assertThrows(ConfigurationException.class,
                () -> new CostModel(4_600, -1, CostModel.DEFAULT_BALLOON_PAGES_PER_SECOND)), "costs.populate-page", "negative");
        assertNames(assertThrows(ConfigurationException.class, () -> new CostModel(4_600, 428, 0)), "costs.balloon-rate");
        assertEquals(1_000_000_000L, CostModel.defaults().balloonNanos(CostModel.DEFAULT_BALLOON_PAGES_PER_SECOND));
        Host.create(base).close();
    }

    @Test
    void aHostLargerThanThisMachineIsRefusedUpFront() {
        long huge = 1L << 42; // 4 TiB
        ConfigurationException e = fails(host(huge, 0, List.of(new TenantConfig("a", MIB))));
        assertNames(e, "host.memory", "more than this machine can hold");
    }

    @Test
    void unknownWorkloadNamesAndParametersAreNamed() {
        WorkloadRegistry registry = new WorkloadRegistry()
                .register("toucher", "touches pages", p -> {
                    long pages = p.integer("pages", 1, 1, 100);
                    return guest -> guest.memory().allocate(pages * 4096);
                });
        ConfigurationException unknown = assertThrows(ConfigurationException.class,
                () -> registry.create("tenants[0].workload", "memcahced", WorkloadParameters.empty("tenants[0].workload.params")));
        assertNames(unknown, "tenants[0].workload", "memcahced", "toucher");
        ConfigurationException parameter = assertThrows(ConfigurationException.class,
                () -> registry.create("tenants[0].workload", "toucher",
                        new WorkloadParameters("tenants[0].workload.params", Map.of("pagez", 3))));
        assertNames(parameter, "tenants[0].workload.params.pagez", "unknown parameter", "pages");
    }
}
