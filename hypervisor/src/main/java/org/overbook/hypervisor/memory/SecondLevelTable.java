package org.overbook.hypervisor.memory;

/**
 * One tenant's second-level page table (the EPT): for each guest page, its {@link PageState}, its
 * frame when resident, accessed and dirty bits, whether the swap store holds a current copy, a pin
 * count and a DMA lock count. Flat primitive arrays, about 14 bytes a page.
 *
 * <p>Readers anywhere may query it; only {@link HostMemory} changes it.
 */
public final class SecondLevelTable {

    static final byte ACCESSED = 1;
    static final byte DIRTY = 2;
    static final byte SWAP_COPY = 4;

    private final int tenantId;
    private final int pages;
    private final byte[] state;
    private final byte[] bits;
    /**
     * Per page, side by side: its frame (-1 when not resident) at {@code 2 * page} and its DMA lock count
     * after it, so a DMA's lock, unlock and access of a page read one cache line, not two (with many
     * tenants the table is cold).
     */
    private final int[] frameAndLocks;
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
        this.state = new byte[pages];
        this.bits = new byte[pages];
        this.frameAndLocks = new int[2 * pages];
        this.pins = new int[pages];
        for (int page = 0; page < pages; page++) {
            frameAndLocks[2 * page] = -1;
        }
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
        return PageState.of(state[page]);
    }

    /** Returns the frame backing {@code page}, or -1 if it is not resident. */
    public int frame(int page) {
        return frameAndLocks[2 * page];
    }

    public boolean isAccessed(int page) {
        return (bits[page] & ACCESSED) != 0;
    }

    public boolean isDirty(int page) {
        return (bits[page] & DIRTY) != 0;
    }

    /** Returns whether the swap store holds a current copy of {@code page}. */
    public boolean hasSwapCopy(int page) {
        return (bits[page] & SWAP_COPY) != 0;
    }

    public int pinCount(int page) {
        return pins[page];
    }

    public int lockCount(int page) {
        return frameAndLocks[2 * page + 1];
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
        int f = frameAndLocks[2 * page];
        if (f < 0) {
            return -1;
        }
        byte b = bits[page];
        if (write && (b & DIRTY) == 0) {
            return -1;
        }
        bits[page] = (byte) (b | ACCESSED);
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
        state[page] = (byte) PageState.RESIDENT.ordinal();
        frameAndLocks[2 * page] = f;
        bits[page] = newBits;
        resident++;
    }

    void unmapToSwap(int page) {
        state[page] = (byte) PageState.SWAPPED.ordinal();
        frameAndLocks[2 * page] = -1;
        bits[page] = SWAP_COPY;
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
        state[page] = (byte) PageState.BALLOONED.ordinal();
        frameAndLocks[2 * page] = -1;
        bits[page] = 0;
        ballooned++;
    }

    void deflate(int page) {
        state[page] = (byte) PageState.NOT_POPULATED.ordinal();
        ballooned--;
    }

    void setBits(int page, byte newBits) {
        bits[page] = newBits;
    }

    byte bits(int page) {
        return bits[page];
    }

    void clearAccessed(int page) {
        bits[page] &= (byte) ~ACCESSED;
    }

    void pin(int page) {
        if (pins[page]++ == 0) {
            pinned++;
        }
    }

    void unpin(int page) {
        if (--pins[page] == 0) {
            pinned--;
        }
    }

    void lock(int page) {
        frameAndLocks[2 * page + 1]++;
    }

    void unlock(int page) {
        frameAndLocks[2 * page + 1]--;
    }

    /** Returns whether reclaim may take this page's frame. */
    boolean reclaimable(int page) {
        return pins[page] == 0 && frameAndLocks[2 * page + 1] == 0;
    }
}
