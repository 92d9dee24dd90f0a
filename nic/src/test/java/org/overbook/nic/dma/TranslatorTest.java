package org.overbook.nic.dma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * One VF's translator page by page: a DMA's pages are the ones locked, marked and unlocked; the IOMMU path maps a
 * resident page to the host's own frame; and an entry to the shared zero page stops being one once the CPU writes
 * the page.
 */
class TranslatorTest {

    private static final int PAGE = 4096;

    @RegisterExtension
    final HostsUnderTest hosts = new HostsUnderTest();

    private Host host;
    private SecondLevelTable table;
    private NicTlb tlb;

    private Translator build(FaultPath path) {
        host = hosts.create(/* frames= */ 64, /* swapPages= */ 64, /* tenants= */ 1, /* guestPages= */ 32, 5);
        table = host.tenant(0).table();
        tlb = new NicTlb(TlbConfig.of(8, 2, 1, TlbReplacement.LRU, TlbPartition.SHARED),
                host.simulation().random().stream("tlb"), TlbEvictionListener.NONE);
        Translator translator = new Translator(host.memory(), table, tlb, 0, path, new VfCounters(),
                new PcieLink(115_000_000_000L, 550));
        host.memory().addInvalidationListener((tenant, page) -> translator.invalidate(page));
        return translator;
    }

    private void touch(int... pages) {
        GuestMemory memory = host.tenant(0).memory();
        for (int page : pages) {
            memory.writeLong((long) page * PAGE, page + 1);
        }
    }

    @Test
    void aDmasPagesAreTheOnesLockedMarkedAndUnlocked() {
        Translator translator = build(FaultPath.SOFTWARE);
        touch(3, 4, 5, 6, 7);
        for (int page = 3; page <= 7; page++) {
            host.memory().testAndClearAccessed(table, page);
        }
        translator.lock(4, 3);
        for (int page = 3; page <= 7; page++) {
            assertEquals(page >= 4 && page <= 6 ? 1 : 0, table.lockCount(page), "page " + page + " locked by a DMA of 4..6");
        }
        translator.endRead(4, 3, new int[] {table.frame(4), table.frame(5), table.frame(6)});
        for (int page = 3; page <= 7; page++) {
            assertEquals(0, table.lockCount(page));
            assertEquals(page >= 4 && page <= 6, table.isAccessed(page), "page " + page + " read by a DMA of 4..6");
        }
        for (int page = 3; page <= 7; page++) {
            host.memory().testAndClearAccessed(table, page); // cold again, to see which pages the write marks
        }
        translator.lock(4, 3);
        translator.endWrite(4, 3);
        for (int page = 3; page <= 7; page++) {
            assertEquals(0, table.lockCount(page), "page " + page + " unlocked after the write");
            assertEquals(page >= 4 && page <= 6, table.isAccessed(page), "page " + page + " written by a DMA of 4..6");
        }
    }

    @Test
    void theIommuPathMapsAResidentPageToTheHostsFrameWithoutAFault() {
        Translator translator = build(FaultPath.IOMMU);
        touch(1, 2, 9); // page 9 takes a frame after two others
        int frame = table.frame(9);
        assertTrue(frame > 0, "the page is resident in a frame other than the first");
        assertEquals(frame, translator.translate(9));
        assertEquals(1, translator.mappedPages());
        assertEquals(frame, translator.translateForWrite(9), "and again, now from the NIC TLB");
        assertEquals(Translator.NOT_PRESENT, translator.translate(10), "a page not present still faults");
    }

    /**
     * A page never touched is prefetched for reading onto the zero page; then the guest's CPU writes it, which gives
     * it a frame of its own. A DMA read must not read zeros through the old entry, whether the NIC TLB still holds it
     * or not: the entry is no entry, the read faults, and once resolved it reads the frame with the CPU's bytes.
     */
    @Test
    void aZeroPageEntryIsDroppedOnceTheCpuWritesThePage() {
        for (boolean inTlb : new boolean[] {true, false}) {
            Translator translator = build(FaultPath.SOFTWARE);
            translator.prefetch(12, /* forWrite= */ false);
            assertEquals(Translator.ZERO_PAGE, translator.translate(12), "read through the zero page");
            if (!inTlb) {
                tlb.invalidateAll(0);
            }
            touch(12);
            assertEquals(Translator.NOT_PRESENT, translator.translate(12), "TLB entry kept: " + inTlb);
            assertFalse(translator.mapped(12));
            translator.resolve(12, VfCounters.Side.SEND, /* forWrite= */ false);
            int frame = translator.translate(12);
            assertEquals(table.frame(12), frame);
            byte[] read = new byte[8];
            translator.copyOut(frame, 0, read, 0, 8);
            assertEquals(13, read[0], "the CPU's bytes, little-endian");
        }
    }
}
