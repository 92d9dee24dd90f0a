package org.overbook.nic.dma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.overbook.guest.GuestMemory;
import org.overbook.hypervisor.Host;
import org.overbook.hypervisor.memory.FaultKind;
import org.overbook.hypervisor.memory.PageState;
import org.overbook.hypervisor.memory.SecondLevelTable;
import org.overbook.hypervisor.testing.HostsUnderTest;
import org.overbook.nic.VfCounters;
import org.overbook.nic.tlb.NicTlb;
import org.overbook.nic.tlb.TlbConfig;
import org.overbook.nic.tlb.TlbEvictionListener;
import org.overbook.nic.tlb.TlbPartition;
import org.overbook.nic.tlb.TlbReplacement;

/**
 * A DMA translates all its pages before it locks them, so nothing in a translation may take a frame: an allocation
 * at the low watermark reclaims, and its victim may be a page the same DMA translated a moment before, whose frame the
 * DMA would then read or write after the host gave it to another page. A page prefetched for reading and never
 * touched is mapped to the shared zero page; a DMA read that reaches it reads the zero page (no frame), and a DMA
 * write faults (the entry is read-only; the fault's service populates the page outside any translation), whether
 * free frames are at the low watermark (where a frame taken would reclaim) or well above it. Before, a DMA that
 * reached such an entry was given a zeroed frame there and then, and at the low watermark reclaim took a page the
 * same DMA had just translated.
 */
class ZeroPageMidTranslationTest {

    @RegisterExtension
    final HostsUnderTest hosts = new HostsUnderTest();

    @ParameterizedTest(name = "{0} pages translated before it")
    @ValueSource(ints = {15, 4}) // 15: free frames at the low watermark; 4: 12 free, far above it
    void aDmaThroughAZeroPageEntryTakesNoFrameInTheMiddleOfItsTranslation(int translated) {
        // 16 frames, reclaim at 1 free frame up to 2 (HostsUnderTest's small-host watermarks)
        Host host = hosts.create(/* frames= */ 16, /* swapPages= */ 128, /* tenants= */ 1, /* guestPages= */ 64, 5);
        SecondLevelTable table = host.tenant(0).table();
        NicTlb tlb = new NicTlb(TlbConfig.of(8, 2, 1, TlbReplacement.LRU, TlbPartition.SHARED),
                host.simulation().random().stream("tlb"), TlbEvictionListener.NONE);
        Translator translator = new Translator(host.memory(), table, tlb, 0, FaultPath.SOFTWARE, new VfCounters(),
                new PcieLink(115_000_000_000L, 550));
        host.memory().addInvalidationListener((tenant, page) -> translator.invalidate(page));
        GuestMemory memory = host.tenant(0).memory();
        for (int page = 0; page < translated; page++) {
            memory.writeLong((long) page * 4096, page);
            translator.resolve(page, VfCounters.Side.SEND, /* forWrite= */ false);
        }
        int free = host.memory().freeFrames();
        assertEquals(16 - translated, free);
        int zero = 40;
        assertEquals(FaultKind.NONE, translator.prefetch(zero, /* forWrite= */ false), "mapped to the zero page, no frame");

        int[] frames = new int[translated];
        translator.begin(0);
        for (int page = 0; page < translated; page++) {
            frames[page] = translator.translate(page);
        }
        assertEquals(Translator.ZERO_PAGE, translator.translate(zero), "a DMA read reads the zero page");
        assertEquals(Translator.NOT_PRESENT, translator.translateForWrite(zero), "a DMA write faults on its entry");
        assertEquals(Translator.ZERO_PAGE, translator.translate(zero), "whose entry stays, read-only");

        assertEquals(free, host.memory().freeFrames(), "no frame taken in the middle of the translation");
        assertEquals(PageState.NOT_POPULATED, table.state(zero));
        assertTrue(translator.mapped(zero) && !translator.mapped(zero, /* forWrite= */ true), "mapped for reading only");
        for (int page = 0; page < translated; page++) {
            assertEquals(PageState.RESIDENT, table.state(page), "page " + page + " translated by the DMA, still resident");
            assertEquals(frames[page], table.frame(page), "page " + page + " still in the frame the DMA will use");
        }
    }
}
