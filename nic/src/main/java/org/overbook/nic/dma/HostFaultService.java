package org.overbook.nic.dma;

import org.overbook.hypervisor.HostResources;
import org.overbook.hypervisor.memory.HostMemory;
import org.overbook.hypervisor.memory.PageState;
import org.overbook.hypervisor.memory.SecondLevelTable;
import org.overbook.hypervisor.memory.SwapIo;
import org.overbook.hypervisor.sim.PhysicalCpus;
import org.overbook.nic.NicCosts;

/**
 * How long a fault-service job takes on the contended host: its CPU on the host's physical CPUs, then
 * its swap-ins through the kernel's swap path and the swap device.
 *
 * <p>The CPU part of a network page fault is the driver's fault path once ({@link NicCosts#npfSoftwareNanos()},
 * or the IOMMU path's {@link NicCosts#npfIommuNanos()}, taken as CPU of the resolving host as well),
 * the per-page work of mapping every page beyond the first ({@link NicCosts#pinPageNanos()}:
 * get_user_pages and the DMA mapping, as for a registration), and the kernel's swap-in path for each
 * swapped page ({@link HostResources#swapInCpuNanos()}); the prefetch after a receive fault costs the
 * per-page work of every page, without a second fault path. The CPU runs as host work on the pCPU that
 * frees first. Then every swapped page is read, one request per readahead cluster (the cluster's other
 * swapped pages come with it, as {@link HostMemory#fault} brings them in), all issued at once; the job is
 * done when its CPU and its last read are. Host memory's state changes when the job completes, not here.
 */
public final class HostFaultService implements FaultServiceTime {

    private final HostMemory memory;
    private final PhysicalCpus cpus;
    private final SwapIo io;
    private final NicCosts costs;
    private final HostResources resources;
    private final long pathNanos;

    public HostFaultService(HostMemory memory, NicCosts costs, FaultPath path) {
        this.memory = memory;
        this.io = memory.io();
        this.cpus = io.cpus();
        this.costs = costs;
        this.resources = io.resources();
        this.pathNanos = path == FaultPath.SOFTWARE ? costs.npfSoftwareNanos() : costs.npfIommuNanos();
    }

    @Override
    public long serve(long start, int tenant, int[] pages, int count, boolean prefetch) {
        SecondLevelTable table = memory.table(tenant);
        int swapped = 0;
        for (int i = 0; i < count; i++) {
            if (table.state(pages[i]) == PageState.SWAPPED) {
                swapped++;
            }
        }
        long cpu = (prefetch ? 0 : pathNanos) + (long) (prefetch ? count : Math.max(0, count - 1)) * costs.pinPageNanos()
                + swapped * resources.swapInCpuNanos();
        long done = cpus.runHostWork(start, cpu);
        if (swapped == 0) {
            return done;
        }
        long readsDone = done;
        int cluster = memory.readaheadCluster();
        int lastCluster = -1;
        for (int i = 0; i < count; i++) {
            int page = pages[i];
            if (table.state(page) == PageState.SWAPPED && page / cluster != lastCluster) {
                lastCluster = page / cluster;
                readsDone = Math.max(readsDone, io.swapIn(done, memory.swapInPagesFor(table, page)));
            }
        }
        return readsDone;
    }
}
