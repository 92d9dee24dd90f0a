package org.overbook.nic.dma;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.overbook.guest.GuestMemory;
import org.overbook.hypervisor.Host;
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
 * The NIC's side of host memory: translations follow the host's mapping, invalidation reaches the NIC
 * before a frame is reused, a locked page is never reclaimed, and a DMA write into a page that came
 * back clean from swap marks it dirty, so reclaim writes the new bytes out instead of keeping the
 * stale swap copy.
 */
class DmaWriteDirtiesPageTest {

    @RegisterExtension
    final HostsUnderTest hosts = new HostsUnderTest();

    private Host host;
    private SecondLevelTable table;
    private Translator translator;

    private void build() {
        host = hosts.create(/* frames= */ 16, /* swapPages= */ 128, /* tenants= */ 1, /* guestPages= */ 64, 3);
        table = host.tenant(0).table();
        NicTlb tlb = new NicTlb(TlbConfig.of(8, 2, 1, TlbReplacement.LRU, TlbPartition.SHARED),
                host.simulation().random().stream("tlb"), TlbEvictionListener.NONE);
        translator = new Translator(host.memory(), table, tlb, 0, FaultPath.SOFTWARE, new VfCounters(),
                new PcieLink(115_000_000_000L, 550));
        host.memory().addInvalidationListener((tenant, page) -> translator.invalidate(page));
    }

    /** Touches every page but {@code except}, twice, so reclaim cycles them through memory. */
    private void pressure(int except) {
        GuestMemory memory = host.tenant(0).memory();
        for (int pass = 0; pass < 2; pass++) {
            for (int page = 0; page < 64; page++) {
                if (page != except) {
                    memory.writeLong((long) page * 4096 + 16, page * 31L + pass);
                }
            }
        }
    }

    @Test
    void aDmaWriteIntoACleanSwappedInPageSurvivesReclaim() {
        build();
        GuestMemory memory = host.tenant(0).memory();
        memory.writeLong(5 * 4096, 111);
        pressure(5);
        assertEquals(PageState.SWAPPED, table.state(5));
        translator.resolve(5, VfCounters.Side.RECEIVE, /* forWrite= */ true); // the NIC faults it back in: clean, with a swap copy
        assertTrue(table.hasSwapCopy(5) && !table.isDirty(5));
        int frame = translator.translateForWrite(5);
        byte[] payload = new byte[64];
        for (int i = 0; i < payload.length; i++) {
            payload[i] = (byte) (i + 1);
        }
        translator.lock(5);
        translator.copyIn(payload, 0, frame, 0, payload.length);
        translator.noteWrite(5);
        translator.unlock(5);
        assertTrue(table.isDirty(5) && !table.hasSwapCopy(5), "the DMA write dirtied the page and dropped the stale copy");
        pressure(5);
        assertEquals(PageState.SWAPPED, table.state(5), "reclaim took it again");
        byte[] back = new byte[64];
        memory.read(5 * 4096, back, 0, back.length);
        assertArrayEquals(payload, back, "the NIC's bytes came back from swap");
    }

    @Test
    void invalidationReachesTheNicBeforeTheFrameIsReused() {
        build();
        translator.resolve(7, VfCounters.Side.RECEIVE, /* forWrite= */ true);
        translator.resolve(7, VfCounters.Side.RECEIVE, /* forWrite= */ true);
        int frame = translator.translate(7);
        assertTrue(frame >= 0);
        assertEquals(1, translator.mappedPages(), "a page mapped twice counts once");
        pressure(7);
        assertFalse(translator.mapped(7), "the NIC page table dropped the page when the host unmapped it");
        assertEquals(0, translator.mappedPages());
        assertEquals(Translator.NOT_PRESENT, translator.translate(7), "and so did the TLB");
        assertEquals(java.util.List.of(), translator.checkInvariants());
    }

    @Test
    void aLockedPageIsNeverReclaimed() {
        build();
        translator.resolve(9, VfCounters.Side.SEND, /* forWrite= */ true); // a region the NIC may write: a frame
        int frame = translator.translate(9);
        translator.lock(9);
        pressure(9);
        pressure(9);
        assertEquals(frame, table.frame(9), "still in its frame");
        assertTrue(translator.mapped(9));
        translator.unlock(9);
        pressure(9);
        assertFalse(translator.mapped(9), "once unlocked, reclaim may take it");
    }
}
