package org.overbook.nic.dma;

/**
 * How long one job of the NIC driver's page-fault service takes, once a worker has started it: the seam
 * between the NIC's fault-service queue ({@link FaultServicePool}) and the host that does the work. The
 * NIC's own, {@link HostFaultService}, books the CPU time on the host's physical CPUs and the swap-ins on its
 * swap device, one readahead cluster after another, and returns when the last is in; a test may give fixed
 * arithmetic instead.
 */
@FunctionalInterface
public interface FaultServiceTime {

    /**
     * Returns when a job started at {@code start} is done: it resolves {@code pages[0..count)} of tenant
     * {@code tenant} (their host state is the one now: swapped pages must be read back), either as a network
     * page fault (the fault path once, the per-page work of mapping each page, their swap-ins) or, when
     * {@code prefetch}, as the prefetch that follows a receive fault in the same work item (the per-page
     * work and the swap-ins, no second fault path). {@code forWrite}: the job asks for write access, so a page
     * never touched gets a zeroed frame of its own (and costs its population), not the shared zero page. Called
     * once per job, in the order jobs start; the caller changes nothing in host memory before the returned time.
     * {@code pages} may be reused after the call.
     */
    long serve(long start, int tenant, int[] pages, int count, boolean prefetch, boolean forWrite);
}
