package org.overbook.nic.dma;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.overbook.hypervisor.memory.FaultKind;
import org.overbook.hypervisor.memory.HostMemory;
import org.overbook.hypervisor.memory.PageState;
import org.overbook.hypervisor.memory.SecondLevelTable;
import org.overbook.nic.VfCounters;
import org.overbook.nic.tlb.NicTlb;

/**
 * One virtual function's view of guest memory for DMA.
 *
 * <p>Design. The NIC keeps its own page table per VF, a mirror of the tenant's second-level table
 * that is filled on demand and that the host invalidates before it unmaps a page (U-Net/MM's NIC TLB
 * coordinated with the OS VM system [1]; NetVM's shadow page table [2]; Linux's MMU notifiers). A
 * translation is looked up in the NIC TLB shared by all VFs; a TLB miss fetches the line of the page
 * table that holds the entry across PCIe: one DMA read of 64 bytes, eight 8-byte entries, as mlx5 keeps
 * its translation table in {@code struct mlx5_mtt} entries [5]. Every entry of that line the NIC page
 * table holds is inserted into the TLB (its neighbours first, the missing entry last, so that it is the
 * most recent): the line came over PCIe whole, so its neighbours cost nothing more, and a buffer that
 * spans pages then misses once per eight pages. Absent entries are not inserted (the TLB caches only
 * translations). The fetch waits its turn on the PCIe link ({@link PcieLink}). A page-table miss is a
 * network page fault (NPF) [3], which
 * the host resolves (populating or swapping the page in) before the page table is filled. The
 * DMA itself sets the host's accessed bit, and a DMA write marks the page dirty (dropping a stale
 * swap copy), so reclaim never loses bytes the NIC wrote. While a DMA touches a page the page is
 * locked (NetVM's lock-and-translate [2]); reclaim passes over locked pages.
 *
 * <p>Fault path {@code iommu} (the Psistakis thesis; PART): the IOMMU/SMMU translates through the
 * process's own page table (shared virtual addressing, stage 1 shared with the CPU), so there is no mirror
 * for a driver to fill: a page the host holds resident translates on a TLB miss with the same line fetch
 * and no fault, and only a page not present faults (the IOMMU path's cost). The entry is then kept in the
 * NIC page table like any other, so the host's invalidation drops it as before. With the software path
 * (mlx5 ODP) every page the mirror lacks faults, resident or not.
 *
 * <p>The shared zero page. A page never touched that the NIC resolves for reading only takes no frame: a prefetch for
 * reading ({@code ibv_advise_mr}'s {@code IBV_ADVISE_MR_ADVICE_PREFETCH}), and a network page fault of a send whose
 * region the NIC may not write, ask the kernel's fault handler for read access ({@code hmm_range_fault} without
 * {@code HMM_PFN_REQ_WRITE}), which maps the shared zero page, and the NIC page table points at it, read-only [4]. The
 * entry says so ({@link #ZERO_PAGE}). A DMA read through it reads zeros, with no frame to read or lock; a DMA write
 * through it (a receive, an RDMA write's target) is a network page fault, as on the hardware, whose entry lacks
 * write permission: the fault service asks for write access, the kernel breaks the zero page (copy on write: a zeroed
 * frame of the page's own) and the entry is replaced, in the page table and the TLB. The first CPU write also replaces
 * the zero page by a frame of the page's own, whose MMU notifier drops the NIC's entry, so an entry whose page has been
 * populated since is no entry. So no translation takes a frame: the pages a DMA translated before the one it is at are
 * not locked yet, and reclaim, which an allocation may run, could take one of them while the DMA holds its frame.
 *
 * <p>A caller starts a translation at a time ({@link #begin}); the fetches it causes advance
 * {@link #elapsed()}, which the caller turns into time.
 *
 * <p>[1] Welsh, von Eicken, Basu, "Incorporating memory management into user-level network
 * interfaces". [2] the NetVM thesis (a Myrinet NIC without pinning). [3] Lesokhin et al., "Page fault
 * support for network controllers", ASPLOS 2017. [4] Linux, drivers/infiniband/hw/mlx5/odp.c:
 * {@code pagefault_single_data_segment} maps a data segment's whole byte count in one fault; {@code pagefault_real_mr}
 * asks for write access when the region is writable and {@code MLX5_PF_FLAGS_DOWNGRADE} is not set (the read advice
 * sets it; every fault handler passes no flags), and {@code umem_dma_to_mtt} gives an entry write permission only if
 * it was mapped for writing; mm/hmm.c's {@code hmm_pte_need_fault} faults a present read-only page again for a write
 * request, and mm/memory.c's {@code do_anonymous_page} uses the zero page for reads, {@code wp_page_copy} a zeroed
 * frame for a write to it. [5] Linux,
 * include/linux/mlx5/device.h: {@code struct mlx5_mtt} (one 8-byte {@code __be64 ptag} per page).
 */
