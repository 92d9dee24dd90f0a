package org.overbook.nic.dma;

import org.overbook.hypervisor.CostModel;
import org.overbook.hypervisor.HostResources;
import org.overbook.hypervisor.memory.HostMemory;
import org.overbook.hypervisor.memory.PageState;
import org.overbook.hypervisor.memory.SecondLevelTable;
import org.overbook.hypervisor.memory.SwapIo;
import org.overbook.nic.NicCosts;

/**
 * What bringing a tenant's pages in and mapping them in the NIC page table costs the host, whoever asks: a
 * network page fault's job on the NIC's fault-service workers ({@link HostFaultService}) and a prefetch that
 * the tenant's library makes on its own vCPU (the {@code prefault} policy, {@code advise}). Both take the
 * same path through the driver, so both are priced here, once.
 *
 * <p>Design. In Linux's mlx5 driver a network page fault ({@code mlx5_ib_mr_wqe_pfault_handler},
 * {@code mlx5_ib_mr_rdma_pfault_handler}) and a prefetch ({@code mlx5_ib_advise_mr_prefetch} with
 * {@code IB_UVERBS_ADVISE_MR_FLAG_FLUSH}, through {@code mlx5_ib_prefetch_sg_list}) both resolve their pages
 * in {@code pagefault_mr} and {@code pagefault_real_mr} (drivers/infiniband/hw/mlx5/odp.c):
 * {@code ib_umem_odp_map_dma_and_lock} runs {@code hmm_range_fault} over the range, which populates a page
 * never touched and swaps in a swapped one through the kernel's own fault handler, then DMA-maps each page,
 * and {@code mlx5r_umr_update_xlt} writes the NIC's translation table. Only the fault has the event-queue
 * entry, the work item and the resume command around that call; the prefetch has the system call instead.
 * So the CPU of resolving n pages is the call once ({@link NicCosts#npfSoftwareNanos()}, or the IOMMU
 * path's {@link NicCosts#npfIommuNanos()} for a fault: the fixed work of one call, the first page's mapping with
 * it; a prefetch is a system call into the driver, never an IOMMU page request, so its {@code MappingWork} is
 * made with the software path whatever the NIC's) and the per-page work of the n − 1 others
 * ({@link NicCosts#pinPageNanos()}: get_user_pages and the DMA mapping, as for a registration), and the fault
 * handler's core for each page never touched that the call populates with a zeroed frame of its own
 * ({@link CostModel#populatePageNanos()}: {@code hmm_range_fault} runs {@code handle_mm_fault} without a trap, as
 * pinning's {@code get_user_pages} does, so both pay the same). A page never touched that a call for reading maps
 * to the shared zero page takes no frame and adds nothing beyond its per-page work. The prefetch that follows a
 * receive fault in the same work item has no call of its own, so it costs the per-page work of every page (and
 * the population of those never touched) and no fault path.
 *
 * <p>Swapped pages, as the kernel's handler takes them. {@code hmm_range_fault} faults the pages it lacks in
 * address order, one {@code handle_mm_fault} after another ({@code hmm_vma_fault}, mm/hmm.c, with
 * {@code FAULT_FLAG_REMOTE} alone). On a swapped page not in the swap cache, {@code do_swap_page} (mm/memory.c)
 * runs the swap-in path: {@code swapin_readahead} (mm/swap_state.c) reads the page's readahead cluster in
 * one plugged submission, and the handler then locks the faulting page's folio, which without
 * {@code FAULT_FLAG_ALLOW_RETRY} waits until its read is in ({@code folio_lock_or_retry}, mm/filemap.c). The
 * cluster's other pages are then found in the swap cache ({@code swap_cache_get_folio}): no I/O, no swap-in
 * path, only their mapping. So each cluster costs the swap-in path's CPU ({@link HostResources#swapInCpuNanos()})
 * once, at its first swapped page, and its read ({@link HostMemory#swapInPagesFor}: the cluster's swapped
 * pages, as {@link HostMemory#fault} brings them in); the next cluster's CPU and read start only when the
 * previous read is in. The call's CPU and the per-page work are done first.
 */
public final class MappingWork {

    private final HostMemory memory;
    private final SwapIo io;
    private final NicCosts costs;
    private final long swapInCpuNanos;
    private final long populatePageNanos;
    private final long pathNanos;

    /**
     * @param path how the call reaches the driver: for a network page fault the NIC's fault path; for a prefetch
     *             ({@code ibv_advise_mr}, a system call) {@link FaultPath#SOFTWARE}, whatever the NIC's
     */
    public MappingWork(HostMemory memory, CostModel hostCosts, NicCosts costs, FaultPath path) {
        this.memory = memory;
        this.io = memory.io();
        this.costs = costs;
        this.swapInCpuNanos = io.resources().swapInCpuNanos();
        this.populatePageNanos = hostCosts.populatePageNanos();
        this.pathNanos = path == FaultPath.SOFTWARE ? costs.npfSoftwareNanos() : costs.npfIommuNanos();
    }

    /** Who does a resolution's CPU work: a fault-service worker on the host's pCPUs, or the tenant's vCPU. */
    @FunctionalInterface
    public interface Cpu {

        /** Does {@code cpuNanos} of work from {@code at} on (waiting until then if need be); returns when it is done. */
        long run(long at, long cpuNanos);
    }

    /**
     * Resolves {@code pages[0..count)} (ascending) of tenant {@code tenant} in their host state now, from
     * {@code start} on, doing the CPU work on {@code cpu}: with {@code ownCall}, the call once and the per-page
     * work of the others (a network page fault, or a prefetch the tenant asks for); without, the per-page work of
     * every page (the prefetch that follows a receive fault in the same work item); with {@code populates} (the
     * call asks for write access, so the pages get frames of their own, not the shared zero page), the population
     * of each page never touched, with that CPU work; then each swapped cluster's
     * swap-in path and read, one cluster after another (see the class comment). Returns when the last read is in
     * (when the CPU work is done, if none is swapped). Call it before the pages change state.
     */
    public long resolve(long start, int tenant, int[] pages, int count, boolean ownCall, boolean populates, Cpu cpu) {
        if (count == 0) {
            return start;
        }
        SecondLevelTable table = memory.table(tenant);
        long mapping = ownCall ? pathNanos + (long) (count - 1) * costs.pinPageNanos() : (long) count * costs.pinPageNanos();
        if (populates) {
            for (int i = 0; i < count; i++) {
                if (table.state(pages[i]) == PageState.NOT_POPULATED) {
                    mapping += populatePageNanos;
                }
            }
        }
        long in = cpu.run(start, mapping);
        int cluster = memory.readaheadCluster();
        int lastCluster = -1;
        for (int i = 0; i < count; i++) {
            int page = pages[i];
            if (table.state(page) == PageState.SWAPPED && page / cluster != lastCluster) {
                lastCluster = page / cluster; // the cluster's later pages are in the swap cache once this read is in
                in = io.swapIn(cpu.run(in, swapInCpuNanos), memory.swapInPagesFor(table, page));
            }
        }
        return in;
    }
}
