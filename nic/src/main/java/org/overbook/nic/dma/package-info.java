/**
 * Address translation for DMA: each virtual function's NIC page table (a mirror of its tenant's
 * second-level table, filled on demand and invalidated by the host), looked up through the shared
 * NIC TLB; network page faults resolved through host memory, by the NIC's fault-service workers, at
 * the price {@link org.overbook.nic.dma.MappingWork} gives a fault and a prefetch alike; pins; and the
 * page locks that keep reclaim away from a page while a DMA touches it.
 *
 * <p>Exported to perf alone, whose resource report reads the PCIe link and the fault-service workers.
 */
package org.overbook.nic.dma;
