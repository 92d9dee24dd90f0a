package org.overbook.hypervisor.memory;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;
import org.overbook.guest.Parameters;
import org.overbook.hypervisor.sim.RandomStreams;
import org.overbook.hypervisor.spi.VictimSelection;
import org.overbook.hypervisor.spi.VictimSelections;
import org.overbook.hypervisor.spi.VictimSelectorFactory;
import org.overbook.hypervisor.swap.SwapStore;

/**
 * The host's memory: frames, each tenant's second-level table, reclaim and swap.
 *
 * <p>Design (docs/ARCHITECTURE.md). Guest memory is overcommitted: tenants together may have more
 * pages than the host has frames, and the host backs pages on first touch (a minor fault populates a
 * zeroed frame) and takes frames back by reclaim. When free frames fall under the low watermark, a
 * global CLOCK [1] picks victims among resident, unpinned, unlocked pages until free frames reach the
 * high watermark, as Linux's kswapd does; a scenario or a library user may name another victim selection
 * ({@link VictimSelectorSetUp} makes it). Before a page loses its frame every
 * {@link InvalidationListener} is told (Linux's MMU notifiers [2]; the NIC drops its translation), then
 * a dirty page is written to the swap store and the frame is freed ({@link Evictor}). A page read back from swap stays
 * clean with its swap copy kept, so reclaiming it again costs no write; its first write drops the now
 * stale copy, and when swap is more than half full the copy is dropped at swap-in (Linux's
 * {@code vm_swap_full()} [3]). Pages pinned (registered for DMA) or locked (under a DMA, NetVM's
 * lock-and-translate [4]) are never reclaimed. Above the host, a memory manager may also page out one
 * tenant's pages whatever the watermarks ({@link #swapOut}, ESX's paging of a VM above its target [5]);
 * a {@link TenantVictimPicker} chooses them without touching the accessed bits.
 *
 * <p>Reclaim runs inside whichever fault needed the frame, but its cost is not charged to that fault:
 * the model treats swap-out as background work (kswapd), and charges only the stall a fault itself
 * takes (from the cost model). Reads of a never-touched page return zeros without a frame (the shared
 * zero page) and cost nothing.
 *
 * <p>References: [1] F. J. Corbató, "A paging experiment with the Multics system", 1968. [2] A.
 * Arcangeli, "Integrating KVM with the Linux memory management", KVM Forum 2008. [3] Linux
 * mm/swapfile.c, mm/memory.c ({@code do_swap_page}). [4] the NetVM thesis. [5] C. A.
 * Waldspurger, "Memory Resource Management in VMware ESX Server", OSDI 2002, §6.3.
 */
public final class HostMemory implements AutoCloseable {

    private final FramePool frames;
    private final SecondLevelTable[] tables;
    private final TenantVictimPicker victimPicker;
    private final SwapStore swap;
    private final int lowWatermark;
    private final Evictor evictor;
    private final MemorySegment swapInBuffer = MemorySegment.ofArray(new byte[FramePool.PAGE_SIZE]);
    private final SwapIo io;
    private final int minWatermark;
    private final WatermarkReclaim reclaim;
    private final SwapReadahead readahead;
    private final FrameBytes bytes;
    /** Makes what reclaim takes its victims from, out of a selection a library user hands over. */
    private final VictimSelectorSetUp victims;
    private int lastSwapInPages;

