package org.overbook.nic.dma;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.overbook.hypervisor.memory.FaultKind;
import org.overbook.hypervisor.memory.HostMemory;
import org.overbook.hypervisor.memory.PageState;
import org.overbook.hypervisor.memory.SecondLevelTable;
import org.overbook.nic.NicCosts;
import org.overbook.nic.VfCounters;
import org.overbook.nic.tlb.NicTlb;

/**
 * One virtual function's view of guest memory for DMA.
 *
 * <p>Design. The NIC keeps its own page table per VF, a mirror of the tenant's second-level table
 * that is filled on demand and that the host invalidates before it unmaps a page (U-Net/MM's NIC TLB
 * coordinated with the OS VM system [1]; NetVM's shadow page table [2]; Linux's MMU notifiers). A
 * translation is looked up in the NIC TLB shared by all VFs; a TLB miss walks the page table across
 * PCIe ({@link NicCosts#tlbMissNanos()}); a page-table miss is a network page fault (NPF) [3], which
 * the host resolves (populating or swapping the page in) before the page table is filled. The
 * DMA itself sets the host's accessed bit, and a DMA write marks the page dirty (dropping a stale
 * swap copy), so reclaim never loses bytes the NIC wrote. While a DMA touches a page the page is
 * locked (NetVM's lock-and-translate [2]); reclaim passes over locked pages.
 *
 * <p>Costs accumulate in {@link #elapsed()} for the caller to turn into time.
 *
 * <p>[1] Welsh, von Eicken, Basu, "Incorporating memory management into user-level network
 * interfaces". [2] the NetVM thesis (a Myrinet NIC without pinning). [3] Lesokhin et al., "Page fault
 * support for network controllers", ASPLOS 2017. [4] Linux, drivers/infiniband/hw/mlx5/odp.c:
 * {@code pagefault_single_data_segment} maps a data segment's whole byte count in one fault.
 */
public final class Translator {

    /** Returned by {@link #translate} when the page needs a network page fault. */
    public static final int NOT_PRESENT = -1;

    private final HostMemory host;
    private final SecondLevelTable table;
    private final NicTlb tlb;
    private final int vf;
    private final NicCosts costs;
    private final FaultPath faultPath;
    private final VfCounters counters;
    private final int[] pageTable;
    private int mappedPages;
    private long elapsed;

    public Translator(HostMemory host, SecondLevelTable table, NicTlb tlb, int vf, NicCosts costs, FaultPath faultPath,
                      VfCounters counters) {
        this.host = host;
        this.table = table;
        this.tlb = tlb;
        this.vf = vf;
        this.costs = costs;
        this.faultPath = faultPath;
        this.counters = counters;
        this.pageTable = new int[table.pages()];
        Arrays.fill(pageTable, -1);
    }

    public int vf() {
        return vf;
    }

    public int pages() {
        return pageTable.length;
    }

    /** Returns the nanoseconds of translation work accumulated since the last {@link #resetElapsed()}. */
    public long elapsed() {
        return elapsed;
    }

    public void resetElapsed() {
        elapsed = 0;
    }

    /** Returns the frame of {@code page} through the TLB and the NIC page table, or {@link #NOT_PRESENT}. */
    public int translate(int page) {
        int frame = tlb.lookup(vf, page);
        if (frame != NicTlb.MISS) {
            return frame;
        }
        elapsed += costs.tlbMissNanos();
        frame = pageTable[page];
        if (frame >= 0) {
            tlb.insert(vf, page, frame);
            return frame;
        }
        return NOT_PRESENT;
    }

    /** Returns whether the NIC page table maps {@code page}. */
    public boolean mapped(int page) {
        return pageTable[page] >= 0;
    }

    /**
     * Returns how many pages the NIC page table maps now: what the NIC can reach without a fault. Under
     * the pinning policies that is at least every pinned page; under on-demand paging it is the pages
     * the NIC has touched and the host has not invalidated since (ODP's footprint, all of it swappable).
     */
    public int mappedPages() {
        return mappedPages;
    }

    /** Sets the NIC page-table entry of {@code page} to {@code frame} (negative: unmapped), keeping the count. */
    private int map(int page, int frame) {
        mappedPages += (frame >= 0 ? 1 : 0) - (pageTable[page] >= 0 ? 1 : 0);
        pageTable[page] = frame;
        return frame;
    }

