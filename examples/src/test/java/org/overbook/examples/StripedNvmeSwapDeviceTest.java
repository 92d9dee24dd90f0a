package org.overbook.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.overbook.guest.Registry;
import org.overbook.perf.api.Experiments;
import org.overbook.perf.run.RunResult;

/**
 * A swap device from a plug-in ({@code nvme-raid0}, {@link StripedNvmeSwapDevice}) is listed beside the
 * built-ins with its origin, and a scenario that names it swaps through a device with its values: the
 * same thrashing host, run on {@code nvme} and on {@code nvme-raid0}, writes its victims back at a cost
 * of one over the device's write IOPS each (busy time over pages written), 38k on one drive and 76k on
 * the striped pair, and every value read back is the one written.
 */
class StripedNvmeSwapDeviceTest {

    private static final String SCENARIO = """
            seed: 5
            duration: 100ms
            warm-up: 50ms
            host: {memory: 24MiB, swap: 128MiB, swap-device: {kind: %s}}
            tenants: {count: 2, template: {memory: 24MiB, workload: {name: memory-toucher, params: {working-set: 20MiB, hot-fraction: 1.0}}}}
            """;

    @Test
    void theStripedPairIsListedAndWritesAtTwiceTheIops() throws Exception {
        try (Experiments experiments = Experiments.builtIn()) {
            Registry<?> devices = experiments.catalog().policies().swapDevices();
            assertTrue(devices.contains("nvme-raid0"), devices.descriptions().toString());
            assertTrue(devices.contains("nvme"), devices.descriptions().toString());
            assertEquals(38_000, writeIops(experiments, "nvme"), 0.01 * 38_000);
            assertEquals(2 * 38_000, writeIops(experiments, "nvme-raid0"), 0.01 * 2 * 38_000);
        }
    }

    /** Returns the write IOPS the run's device showed: pages written per second of its write bottleneck's busy time. */
    private static double writeIops(Experiments experiments, String kind) throws Exception {
        Path work = Files.createTempDirectory("overbook-striped-");
        try {
            RunResult result = experiments.run(experiments.parse(SCENARIO.formatted(kind), kind + ".yaml").points().getFirst(), work)
                    .result();
            Map<String, Number> total = result.total();
            assertEquals(0L, total.get("workload.mismatches").longValue(), total.toString());
            double pagesPerSecond = total.get("server_swap_write_pages_per_s").doubleValue();
            double utilisation = total.get("server_swap_write_utilisation").doubleValue();
            assertTrue(pagesPerSecond > 0 && utilisation > 0, kind + ": the host wrote victims back: " + total);
            return pagesPerSecond / utilisation;
        } finally {
            Files.deleteIfExists(work);
        }
    }
}