    /**
     * @param frames        host RAM in frames
     * @param guestPages    each tenant's guest pages, indexed by tenant id
     * @param lowWatermark  reclaim starts when free frames fall under this
     * @param highWatermark reclaim stops when free frames reach this
     * @param swap          the swap store; owned (closed) by this object
     * @param random        the host's random streams (its simulation's), for a victim selection's generator
     */
    public HostMemory(int frames, int[] guestPages, int minWatermark, int lowWatermark, int highWatermark, SwapStore swap,
                      SwapIo io, RandomStreams random) {
        if (minWatermark < 0 || lowWatermark < minWatermark || highWatermark <= lowWatermark || highWatermark > frames) {
            throw new IllegalArgumentException("watermarks must satisfy 0 <= min <= low < high <= frames; got min "
                    + minWatermark + ", low " + lowWatermark + ", high " + highWatermark + ", frames " + frames);
        }
        this.frames = new FramePool(frames);
        this.tables = new SecondLevelTable[guestPages.length];
        for (int t = 0; t < guestPages.length; t++) {
            tables[t] = new SecondLevelTable(t, guestPages[t]);
        }
        this.victimPicker = new TenantVictimPicker(tables.length);
        this.swap = swap;
        this.evictor = new Evictor(this.frames, tables, swap);
        this.lowWatermark = lowWatermark;
        this.minWatermark = minWatermark;
        this.io = io;
        HostFrames view = new HostFrames(this.frames, tables);
        this.reclaim = new WatermarkReclaim(this.frames, evictor, swap, io, new ClockReclaimer(view), minWatermark, highWatermark);
        this.victims = new VictimSelectorSetUp(view, reclaim, random);
        this.bytes = new FrameBytes(this.frames);
        this.readahead = new SwapReadahead(this.frames, swap, io.resources().pageCluster(), lowWatermark);
    }

    /** Returns the bytes of the host's frames: what an access or a DMA reads and writes once it has a frame. */
    public FrameBytes bytes() {
        return bytes;
    }

    /** Returns the timing of swap traffic on the host's resources. */
    public SwapIo io() {
        return io;
    }

    /**
     * Returns how many pages the last major fault read from swap: the faulting page and its readahead
     * (Linux's {@code vm.page-cluster}: an aligned cluster of 2^n pages around the faulting one).
     */
    public int lastSwapInPages() {
        return lastSwapInPages;
    }

    /**
     * Returns how many pages a major fault on {@code page} would read now: the page and the other swapped
     * pages of its aligned readahead cluster (what {@link #fault} brings in when free frames allow).
     */
    public int swapInPagesFor(SecondLevelTable table, int page) {
        return readahead.pagesFor(table, page);
    }

    /** Returns the number of pages in one readahead cluster. */
    public int readaheadCluster() {
        return readahead.cluster();
    }

    /** Returns the pages read ahead with major faults, in all. */
    public long readaheadPages() {
        return readahead.pagesRead();
    }

    /**
     * A context that faulted at {@code at} (and may have taken a frame) goes on when this returns: at
     * once, or, when reclaim's write-back lags so far that free frames fall to the min watermark, once
     * enough of it has finished (direct reclaim).
     */
    public long reclaimWaitUntil(long at) {
        return io.directReclaimUntil(at, frames.free(), minWatermark);
    }

    /** Returns tenant {@code tenantId}'s second-level table. */
    public SecondLevelTable table(int tenantId) {
        return tables[tenantId];
    }

    /** Registers a listener told before any page is unmapped. */
    public void addInvalidationListener(InvalidationListener listener) {
        evictor.addListener(listener);
    }

    public int totalFrames() {
        return frames.total();
    }

    public int freeFrames() {
        return frames.free();
    }

    public int usedFrames() {
        return frames.total() - frames.free();
    }

    /** Returns how many times reclaim ran. */
    public long reclaimRuns() {
        return reclaim.runs();
    }

    /** Returns pages written to swap, in all. */
    public long swapWrites() {
        return swap.writes();
    }

    /** Returns pages read from swap, in all. */
    public long swapReads() {
        return swap.reads();
    }

    /** Returns pages the swap store holds now. */
    public long swapUsed() {
        return swap.used();
    }

    // ---- access ----

    /**
     * Returns the frame of a resident page, recording the access, or -1 if the page must be faulted
     * in first with {@link #fault(SecondLevelTable, int, boolean)}. The fast path of every access.
     */
    public int frameFor(SecondLevelTable table, int page, boolean write) {
        return table.touch(page, write);
    }

