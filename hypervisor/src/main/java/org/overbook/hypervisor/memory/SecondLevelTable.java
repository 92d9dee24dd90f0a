package org.overbook.hypervisor.memory;

import java.util.Arrays;

/**
 * One tenant's second-level page table (the EPT): for each guest page, its {@link PageState}, its
 * frame when resident, accessed and dirty bits, whether the swap store holds a current copy, a pin
 * count and a DMA lock count. Flat primitive arrays, 12 bytes a page.
 *
 * <p>A page's frame, bits, state and DMA lock count share one long ({@code entry}: the frame in the low 32
 * bits, -1 for none, then the bits, then the state's ordinal, then the lock count in the top 16 bits), so an
 * access, which needs the frame and the bits, reads one array slot: one cache line where separate arrays
 * took two, and on a table that is not in the CPU's caches (many tenants, random pages) that is a memory
 * access saved per guest or NIC access. A DMA locks, notes and unlocks its pages on that same line. The
 * accessed bit is written only when it was clear, so repeated accesses leave the line clean.
 *
 * <p>Readers anywhere may query it; only {@link HostMemory} changes it.
 */
public final class SecondLevelTable {

    static final byte ACCESSED = 1;
    static final byte DIRTY = 2;
    static final byte SWAP_COPY = 4;

    private final int tenantId;
    private final int pages;
    private static final int BITS_SHIFT = 32;
    private static final int STATE_SHIFT = 40;
    private static final long FRAME_MASK = 0xFFFF_FFFFL;
    private static final long BITS_MASK = 0xFFL << BITS_SHIFT;
    private static final long STATE_MASK = 0xFFL << STATE_SHIFT;
    private static final int LOCKS_SHIFT = 48;
    private static final long ONE_LOCK = 1L << LOCKS_SHIFT;
    private static final long LOCKS_MASK = -1L << LOCKS_SHIFT;
    private static final int MAX_LOCKS = 0xFFFF;
    private static final long ACCESSED_BIT = (long) ACCESSED << BITS_SHIFT;
    private static final long DIRTY_BIT = (long) DIRTY << BITS_SHIFT;
    /** A page with no frame, no bits, not populated. */
    private static final long EMPTY = FRAME_MASK;

    /** Per page: frame (low 32 bits), bits, state ordinal, lock count (top 16 bits). */
    private final long[] entry;
    private final int[] pins;
    private int resident;
    private int swapped;
    private int ballooned;
    private int pinned;
    long minorFaults;
    long majorFaults;
    long swapOuts;
    long cleanDrops;

    SecondLevelTable(int tenantId, int pages) {
        this.tenantId = tenantId;
        this.pages = pages;
        this.entry = new long[pages];
        this.pins = new int[pages];
        Arrays.fill(entry, EMPTY);
    }

    /** Returns the tenant this table maps. */
    public int tenantId() {
        return tenantId;
    }

    /** Returns the number of guest pages. */
    public int pages() {
        return pages;
    }

    public PageState state(int page) {
        return PageState.of((byte) (entry[page] >>> STATE_SHIFT));
    }

    /** Returns the frame backing {@code page}, or -1 if it is not resident. */
    public int frame(int page) {
        return (int) entry[page];
    }

    public boolean isAccessed(int page) {
        return (bits(page) & ACCESSED) != 0;
    }

    public boolean isDirty(int page) {
        return (bits(page) & DIRTY) != 0;
    }

    /** Returns whether the swap store holds a current copy of {@code page}. */
    public boolean hasSwapCopy(int page) {
        return (bits(page) & SWAP_COPY) != 0;
    }

    public int pinCount(int page) {
        return pins[page];
    }

    public int lockCount(int page) {
        return (int) (entry[page] >>> LOCKS_SHIFT);
    }

    public int residentPages() {
        return resident;
    }

    public int swappedPages() {
        return swapped;
    }

    public int balloonedPages() {
        return ballooned;
    }

    /** Returns how many pages have a pin count above zero. */
    public int pinnedPages() {
        return pinned;
    }

    /** Returns faults that populated a zeroed frame, from any side (CPU or NIC). */
    public long minorFaults() {
        return minorFaults;
    }

