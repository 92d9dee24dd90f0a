package org.overbook.nic.dma;

import org.overbook.hypervisor.sim.PhysicalCpus;

/**
 * How long a fault-service job takes on the contended host: its CPU ({@link MappingWork#cpuNanos}: the
 * fault path once, the per-page work, the swap-in path of each swapped page, the population of each page
 * never touched, which the job gives a frame; the prefetch after a receive fault without a second fault
 * path) runs as host work on the pCPU that frees first; then its swapped pages are read
 * ({@link MappingWork#readSwapped}); the job is done when its CPU and its last read are.
 * Host memory's state changes when the job completes, not here.
 */
public final class HostFaultService implements FaultServiceTime {

    private final MappingWork work;
    private final PhysicalCpus cpus;

    public HostFaultService(MappingWork work, PhysicalCpus cpus) {
        this.work = work;
        this.cpus = cpus;
    }

    @Override
    public long serve(long start, int tenant, int[] pages, int count, boolean prefetch) {
        long cpu = work.cpuNanos(tenant, pages, count, /* ownCall= */ !prefetch, /* populates= */ true);
        long done = cpus.runHostWork(start, cpu);
        return work.readSwapped(done, tenant, pages, count);
    }
}