    /**
     * Returns what a network page fault on {@code page} would take now: the fault path, plus a swap-in
     * if the host swapped the page out.
     */
    public long faultNanos(int page) {
        long path = faultPath == FaultPath.SOFTWARE ? costs.npfSoftwareNanos() : costs.npfIommuNanos();
        return table.state(page) == PageState.SWAPPED ? path + costs.swapInNanos() : path;
    }

    /**
     * Returns what one network page fault resolving all of {@code pages} together would take now, as the
     * mlx5 driver resolves the whole range of a faulting work request in one fault [4]: the fault path
     * once, a swap-in if any of the pages was swapped out (swap-ins are read in parallel), and for each
     * page beyond the first the per-page work of a registration (get_user_pages and DMA mapping,
     * {@link NicCosts#pinPageNanos()}).
     */
    public long faultNanos(int[] pages, int count) {
        long worst = 0;
        for (int i = 0; i < count; i++) {
            worst = Math.max(worst, faultNanos(pages[i]));
        }
        return worst + (long) Math.max(0, count - 1) * costs.pinPageNanos();
    }

    /**
     * Resolves a network page fault: the host makes {@code page} resident and the NIC page table maps
     * it. Counts the fault on {@code side}. Returns the frame.
     */
    public int resolve(int page, VfCounters.Side side) {
        FaultKind kind = host.fault(table, page, /* write= */ false);
        counters.countFault(side, switch (kind) {
            case NONE -> VfCounters.FaultKind.MAPPING;
            case MINOR -> VfCounters.FaultKind.MINOR;
            case MAJOR -> VfCounters.FaultKind.MAJOR;
        });
        return map(page, table.frame(page));
    }

    /** Brings {@code page} in and maps it ahead of use, without counting a network page fault (prefetch). */
    public void prefetch(int page) {
        host.fault(table, page, /* write= */ false);
        map(page, table.frame(page));
    }

    /** Pins {@code page} and maps it; returns the host fault it took (its cost is the caller's to charge). */
    public FaultKind pin(int page) {
        FaultKind kind = host.pin(table, page);
        map(page, table.frame(page));
        return kind;
    }

    public void unpin(int page) {
        host.unpin(table, page);
    }

    /** Locks a translated page for the duration of a DMA. */
    public void lock(int page) {
        host.lock(table, page);
    }

    public void unlock(int page) {
        host.unlock(table, page);
    }

    /** Records a DMA read of {@code page} in the host's accessed bit. */
    public void noteRead(int page) {
        host.frameFor(table, page, /* write= */ false);
    }

    /** Records a DMA write of {@code page}: accessed and dirty, dropping a stale swap copy. */
    public void noteWrite(int page) {
        if (host.frameFor(table, page, /* write= */ true) < 0) {
            host.fault(table, page, /* write= */ true);
        }
    }

    /** The host is about to unmap {@code page}: drop its translation everywhere on the NIC. */
    public void invalidate(int page) {
        map(page, -1);
        tlb.invalidate(vf, page);
    }

    /** Copies bytes of a translated page into {@code destination}. */
    public void copyOut(int frame, int offset, byte[] destination, int destinationOffset, int length) {
        host.copyOut(frame, offset, destination, destinationOffset, length);
    }

    /** Copies bytes into a translated page. */
    public void copyIn(byte[] source, int sourceOffset, int frame, int offset, int length) {
        host.copyIn(source, sourceOffset, frame, offset, length);
    }

    /**
     * Checks that every NIC page-table entry names the frame the host maps for that page (the TLB only
     * caches page-table entries and is invalidated with them). Returns the violations.
     */
    public List<String> checkInvariants() {
        List<String> violations = new ArrayList<>();
        int mapped = 0;
        for (int page = 0; page < pageTable.length; page++) {
            int frame = pageTable[page];
            mapped += frame >= 0 ? 1 : 0;
            if (frame >= 0 && table.frame(page) != frame && violations.size() < 20) {
                violations.add("VF " + vf + " page table maps page " + page + " to frame " + frame
                        + " but the host maps it to " + table.frame(page));
            }
        }
        if (mapped != mappedPages) {
            violations.add("VF " + vf + " counts " + mappedPages + " mapped pages but its page table maps " + mapped);
        }
        return violations;
    }
}
