package org.overbook.hypervisor.swap;

import org.overbook.hypervisor.spi.SwapDeviceConfig;
import org.overbook.hypervisor.spi.SwapDeviceModelProvider;
import org.overbook.hypervisor.spi.SwapDeviceModels;

/**
 * Registers the swap devices that ship with Overbook, the way a plug-in registers its own. Their values
 * and sources:
 * <ul>
 *   <li>{@code nvme} (the default): 85 µs read, 20 µs write at QD1; 490k / 38k random 4 KiB IOPS
 *       (Intel SSD DC P4500 product brief).</li>
 *   <li>{@code optane}: 10 µs both ways; 550k / 500k IOPS (Intel Optane SSD DC P4800X product brief and
 *       reviews).</li>
 *   <li>{@code sata-ssd}: 110 µs read, 52 µs write; 72k / 33k IOPS (Intel SSD D3-S4510/S4500 specification).</li>
 *   <li>{@code hdd}: about 11.6 ms per random access (8.5 ms average seek plus half a turn at 7,200 rpm,
 *       WD Ultrastar HC310 datasheet), so about 86 IOPS; one arm for reads and writes, and each further
 *       contiguous page of a request (a readahead or write-back cluster) at the sustained 255 MB/s, 16 µs.</li>
 *   <li>{@code ram}: a zram-like device in host memory: no device time at all; a swap costs only the
 *       kernel's CPU on the swap path.</li>
 * </ul>
 * The queue depth is 128 on NVMe and Optane (the 4 workers × QD 32 at which datacenter SSD briefs quote random
 * IOPS) and 32 on SATA flash and the disk (SATA NCQ).
 */
public final class BuiltinSwapDevices implements SwapDeviceModelProvider {

    @Override
    public void registerSwapDeviceModels(SwapDeviceModels registry) {
        registry.register("nvme", "NVMe flash: 85/20 us at QD1, 490k/38k IOPS (Intel P4500 product brief)",
                kind -> SwapDeviceConfig.NVME);
        registry.register("optane", "Optane SSD: 10 us at QD1, 550k/500k IOPS (Intel P4800X brief and reviews)",
                kind -> new SwapDeviceConfig(kind, 10_000, 10_000, 550_000, 500_000, 128));
        registry.register("sata-ssd", "SATA flash: 110/52 us at QD1, 72k/33k IOPS (Intel S4500 specification)",
                kind -> new SwapDeviceConfig(kind, 110_000, 52_000, 72_000, 33_000, 32));
        registry.register("hdd", "7,200 rpm disk, one arm: 11.6 ms a random access, 86 IOPS, then 16 us a contiguous page"
                        + " (WD HC310: seek plus half a turn, 255 MB/s)",
                kind -> new SwapDeviceConfig(kind, 11_600_000, 11_600_000, 86, 86, 32, true, 16_063));
        registry.register("ram", "zram-like, in host memory: no device time, the swap path's CPU only",
                kind -> new SwapDeviceConfig(kind, 0, 0, 0, 0, 1));
    }
}
