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
 * So the CPU of resolving n pages is the fault path once ({@link NicCosts#npfSoftwareNanos()}, or the IOMMU
 * path's {@link NicCosts#npfIommuNanos()}: the fixed work of one call, the first page's mapping with it),
 * the per-page work of the n − 1 others ({@link NicCosts#pinPageNanos()}: get_user_pages and the DMA
 * mapping, as for a registration), the kernel's swap-in path for each swapped page
 * ({@link HostResources#swapInCpuNanos()}), and the fault handler's core for each page never touched that the
 * call populates with a zeroed frame of its own ({@link CostModel#populatePageNanos()}: {@code hmm_range_fault}
 * runs {@code handle_mm_fault} without a trap, as pinning's {@code get_user_pages} does, so both pay the same).
 * A page never touched that a prefetch for reading maps to the shared zero page takes no frame and adds
 * nothing beyond its per-page work. The prefetch that follows a receive fault in the same work item has no
 * call of its own, so it costs the per-page work of every page (and the population of those never touched)
 * and no fault path. The swapped pages are read one request
 * per readahead cluster (the cluster's other swapped pages come with it, as {@link HostMemory#fault}
 * brings them in), all issued together once the CPU work is done.
 */
public final class MappingWork {

    private final HostMemory memory;
    private final SwapIo io;
    private final NicCosts costs;
    private final long swapInCpuNanos;
    private final long populatePageNanos;
    private final long pathNanos;

    public MappingWork(HostMemory memory, CostModel hostCosts, NicCosts costs, FaultPath path) {
        this.memory = memory;
        this.io = memory.io();
        this.costs = costs;
        this.swapInCpuNanos = io.resources().swapInCpuNanos();
        this.populatePageNanos = hostCosts.populatePageNanos();
        this.pathNanos = path == FaultPath.SOFTWARE ? costs.npfSoftwareNanos() : costs.npfIommuNanos();
    }

    /**
     * Returns the CPU time of resolving {@code pages[0..count)} of tenant {@code tenant} in their host state
     * now: with {@code ownCall}, the fault path once and the per-page work of the others (a network page
     * fault, or a prefetch the tenant asks for); without, the per-page work of every page (the prefetch
     * that follows a receive fault in the same work item); plus the swap-in path of each swapped page and,
     * with {@code populates} (the pages get frames of their own, not the shared zero page), the population
     * of each page never touched.
     */
    public long cpuNanos(int tenant, int[] pages, int count, boolean ownCall, boolean populates) {
        if (count == 0) {
            return 0;
        }
        SecondLevelTable table = memory.table(tenant);
        int swapped = 0;
        int neverTouched = 0;
        for (int i = 0; i < count; i++) {
            PageState state = table.state(pages[i]);
            if (state == PageState.SWAPPED) {
                swapped++;
            } else if (state == PageState.NOT_POPULATED) {
                neverTouched++;
            }
        }
        long mapping = ownCall ? pathNanos + (long) (count - 1) * costs.pinPageNanos() : (long) count * costs.pinPageNanos();
        return mapping + swapped * swapInCpuNanos + (populates ? neverTouched * populatePageNanos : 0);
    }

    /**
     * Books the reads of the swapped pages among {@code pages[0..count)}, one per readahead cluster, all
     * issued at {@code issued}, and returns when the last is in ({@code issued} if none is swapped). Call
     * it before the pages change state.
     */
    public long readSwapped(long issued, int tenant, int[] pages, int count) {
        SecondLevelTable table = memory.table(tenant);
        long readsDone = issued;
        int cluster = memory.readaheadCluster();
        int lastCluster = -1;
        for (int i = 0; i < count; i++) {
            int page = pages[i];
            if (table.state(page) == PageState.SWAPPED && page / cluster != lastCluster) {
                lastCluster = page / cluster;
                readsDone = Math.max(readsDone, io.swapIn(issued, memory.swapInPagesFor(table, page)));
            }
        }
        return readsDone;
    }
}