public final class Translator {

    /** Returned by {@link #translate} when the page needs a network page fault. */
    public static final int NOT_PRESENT = -1;

    /**
     * A NIC page-table (and TLB) entry that maps the shared zero page, read-only: the page was resolved for reading,
     * never touched. Returned by {@link #translate} for a read through it. No frame of the host's has this number.
     */
    public static final int ZERO_PAGE = Integer.MAX_VALUE;

    /** Page-table entries in one 64-byte line fetched on a TLB miss. */
    static final int ENTRIES_PER_LINE = PcieLink.TRANSLATION_LINE_BYTES / 8;

    private final HostMemory host;
    private final SecondLevelTable table;
    private final NicTlb tlb;
    private final int vf;
    private final FaultPath faultPath;
    private final VfCounters counters;
    private final PcieLink pcie;
    private final int[] pageTable;
    private int mappedPages;
    private long start;
    private long cursor;

    public Translator(HostMemory host, SecondLevelTable table, NicTlb tlb, int vf, FaultPath faultPath,
                      VfCounters counters, PcieLink pcie) {
        this.host = host;
        this.table = table;
        this.tlb = tlb;
        this.vf = vf;
        this.faultPath = faultPath;
        this.counters = counters;
        this.pcie = pcie;
        this.pageTable = new int[table.pages()];
        Arrays.fill(pageTable, -1);
    }

    public int vf() {
        return vf;
    }

    public int pages() {
        return pageTable.length;
    }

    /** Returns the nanoseconds translation has taken since {@link #begin}: the line fetches it waited for. */
    public long elapsed() {
        return cursor - start;
    }

    /** Starts translating at {@code time}: the TLB misses that follow fetch their lines from then on. */
    public void begin(long time) {
        start = time;
        cursor = time;
    }

    /** Returns the PCIe link this VF's DMA crosses (shared by the NIC's VFs). */
    public PcieLink pcie() {
        return pcie;
    }

    /**
     * Returns the frame a DMA read of {@code page} reads through the TLB and the NIC page table, {@link #ZERO_PAGE}
     * (it reads zeros, from no frame: see {@link #lockRead}), or {@link #NOT_PRESENT}.
     */
    public int translate(int page) {
        return translate(page, /* write= */ false);
    }

    /**
     * Returns the frame a DMA write of {@code page} writes through the TLB and the NIC page table, or
     * {@link #NOT_PRESENT}: also when the entry maps the zero page, which the NIC may not write.
     */
    public int translateForWrite(int page) {
        return translate(page, /* write= */ true);
    }

    private int translate(int page, boolean write) {
        int frame = tlb.lookup(vf, page);
        if (frame == ZERO_PAGE) {
            if (table.state(page) == PageState.NOT_POPULATED) {
                return throughZeroPage(write);
            }
            invalidate(page); // written since: copy on write dropped the entry (this stale hit was counted a hit: rare, left so)
        } else if (frame != NicTlb.MISS) {
            return frame;
        }
        cursor = pcie.read(cursor, PcieLink.TRANSLATION_LINE_BYTES);
        int lineStart = page & ~(ENTRIES_PER_LINE - 1);
        int lineEnd = Math.min(pageTable.length, lineStart + ENTRIES_PER_LINE);
        for (int neighbour = lineStart; neighbour < lineEnd; neighbour++) {
            if (neighbour != page && entry(neighbour) >= 0) {
                tlb.insert(vf, neighbour, pageTable[neighbour]);
            }
        }
        frame = entry(page);
        if (frame >= 0) {
            tlb.insert(vf, page, frame);
            return frame == ZERO_PAGE ? throughZeroPage(write) : frame;
        }
        return NOT_PRESENT;
    }

    /**
     * Returns the entry of {@code page} as the page table has it (the IOMMU's: the host's frame of a resident page,
     * which the NIC page table then keeps), a zero page's entry whose page has been written since dropped.
     */
    private int entry(int page) {
        int frame = pageTable[page];
        if (frame == ZERO_PAGE && table.state(page) != PageState.NOT_POPULATED) {
            invalidate(page); // written since: copy on write dropped the zero page's entry
            frame = -1;
        }
        if (frame < 0 && faultPath == FaultPath.IOMMU && table.frame(page) >= 0) {
            frame = map(page, table.frame(page));
        }
        return frame;
    }

    /**
     * A DMA reaches a page never touched through its entry to the zero page: a read reads it ({@link #ZERO_PAGE}), a
     * write faults ({@link #NOT_PRESENT}: the entry is read-only, and stays until the fault's service replaces it).
     */
    private static int throughZeroPage(boolean write) {
        return write ? NOT_PRESENT : ZERO_PAGE;
    }

    /** Returns whether the NIC page table maps {@code page} (to a frame, or to the shared zero page). */
    public boolean mapped(int page) {
        int frame = pageTable[page];
        return frame >= 0 && (frame != ZERO_PAGE || table.state(page) == PageState.NOT_POPULATED);
    }