    /**
     * Makes {@code page} resident for an access and records it: populates a zeroed frame (minor),
     * reads it back from swap (major), or, for a first write to a clean page, drops its stale swap
     * copy. Returns what it took; the caller charges the cost.
     *
     * @throws HostOutOfMemoryException if no frame can be freed
     * @throws IllegalStateException    if the page is ballooned
     */
    public FaultKind fault(SecondLevelTable table, int page, boolean write) {
        byte accessBits = (byte) (SecondLevelTable.ACCESSED | (write ? SecondLevelTable.DIRTY : 0));
        switch (table.state(page)) {
            case RESIDENT -> {
                byte bits = table.bits(page);
                if (write && (bits & SecondLevelTable.SWAP_COPY) != 0) {
                    swap.remove(SwapStore.key(table.tenantId(), page));
                    bits &= (byte) ~SecondLevelTable.SWAP_COPY;
                }
                table.setBits(page, (byte) (bits | accessBits));
                return FaultKind.NONE;
            }
            case NOT_POPULATED -> {
                int frame = allocateFrame(table.tenantId(), page, /* zero= */ true);
                table.map(page, frame, (byte) (SecondLevelTable.ACCESSED | SecondLevelTable.DIRTY));
                table.minorFaults++;
                return FaultKind.MINOR;
            }
            case SWAPPED -> {
                long key = SwapStore.key(table.tenantId(), page);
                int frame;
                boolean keepCopy;
                if (!swap.hasRoom() && frames.free() <= lowWatermark) {
                    // Swap is full and reclaim will need a slot: this page's slot must be freed first.
                    swap.read(key, swapInBuffer, 0);
                    swap.remove(key);
                    try {
                        frame = allocateFrame(table.tenantId(), page, /* zero= */ false);
                    } catch (HostOutOfMemoryException e) {
                        swap.write(key, swapInBuffer, 0); // the page's only copy goes back where it was
                        throw e;
                    }
                    MemorySegment.copy(swapInBuffer, 0, frames.chunk(frame), FramePool.offset(frame), FramePool.PAGE_SIZE);
                    keepCopy = false;
                } else {
                    frame = allocateFrame(table.tenantId(), page, /* zero= */ false);
                    swap.read(key, frames.chunk(frame), FramePool.offset(frame));
                    keepCopy = !write && swap.used() * 2 <= swap.capacity();
                    if (!keepCopy) {
                        swap.remove(key);
                    }
                }
                table.map(page, frame, keepCopy ? (byte) (accessBits | SecondLevelTable.SWAP_COPY)
                        : (byte) (accessBits | SecondLevelTable.DIRTY));
                table.majorFaults++;
                lastSwapInPages = 1 + readahead.readAround(table, page);
                return FaultKind.MAJOR;
            }
            case BALLOONED -> throw new IllegalStateException("tenant " + table.tenantId() + " touched guest page "
                    + page + ", which its balloon driver holds");
        }
        throw new AssertionError();
    }

    // ---- pins and DMA locks ----

    /** Pins a page, faulting it in first; a pinned page is never reclaimed. Returns the fault taken. */
    public FaultKind pin(SecondLevelTable table, int page) {
        FaultKind kind = table.frame(page) >= 0 ? FaultKind.NONE : fault(table, page, /* write= */ false);
        table.pin(page);
        return kind;
    }

    /** Releases one pin of a page; an {@link IllegalStateException} if it has none. */
    public void unpin(SecondLevelTable table, int page) {
        table.unpin(page);
    }

    /**
     * Locks a resident page for the length of a DMA: reclaim passes over it until {@link #unlock}. An
     * {@link IllegalStateException} if it is not resident, or holds the most locks an entry can.
     */
    public void lock(SecondLevelTable table, int page) {
        table.lock(page);
    }

    /** Releases one DMA lock of a page; an {@link IllegalStateException} if it has none. */
    public void unlock(SecondLevelTable table, int page) {
        table.unlock(page);
    }

    // ---- ballooning ----

    /**
     * Hands a page to the balloon: listeners are told, its frame is freed with no swap I/O, and any swap
     * copy is dropped. Its contents are gone; the guest must not touch it until {@link #deflate}.
     *
     * @throws IllegalStateException if the page is pinned or locked
     */
    public void balloon(SecondLevelTable table, int page) {
        evictor.takeForBalloon(table, page);
    }

    /** Returns a ballooned page to the guest, never touched again: it reads as zeros. */
    public void deflate(SecondLevelTable table, int page) {
        if (table.state(page) != PageState.BALLOONED) {
            throw new IllegalStateException("tenant " + table.tenantId() + " guest page " + page + " is not ballooned");
        }
        table.deflate(page);
    }

