package org.overbook.hypervisor;

import org.overbook.guest.ConfigurationException;
import org.overbook.hypervisor.spi.SwapDeviceConfig;

/**
 * The host's contended resources and what their work costs: physical CPUs, the swap device, the
 * kernel's swap path and reclaim. Each default is in the scenario reference file with its source.
 *
 * @param cpus               physical CPUs; 0 for as many as the vCPUs need (nothing waits for a CPU)
 * @param cpuSliceNanos      the scheduler's time slice (Linux CFS/EEVDF: 3 ms on 8 or more CPUs)
 * @param asyncPageFaults    KVM asynchronous page faults: a vCPU runs other tasks while one waits for a page
 * @param swapDevice         the swap device
 * @param swapInCpuNanos     CPU the kernel's swap-in path takes per major fault, beyond the device
 *                           (AIFM, OSDI 2020: over 15 µs per swap-in of which about 6 µs on the device)
 * @param swapPathPagesPerSecond the host-wide ceiling of the swap path (its locks and swap-cache tree), in
 *                           pages per second, swap-ins and swap-outs together (LKML swap-scalability
 *                           patches, 2020: 0.5–0.8 M pages/s on a whole host)
 * @param reclaimScanNanos   kswapd's CPU per frame the reclaim hand passes (Overbook's estimate)
 * @param reclaimEvictNanos  kswapd's CPU per page it takes back: unmap, TLB shootdown, swap-cache
 *                           insertion and I/O submission (Overbook's estimate)
 * @param reclaimMin         the min watermark, a fraction of RAM: below it a faulting context reclaims for
 *                           itself and waits for write-back (Linux's direct reclaim)
 * @param pageCluster        swap-in readahead: a major fault reads the aligned cluster of 2^n pages around
 *                           the faulting one (Linux's {@code vm.page-cluster}, default 3: 8 pages)
 */
public record HostResources(int cpus, long cpuSliceNanos, boolean asyncPageFaults, SwapDeviceConfig swapDevice,
                            long swapInCpuNanos, long swapPathPagesPerSecond, long reclaimScanNanos,
                            long reclaimEvictNanos, double reclaimMin, int pageCluster) {

    /** The default number of physical CPUs. */
    public static final int DEFAULT_CPUS = 16;
    /** The default time slice, 3 ms. */
    public static final long DEFAULT_SLICE_NANOS = 3_000_000;
    /** The default min watermark, 0.5 % of RAM (half the default low watermark). */
    public static final double DEFAULT_RECLAIM_MIN = 0.005;

    /** Returns the defaults. */
    public static HostResources defaults() {
        return new HostResources(DEFAULT_CPUS, DEFAULT_SLICE_NANOS, /* asyncPageFaults= */ false,
                SwapDeviceConfig.defaults(), /* swapInCpuNanos= */ 9_000, /* swapPathPagesPerSecond= */ 650_000,
                /* reclaimScanNanos= */ 100, /* reclaimEvictNanos= */ 2_000, DEFAULT_RECLAIM_MIN, /* pageCluster= */ 3);
    }

    /** Returns these resources with {@code count} physical CPUs. */
    public HostResources withCpus(int count) {
        return new HostResources(count, cpuSliceNanos, asyncPageFaults, swapDevice, swapInCpuNanos,
                swapPathPagesPerSecond, reclaimScanNanos, reclaimEvictNanos, reclaimMin, pageCluster);
    }

    /** Returns these resources with another swap device. */
    public HostResources withSwapDevice(SwapDeviceConfig device) {
        return new HostResources(cpus, cpuSliceNanos, asyncPageFaults, device, swapInCpuNanos,
                swapPathPagesPerSecond, reclaimScanNanos, reclaimEvictNanos, reclaimMin, pageCluster);
    }

    /** Returns the time the swap path's host-wide bottleneck spends on one page. */
    public long swapPathNanosPerPage() {
        return Math.ceilDiv(1_000_000_000L, swapPathPagesPerSecond);
    }

    /**
     * Checks every value; {@code field} is the scenario path of the host ({@code host} or {@code client-host}).
     *
     * @throws ConfigurationException naming the field at fault
     */
    public void validate(String field) {
        if (cpus < 0) {
            throw new ConfigurationException(field + ".cpus", cpus + " is negative; give a number of CPUs, or 0 for as many as the vCPUs need");
        }
        if (cpuSliceNanos <= 0) {
            throw new ConfigurationException(field + ".cpu-slice", cpuSliceNanos + " ns; a time slice must be positive");
        }
        swapDevice.validate(field + ".swap-device");
        if (swapInCpuNanos < 0) {
            throw new ConfigurationException(field + ".swap-path.cpu", swapInCpuNanos + " ns is negative");
        }
        if (swapPathPagesPerSecond <= 0) {
            throw new ConfigurationException(field + ".swap-path.pages-per-second", swapPathPagesPerSecond + " must be positive");
        }
        if (reclaimScanNanos < 0) {
            throw new ConfigurationException(field + ".reclaim.scan-cost", reclaimScanNanos + " ns is negative");
        }
        if (reclaimEvictNanos < 0) {
            throw new ConfigurationException(field + ".reclaim.evict-cost", reclaimEvictNanos + " ns is negative");
        }
        if (pageCluster < 0 || pageCluster > 10) {
            throw new ConfigurationException(field + ".page-cluster", pageCluster + " is not in [0, 10] (readahead of 2^n pages)");
        }
        if (!(reclaimMin >= 0 && reclaimMin < 1)) {
            throw new ConfigurationException(field + ".reclaim.min", reclaimMin + " is not a fraction in [0, 1)");
        }
    }
}
