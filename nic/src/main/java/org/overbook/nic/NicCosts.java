package org.overbook.nic;

import org.overbook.guest.ConfigurationException;

/**
 * What the NIC's work costs, in nanoseconds of virtual time, each with its source in
 * docs/COST-MODEL.md ("Costs"). Every one is overridable from a scenario.
 *
 * @param tlbMissNanos        a NIC TLB miss whose translation is in the NIC page table: a walk over
 *                            PCIe, one round trip (~0.5–1 µs)
 * @param npfSoftwareNanos    a network page fault resolved by the driver's software path, for a page the
 *                            host has or populates (NP-RDMA: 3.5–5.7 µs)
 * @param npfIommuNanos       the same fault taken through the IOMMU/SMMU hardware path (PART: 38 µs)
 * @param swapInNanos         added when the faulting page must come back from swap (SSD class: 60 µs)
 * @param dmaPageNanos        DMA of one 4 KiB page across PCIe Gen3 x16 (~12 GB/s effective)
 * @param wqeNanos            fetching and starting one work request (doorbell, WQE read)
 * @param registerNanos       fixed cost of a memory registration (a system call and a NIC command)
 * @param pinPageNanos        pinning one page at registration (get_user_pages), after Mietke et al.,
 *                            "Analysis of the memory registration process in the Mellanox InfiniBand
 *                            software stack", Euro-Par 2006
 * @param interruptNanos      a completion interrupt reaching a handler on the guest's vCPU
 * @param rtoNanos            the datagram transport's minimum retransmission timeout (Linux TCP: 200 ms)
 * @param upcallNanos         a TLB-replacement upcall reaching the tenant's library (CLUSTER 2005)
 * @param hostCopyPageNanos   the host copying one staged 4 KiB page into its destination (backup ring,
 *                            system buffer): a memcpy at ~10 GB/s
 * @param notifyBusyWaitNanos detecting a notification by polling (NetVM: 2.96 µs added to the write)
 * @param notifyHandlerNanos  detecting it with a user-defined handler (between NetVM's two figures)
 * @param notifyBlockNanos    detecting it by blocking until an interrupt (NetVM: 17.49 µs)
 */
public record NicCosts(long tlbMissNanos, long npfSoftwareNanos, long npfIommuNanos, long swapInNanos,
                       long dmaPageNanos, long wqeNanos, long registerNanos, long pinPageNanos,
                       long interruptNanos, long rtoNanos, long upcallNanos, long hostCopyPageNanos,
                       long notifyBusyWaitNanos, long notifyHandlerNanos, long notifyBlockNanos) {

    public NicCosts {
        check("nic.costs.tlb-miss", tlbMissNanos);
        check("nic.costs.npf-software", npfSoftwareNanos);
        check("nic.costs.npf-iommu", npfIommuNanos);
        check("nic.costs.swap-in", swapInNanos);
        check("nic.costs.dma-page", dmaPageNanos);
        check("nic.costs.wqe", wqeNanos);
        check("nic.costs.register", registerNanos);
        check("nic.costs.pin-page", pinPageNanos);
        check("nic.costs.interrupt", interruptNanos);
        check("nic.costs.rto", rtoNanos);
        check("nic.costs.upcall", upcallNanos);
        check("nic.costs.host-copy-page", hostCopyPageNanos);
        check("nic.costs.notify-busy-wait", notifyBusyWaitNanos);
        check("nic.costs.notify-handler", notifyHandlerNanos);
        check("nic.costs.notify-block", notifyBlockNanos);
    }

    /** Returns the defaults docs/COST-MODEL.md sources. */
    public static NicCosts defaults() {
        return new NicCosts(
                /* tlbMissNanos= */ 750,
                /* npfSoftwareNanos= */ 4_600,
                /* npfIommuNanos= */ 38_000,
                /* swapInNanos= */ 60_000,
                /* dmaPageNanos= */ 340,
                /* wqeNanos= */ 100,
                /* registerNanos= */ 5_000,
                /* pinPageNanos= */ 250,
                /* interruptNanos= */ 4_000,
                /* rtoNanos= */ 200_000_000,
                /* upcallNanos= */ 5_000,
                /* hostCopyPageNanos= */ 400,
                /* notifyBusyWaitNanos= */ 2_960,
                /* notifyHandlerNanos= */ 8_000,
                /* notifyBlockNanos= */ 17_490);
    }

    private static void check(String field, long nanos) {
        if (nanos < 0) {
            throw new ConfigurationException(field, nanos + " ns is negative; a cost must be zero or more");
        }
    }
}
