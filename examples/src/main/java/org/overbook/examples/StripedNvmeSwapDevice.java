package org.overbook.examples;

import org.overbook.hypervisor.spi.SwapDeviceConfig;
import org.overbook.hypervisor.spi.SwapDeviceModelProvider;
import org.overbook.hypervisor.spi.SwapDeviceModels;

/**
 * An example swap device ({@code host.swap-device.kind: nvme-raid0}): two of the default {@code nvme}
 * drives striped (md RAID 0 with a 4 KiB chunk), so random 4 KiB pages spread evenly over both: the
 * latency of one drive at queue depth 1, twice its IOPS at depth and twice its queue. docs/PLUGINS.md,
 * "Swap device models".
 */
public final class StripedNvmeSwapDevice implements SwapDeviceModelProvider {

    /** How many drives the stripe spans. */
    static final int DRIVES = 2;

    @Override
    public void registerSwapDeviceModels(SwapDeviceModels registry) {
        registry.register("nvme-raid0", "two nvme drives striped: one drive's latency, twice its IOPS and queue", kind -> {
            SwapDeviceConfig one = SwapDeviceConfig.NVME;
            return new SwapDeviceConfig(kind, one.readLatencyNanos(), one.writeLatencyNanos(), DRIVES * one.readIops(),
                    DRIVES * one.writeIops(), DRIVES * one.queueDepth());
        });
    }
}