    /** Returns faults that read a page back from swap, from any side. */
    public long majorFaults() {
        return majorFaults;
    }

    /** Returns pages of this tenant written to the swap store. */
    public long swapOuts() {
        return swapOuts;
    }

    /** Returns pages of this tenant reclaimed without a write because swap held a current copy. */
    public long cleanDrops() {
        return cleanDrops;
    }

    // ---- fast path for accesses, used by the guest and the NIC through HostMemory ----

    /**
     * Returns the frame of a resident page and records the access, or -1 when the page needs the
     * host: not resident, or a first write to a clean page (whose swap copy must go).
     */
    int touch(int page, boolean write) {
        long e = entry[page];
        int f = (int) e;
        if (f < 0) {
            return -1;
        }
        if (write && (e & DIRTY_BIT) == 0) {
            return -1;
        }
        if ((e & ACCESSED_BIT) == 0) {
            entry[page] = e | ACCESSED_BIT;
        }
        return f;
    }

    // ---- transitions, by HostMemory only ----

    void map(int page, int f, byte newBits) {
        PageState old = state(page);
        if (old == PageState.SWAPPED) {
            swapped--;
        } else if (old == PageState.BALLOONED) {
            ballooned--;
        }
        set(page, PageState.RESIDENT, f, newBits);
        resident++;
    }

    void unmapToSwap(int page) {
        set(page, PageState.SWAPPED, -1, SWAP_COPY);
        resident--;
        swapped++;
    }

    void balloon(int page) {
        PageState old = state(page);
        if (old == PageState.RESIDENT) {
            resident--;
        } else if (old == PageState.SWAPPED) {
            swapped--;
        }
        set(page, PageState.BALLOONED, -1, (byte) 0);
        ballooned++;
    }

    void deflate(int page) {
        entry[page] = (entry[page] & ~STATE_MASK) | (long) PageState.NOT_POPULATED.ordinal() << STATE_SHIFT;
        ballooned--;
    }

    void setBits(int page, byte newBits) {
        entry[page] = (entry[page] & ~BITS_MASK) | (newBits & 0xFFL) << BITS_SHIFT;
    }

    byte bits(int page) {
        return (byte) (entry[page] >>> BITS_SHIFT);
    }

    void clearAccessed(int page) {
        entry[page] &= ~ACCESSED_BIT;
    }

    /** Sets a page's state, frame and bits; its lock count stays. */
    private void set(int page, PageState state, int f, byte newBits) {
        entry[page] = (entry[page] & LOCKS_MASK) | (long) state.ordinal() << STATE_SHIFT
                | (newBits & 0xFFL) << BITS_SHIFT | (f & FRAME_MASK);
    }

    void pin(int page) {
        if (pins[page]++ == 0) {
            pinned++;
        }
    }

    /** Releases one pin; refused if the page has none. */
    void unpin(int page) {
        if (pins[page] <= 0) {
            throw new IllegalStateException("tenant " + tenantId + " guest page " + page + " is not pinned");
        }
        if (--pins[page] == 0) {
            pinned--;
        }
    }

    /** Takes one DMA lock of a resident page; refused if it is not resident or has the most locks an entry holds. */
    void lock(int page) {
        if (frame(page) < 0) {
            throw new IllegalStateException("tenant " + tenantId + " guest page " + page + " is not resident; fault it in before locking");
        }
        if (lockCount(page) == MAX_LOCKS) {
            throw new IllegalStateException("tenant " + tenantId + " guest page " + page + " has " + MAX_LOCKS
                    + " DMA locks, the most an entry holds");
        }
        entry[page] += ONE_LOCK;
    }

    /** Drops one DMA lock; refused if the page has none. */
    void unlock(int page) {
        if (lockCount(page) <= 0) {
            throw new IllegalStateException("tenant " + tenantId + " guest page " + page + " is not locked");
        }
        entry[page] -= ONE_LOCK;
    }

    /** Returns whether reclaim may take this page's frame. */
    boolean reclaimable(int page) {
        return pins[page] == 0 && lockCount(page) == 0;
    }
}
