package org.overbook.nic.dma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.overbook.guest.GuestMemory;
import org.overbook.hypervisor.Host;
import org.overbook.hypervisor.memory.SecondLevelTable;
import org.overbook.hypervisor.testing.HostsUnderTest;
import org.overbook.nic.VfCounters;
import org.overbook.nic.tlb.NicTlb;
import org.overbook.nic.tlb.TlbConfig;
import org.overbook.nic.tlb.TlbEvictionListener;
import org.overbook.nic.tlb.TlbPartition;
import org.overbook.nic.tlb.TlbReplacement;

/**
 * Through the IOMMU the NIC translates with the process's own page table: a page the host holds resident
 * translates on a miss without a network page fault (the driver path still faults it, having only its
 * mirror), a page not present still faults, and the host's invalidation still drops what the NIC keeps.
 */
class SharedPageTableTest {

    @RegisterExtension
    final HostsUnderTest hosts = new HostsUnderTest();

    private Host host;
    private SecondLevelTable table;

    private Translator build(FaultPath path) {
        host = hosts.create(/* frames= */ 16, /* swapPages= */ 128, /* tenants= */ 1, /* guestPages= */ 64, 5);
        table = host.tenant(0).table();
        NicTlb tlb = new NicTlb(TlbConfig.of(8, 2, 1, TlbReplacement.LRU, TlbPartition.SHARED),
                host.simulation().random().stream("tlb"), TlbEvictionListener.NONE);
        Translator translator = new Translator(host.memory(), table, tlb, 0, path, new VfCounters(),
                new PcieLink(115_000_000_000L, 550));
        host.memory().addInvalidationListener((tenant, page) -> translator.invalidate(page));
        return translator;
    }

    @Test
    void aResidentPageTranslatesWithoutAFaultThroughTheIommuOnly() {
        Translator software = build(FaultPath.SOFTWARE);
        host.tenant(0).memory().writeLong(3L * GuestMemory.PAGE_SIZE, 7);
        assertEquals(Translator.NOT_PRESENT, software.translate(3), "the driver's mirror lacks it: a network page fault");

        Translator iommu = build(FaultPath.IOMMU);
        host.tenant(0).memory().writeLong(3L * GuestMemory.PAGE_SIZE, 7);
        iommu.begin(0);
        int frame = iommu.translate(3);
        assertEquals(table.frame(3), frame, "the walk finds the host's frame");
        assertTrue(iommu.elapsed() >= 550 && iommu.elapsed() < 600, "one line fetch over PCIe: " + iommu.elapsed());
        assertTrue(iommu.mapped(3));
        assertEquals(Translator.NOT_PRESENT, iommu.translate(4), "a page never touched is not present: it faults");
        assertEquals(1, iommu.mappedPages());
        assertEquals(List.of(), iommu.checkInvariants());
    }

    @Test
    void theHostsInvalidationStillDropsWhatTheIommuFound() {
        Translator iommu = build(FaultPath.IOMMU);
        GuestMemory memory = host.tenant(0).memory();
        memory.writeLong(2L * GuestMemory.PAGE_SIZE, 1);
        assertTrue(iommu.translate(2) >= 0);
        for (int pass = 0; pass < 2; pass++) {
            for (int page = 3; page < 64; page++) {
                memory.writeLong((long) page * GuestMemory.PAGE_SIZE, page + pass);
            }
        }
        assertFalse(iommu.mapped(2), "reclaim unmapped it and the NIC dropped it");
        assertEquals(Translator.NOT_PRESENT, iommu.translate(2));
        assertEquals(List.of(), iommu.checkInvariants());
    }
}
