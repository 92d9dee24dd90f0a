package org.overbook.nic.dma;

import org.overbook.hypervisor.sim.PhysicalCpus;

/**
 * How long a fault-service job takes on the contended host ({@link MappingWork#resolve}): its CPU (the fault
 * path once, the per-page work and, for a job that asks for write access, the population of each page never
 * touched; the prefetch after a receive fault without a second fault path) runs as
 * host work on the pCPU that frees first; then each swapped cluster's swap-in path, again as host work, and
 * its read, one cluster after another; the job is done when its last read is in. Host memory's state changes
 * when the job completes, not here.
 */
public final class HostFaultService implements FaultServiceTime {

    private final MappingWork work;
    /** The job's CPU work as host work on the pCPUs: made once, not a method reference per job. */
    private final MappingWork.Cpu hostCpus;

    public HostFaultService(MappingWork work, PhysicalCpus cpus) {
        this.work = work;
        this.hostCpus = cpus::runHostWork;
    }

    @Override
    public long serve(long start, int tenant, int[] pages, int count, boolean prefetch, boolean forWrite) {
        return work.resolve(start, tenant, pages, count, /* ownCall= */ !prefetch, /* populates= */ forWrite, hostCpus);
    }
}