    /**
     * Returns whether the NIC page table maps {@code page} for an access that writes ({@code forWrite}: to a frame of
     * the page's own) or only reads (as {@link #mapped(int)}).
     */
    public boolean mapped(int page, boolean forWrite) {
        return forWrite ? isFrame(pageTable[page]) : mapped(page);
    }

    /**
     * Returns how many pages the NIC page table maps to frames now: what the NIC can reach without a fault. Under
     * the pinning policies that is at least every pinned page; under on-demand paging it is the pages
     * the NIC has touched and the host has not invalidated since (ODP's footprint, all of it swappable).
     */
    public int mappedPages() {
        return mappedPages;
    }

    /**
     * Sets the NIC page-table entry of {@code page} to {@code frame} (or {@link #ZERO_PAGE}; otherwise negative:
     * unmapped), keeping the count of pages mapped to frames. An entry to the zero page that a frame replaces leaves
     * the TLB too (the driver's update of the NIC's translation entries).
     */
    private int map(int page, int frame) {
        int old = pageTable[page];
        mappedPages += (isFrame(frame) ? 1 : 0) - (isFrame(old) ? 1 : 0);
        pageTable[page] = frame;
        if (old == ZERO_PAGE && isFrame(frame)) {
            tlb.invalidate(vf, page);
        }
        return frame;
    }

    private static boolean isFrame(int entry) {
        return entry >= 0 && entry != ZERO_PAGE;
    }

    /**
     * Resolves a network page fault: the host makes {@code page} resident and the NIC page table maps it, or, for an
     * access that does not ask to write ({@code forWrite} false), maps a page never touched to the shared zero page
     * (counted as a minor fault: the kernel's handler populates the page, with no frame). Counts the fault on
     * {@code side}.
     */
    public void resolve(int page, VfCounters.Side side, boolean forWrite) {
        boolean ontoZeroPage = !forWrite && table.state(page) == PageState.NOT_POPULATED;
        FaultKind kind = prefetch(page, forWrite);
        counters.countFault(side, ontoZeroPage ? VfCounters.FaultKind.MINOR : switch (kind) {
            case NONE -> VfCounters.FaultKind.MAPPING;
            case MINOR -> VfCounters.FaultKind.MINOR;
            case MAJOR -> VfCounters.FaultKind.MAJOR;
        });
    }

    /**
     * Brings {@code page} in and maps it ahead of use, without counting a network page fault (prefetch); returns the
     * host fault it took. For reading ({@code forWrite} false), a page never touched is mapped to the shared zero
     * page and takes no frame; for writing, a page mapped to it gets a frame of its own.
     */
    public FaultKind prefetch(int page, boolean forWrite) {
        if (!forWrite && table.state(page) == PageState.NOT_POPULATED) {
            map(page, ZERO_PAGE);
            return FaultKind.NONE;
        }
        FaultKind kind = host.fault(table, page, /* write= */ false);
        map(page, table.frame(page));
        return kind;
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

    /** Locks {@code count} translated pages from {@code first} on for the duration of a DMA. */
    public void lock(int first, int count) {
        for (int i = 0; i < count; i++) {
            host.lock(table, first + i);
        }
    }

    /**
     * Locks the pages of the DMA read just translated ({@code count} from {@code first} on, whose {@code frames}
     * {@link #translate} returned) for its duration; a page read through the zero page ({@link #ZERO_PAGE}) has no
     * frame and is not locked (the caller copies zeros for it).
     */
    public void lockRead(int first, int count, int[] frames) {
        for (int i = 0; i < count; i++) {
            if (frames[i] != ZERO_PAGE) {
                host.lock(table, first + i);
            }
        }
    }

    /**
     * A DMA read of {@code count} pages from {@code first} on, through {@code frames}, has ended: each is marked
     * accessed and unlocked, but for those read through the zero page, which {@link #lockRead} did not lock.
     */
    public void endRead(int first, int count, int[] frames) {
        for (int i = 0; i < count; i++) {
            noteRead(first + i);
            if (frames[i] != ZERO_PAGE) {
                unlock(first + i);
            }
        }
    }

    /** A DMA write of {@code count} pages from {@code first} on has ended: each is marked written and unlocked. */
    public void endWrite(int first, int count) {
        for (int i = 0; i < count; i++) {
            noteWrite(first + i);
            unlock(first + i);
        }
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
        host.bytes().copyOut(frame, offset, destination, destinationOffset, length);
    }

    /** Copies bytes into a translated page. */
    public void copyIn(byte[] source, int sourceOffset, int frame, int offset, int length) {
        host.bytes().copyIn(source, sourceOffset, frame, offset, length);
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
            mapped += isFrame(frame) ? 1 : 0;
            if (isFrame(frame) && table.frame(page) != frame && violations.size() < 20) {
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
