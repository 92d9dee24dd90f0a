package org.overbook.nic;

import org.overbook.guest.ConfigurationException;

/**
 * What the NIC's work costs, in nanoseconds of virtual time, each with its source in
 * docs/COST-MODEL.md ("Costs"). Every one is overridable from a scenario. What crosses PCIe (payload DMA,
 * the translation fetch of a TLB miss) is timed by the NIC's PCIe link ({@link NicConfig.Pcie}), not here.
 *
 * @param npfSoftwareNanos    a network page fault resolved by the driver's software path, for a page the
 *                            host has or populates (NP-RDMA: 3.5–5.7 µs)
 * @param npfIommuNanos       the same fault taken through the IOMMU/SMMU hardware path (PART: 38 µs)
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
public record NicCosts(long npfSoftwareNanos, long npfIommuNanos,
                       long wqeNanos, long registerNanos, long pinPageNanos,
                       long interruptNanos, long rtoNanos, long upcallNanos, long hostCopyPageNanos,
                       long notifyBusyWaitNanos, long notifyHandlerNanos, long notifyBlockNanos) {

    public NicCosts {
        check("costs.npf-software", npfSoftwareNanos);
        check("costs.npf-iommu", npfIommuNanos);
        check("costs.wqe", wqeNanos);
        check("costs.register", registerNanos);
        check("costs.pin-page", pinPageNanos);
        check("costs.interrupt", interruptNanos);
        check("costs.rto", rtoNanos);
        check("costs.upcall", upcallNanos);
        check("costs.host-copy-page", hostCopyPageNanos);
        check("costs.notify-busy-wait", notifyBusyWaitNanos);
        check("costs.notify-handler", notifyHandlerNanos);
        check("costs.notify-block", notifyBlockNanos);
    }

    /** Returns the defaults docs/COST-MODEL.md sources. */
    public static NicCosts defaults() {
        return new NicCosts(
                /* npfSoftwareNanos= */ 4_600,
                /* npfIommuNanos= */ 38_000,
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