    /**
     * Returns whether {@code page} was accessed since its bit was last cleared, and clears it (Linux's
     * {@code ptep_test_and_clear_young}): the working-set sampler's probe. A page without a frame reads
     * as not accessed. CLOCK shares the bit, so a cleared page looks cold to it until touched again.
     */
    public boolean testAndClearAccessed(SecondLevelTable table, int page) {
        boolean accessed = table.isAccessed(page);
        table.clearAccessed(page);
        return accessed;
    }

    // ---- reclaim ----

    /**
     * Pages out up to {@code pages} resident pages of one tenant, whatever the watermarks: the host
     * forcibly reclaiming from a tenant above its target (ESX's hard and low states). Pages untouched since
     * their accessed bit was last cleared go first ({@link TenantVictimPicker}); pinned and locked pages
     * are passed over. Each goes as in reclaim: listeners are told, a dirty page is written to swap, the
     * frame is freed. Stops early when the tenant has nothing left to take or swap is full. Returns the
     * pages taken.
     */
    public int swapOut(SecondLevelTable table, int pages) {
        if (tables[table.tenantId()] != table) {
            throw new IllegalArgumentException("tenant " + table.tenantId() + "'s table is not this host's");
        }
        int[] victims = new int[Math.max(0, Math.min(pages, table.residentPages()))];
        int picked = victimPicker.pick(table, victims);
        int taken = 0;
        long writesBefore = swap.writes();
        for (int i = 0; i < picked; i++) {
            int page = victims[i];
            if (table.frame(page) < 0 || !table.reclaimable(page)) {
                continue; // changed by a listener told of an earlier victim
            }
            if (!evictor.evict(table.frame(page))) {
                break;
            }
            taken++;
        }
        io.kswapdRan(0, taken, (int) (swap.writes() - writesBefore));
        return taken;
    }

    private int allocateFrame(int tenant, int page, boolean zero) {
        if (frames.free() <= lowWatermark) {
            reclaim.run(/* mayPreferClean= */ true);
        }
        if (frames.free() == 0) {
            reclaim.run(/* mayPreferClean= */ false); // the last resort: whatever can be taken, dirty or not
        }
        if (frames.free() == 0) {
            throw new HostOutOfMemoryException("no free frame for tenant " + tenant + " guest page " + page + ": of the host's "
                    + frames.total() + " frames, " + Arrays.stream(tables).mapToInt(SecondLevelTable::pinnedPages).sum()
                    + " are pinned and reclaim could take none of the rest (locked under DMA, or swap full: it holds "
                    + swap.used() + " of " + swap.capacity() + " pages)");
        }
        return frames.allocate(tenant, page, zero);
    }

    // ---- invariants ----

    /**
     * Checks the accounting: free + used = total, every resident page maps a frame that maps it back,
     * no page is both resident and swapped, swap holds exactly the copies the tables claim, pins and
     * locks are never negative and only on resident pages. Returns the violations found (empty if none).
     */
    public List<String> checkInvariants() {
        return new MemoryInvariants(frames, tables, swap).check();
    }

    /** Picks reclaim victims with {@code selection} (set before anything runs; the CLOCK by default); a factory as below. */
    public void selectVictimsWith(VictimSelection selection) {
        victims.select(selection);
    }

    /**
     * Picks reclaim victims with {@code factory}'s selector, made as a scenario naming it alone makes it: no parameters, the
     * stream {@value VictimSelections#STREAM} of the host's seed. A lambda {@code (frames, parameters, random) -> ...}
     * comes here, one of one argument to the overload above.
     */
    public void selectVictimsWith(VictimSelectorFactory factory) {
        victims.select(factory);
    }

    /**
     * As above with {@code parameters}, as a scenario gives them ({@code victim-selection: {name: ..., params: {...}}});
     * one the factory does not read on this host is refused, whatever it read of them on another.
     *
     * @throws org.overbook.guest.ConfigurationException naming a parameter that is wrong or that the factory did not read
     */
    public void selectVictimsWith(VictimSelectorFactory factory, Parameters parameters) {
        victims.select(factory, parameters);
    }

    @Override
    public void close() {
        try {
            swap.close();
        } finally {
            frames.close();
        }
    }
}
