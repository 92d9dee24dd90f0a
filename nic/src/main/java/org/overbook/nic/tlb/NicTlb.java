package org.overbook.nic.tlb;

import java.util.Arrays;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * The NIC TLB: a set-associative cache of guest-page to host-frame translations shared by all virtual
 * functions (VFs) of one NIC.
 *
 * <h2>Design</h2>
 * A NIC that translates DMA addresses itself keeps a small on-board cache of its page table (U-Net/MM's
 * NIC TLB [1], UTLB [2], the ODP-capable NICs of [3]). When several tenants share it, one tenant that
 * registers and touches much memory takes the whole cache and the others miss on every page: CLUSTER
 * 2005 [4] names this monopolisation and answers it with fair sharing of NIC translation memory and with
 * upcalls that tell a tenant's library when one of its entries is replaced. This class models the cache
 * and its fairness policies; the page table behind it, the walk cost and the upcall latency belong to
 * the NIC.
 *
 * <p><b>Key and index.</b> The key is (vf, guest page), packed into one tag {@code vf << 48 | page}
 * (pages below 2^48, VF ids below 2^15, so a tag is never negative and -1 marks a free way). The set
 * index is taken from a full 64-bit mix of the tag (see {@code SetMap}), so VFs with the same hot page
 * numbers spread over different sets.
 *
 * <p><b>Partition policies</b> ({@link TlbPartitionPolicy}; the built-ins are {@link TlbPartition}'s).
 * {@code SHARED}: every way of every set is open to every VF.
 * {@code STATIC}: <i>set partitioning</i>. VF {@code v} owns a contiguous range of sets, the first
 * {@code sets % vfs} VFs one set more than the others, and its keys index only that range. Set
 * partitioning rather than way partitioning (as in Intel CAT) because (a) it works for any VF count up to
 * the number of sets, while way partitioning caps the VF count at the associativity (4 to 16); (b) each
 * VF keeps the full associativity, so its conflict misses look like those of a smaller shared cache
 * rather than of a near direct-mapped one; (c) a lookup still probes a single set. Its cost, as with page
 * colouring, is that repartitioning would remap keys; the model fixes the VF count at construction.
 * {@code QUOTA}: a VF may hold at most {@code quota} entries of any one set. At its cap, an insert must
 * replace one of the VF's own entries in that set, chosen by the replacement policy; below its cap, the
 * insert fills the lowest free way of the set, or else the policy chooses among all ways.
 *
 * <p><b>Replacement, exactly</b> ({@link TlbReplacementPolicy}: the TLB keeps the stamps and collects the
 * candidates, the policy chooses; the built-ins are {@link TlbReplacement}'s). An insert of a key already
 * cached overwrites its frame in place,
 * refreshes it (for LRU and FIFO alike: it is a new fill) and evicts nothing. Otherwise the candidate
 * ways are the whole set, or, for a {@code QUOTA} VF at its cap, the VF's own ways of that set. If a
 * candidate way is free, the lowest-numbered free way is filled. Else LRU and FIFO replace the candidate
 * with the oldest stamp: a global counter stamps an entry on every fill and, for LRU only, on every hit.
 * RANDOM draws {@code random.nextInt(candidates)} once and replaces the k-th candidate in way order. The
 * generator is drawn from on that path only: never on lookups, invalidations, fills of free ways or
 * re-inserts, so a reference model given the same seed makes the same choices.
 *
 * <p><b>Fairness metric.</b> {@link #fairness()} is Jain's index [5] over the hit rates of the VFs that
 * made at least one lookup. Hit rate is the outcome a tenant feels and the quantity [4] restores; an index
 * over occupancy shares would call a tenant with a small working set "starved" when it is merely small.
 *
 * <p><b>Left out.</b> Timing (the NIC charges hit and walk costs), huge pages, multi-level TLBs,
 * prefetching, and entry locking for DMA in flight (the NIC's page table does the locking).
 *
 * <p>Hot paths ({@link #lookup}, {@link #insert}) use flat primitive arrays and allocate nothing.
 * Not thread-safe: one simulation, one thread.
 *
 * <p>References: [1] M. Welsh, A. Basu, T. von Eicken, "Incorporating Memory Management into User-Level
 * Network Interfaces" (U-Net/MM), Hot Interconnects 1997. [2] Y. Chen, A. Bilas, S. Damianakis,
 * C. Dubnicki, K. Li, "UTLB: A Mechanism for Address Translation on Network Interfaces", ASPLOS 1998.
 * [3] I. Lesokhin et al., "Page Fault Support for Network Controllers", ASPLOS 2017. [4] "Memory
 * management support for multi-programmed Remote Direct Memory Access (RDMA) systems", IEEE CLUSTER
 * 2005. [5] R. Jain, D. Chiu, W. Hawe, "A Quantitative Measure of Fairness and Discrimination for
 * Resource Allocation in Shared Computer Systems", DEC-TR-301, 1984.
 */
public final class NicTlb {

    /** What {@link #lookup} returns when the translation is not cached; frames are never negative. */
    public static final int MISS = -1;
    /** Largest guest page number a key may carry. */
    public static final long MAX_PAGE = (1L << 48) - 1;
    /** Upper bound (exclusive) on VF ids, so that a tag is never negative. */
    public static final int MAX_VFS = 1 << 15;

    static final int PAGE_BITS = 48;
    static final long FREE = -1L;
    private static final int ANY_VF = -1;
    private static final int COUNTERS = 6;
    private static final int HITS = 0;
    private static final int MISSES = 1;
    private static final int INSERTS = 2;
    private static final int OCCUPANCY = 3;
    private static final int EVICTED = 4;
    private static final int EVICTED_BY_OTHERS = 5;

    private final TlbConfig config;
    private final RandomGenerator random;
    private final TlbEvictionListener listener;

    private final SetMap setMap;
    private final int ways;
    private final int vfCount;
    private final boolean quotaPartition;
    private final boolean refreshOnHit;
    private final TlbReplacementPolicy replacement;
    /** Whether the policy is the built-in LRU or FIFO: the oldest stamp of the set, found without the candidates. */
    private final boolean oldestStamp;
    private final WayCandidates candidates;
    private final int quota;

    /**
     * Per set, side by side from {@code set * stride}: its ways' tags (or FREE), then their recency/fill stamps,
     * then their frames, two to a long (way {@code w} in the low half of long {@code w / 2} when {@code w} is
     * even). A lookup or a fill reads one set's slice, a few adjacent cache lines, rather than a line in each of
     * three arrays: with many VFs the TLB's sets are mostly out of the CPU's nearer caches. Internally a way is
     * named by the index of its tag ({@code set * stride + way}); {@link #tagAt} and {@link #frameAt} take the
     * usual slot number {@code set * ways + way}.
     */
    private final long[] entries;
    private final int stride;
    private long clock;

    /**
     * Per VF, {@value #COUNTERS} longs side by side at {@code vf * COUNTERS}: hits, misses, inserts, occupancy,
     * evicted, evicted by others. An insert that replaces another VF's entry updates its own and the owner's
     * counters, two cache lines rather than five arrays' (with many VFs all of them cold).
     */
    private final long[] counters;

    /**
     * Creates an empty TLB.
     *
     * @param random   the only source of randomness (RANDOM replacement); give it the component's stream
     * @param listener told of every replaced entry; {@link TlbEvictionListener#NONE} if nobody listens
     */
    public NicTlb(TlbConfig config, RandomGenerator random, TlbEvictionListener listener) {
        this.config = Objects.requireNonNull(config, "config");
        this.random = Objects.requireNonNull(random, "random");
        this.listener = Objects.requireNonNull(listener, "listener");
        this.setMap = new SetMap(config);
        this.ways = config.ways();
        this.vfCount = config.vfs();
        this.quotaPartition = config.partition().capsEntriesPerSet();
        this.refreshOnHit = config.replacement().refreshOnHit();
        this.replacement = config.replacement();
        this.oldestStamp = replacement == TlbReplacement.LRU || replacement == TlbReplacement.FIFO;
        this.quota = config.quota();
        this.stride = 2 * ways + (ways + 1) / 2;
        this.entries = new long[config.sets() * stride];
        for (int base = 0; base < entries.length; base += stride) {
            Arrays.fill(entries, base, base + ways, FREE);
            Arrays.fill(entries, base + 2 * ways, base + stride, -1L); // every frame MISS
        }
        this.candidates = new WayCandidates(entries, ways);
        this.counters = new long[vfCount * COUNTERS];
    }

    /** Returns the settings this TLB was built with. */
    public TlbConfig config() {
        return config;
    }

    /**
     * Returns the frame cached for this VF's guest page, or {@link #MISS}; counts a hit or a miss for the
     * VF and, under LRU, refreshes the entry.
     */
    public int lookup(int vf, long page) {
        long tag = tagOf(vf, page);
        int base = setMap.setOf(vf, tag) * stride;
        for (int way = 0; way < ways; way++) {
            if (entries[base + way] == tag) {
                if (refreshOnHit) {
                    entries[base + ways + way] = ++clock;
                }
                counters[vf * COUNTERS + HITS]++;
                return frame(base, way);
            }
        }
        counters[vf * COUNTERS + MISSES]++;
        return MISS;
    }

    /**
     * Caches the translation of this VF's guest page, replacing a valid entry if the policies say so; the
     * replaced entry is reported to the eviction listener before this method returns.
     *
     * @throws IllegalArgumentException if {@code frame} is negative or the key is out of range
     */
    public void insert(int vf, long page, int frame) {
        if (frame < 0) {
            throw new IllegalArgumentException("frame = " + frame + "; accepted: >= 0");
        }
        long tag = tagOf(vf, page);
        int base = setMap.setOf(vf, tag) * stride;
        counters[vf * COUNTERS + INSERTS]++;
        for (int way = 0; way < ways; way++) {
            if (entries[base + way] == tag) {
                fill(base, way, tag, frame);
                return;
            }
        }
        int way = chooseSlot(vf, base) - base;
        long replaced = entries[base + way];
        fill(base, way, tag, frame);
        counters[vf * COUNTERS + OCCUPANCY]++;
        if (replaced != FREE) {
            int owner = ownerOf(replaced);
            int at = owner * COUNTERS;
            counters[at + OCCUPANCY]--;
            counters[at + EVICTED]++;
            if (owner != vf) {
                counters[at + EVICTED_BY_OTHERS]++;
            }
            listener.evicted(owner, replaced & MAX_PAGE);
        }
    }

    /** Drops this VF's translation of the page, if cached, without telling the eviction listener. */
    public boolean invalidate(int vf, long page) {
        long tag = tagOf(vf, page);
        int base = setMap.setOf(vf, tag) * stride;
        for (int way = 0; way < ways; way++) {
            if (entries[base + way] == tag) {
                free(base, way, vf);
                return true;
            }
        }
        return false;
    }

    /** Drops every translation of this VF without telling the eviction listener; returns how many. */
    public int invalidateAll(int vf) {
        checkVf(vf);
        int from = setMap.firstSet(vf) * stride;
        int to = from + setMap.setCount(vf) * stride;
        int dropped = 0;
        for (int base = from; base < to && counters[vf * COUNTERS + OCCUPANCY] > 0; base += stride) {
            for (int way = 0; way < ways && counters[vf * COUNTERS + OCCUPANCY] > 0; way++) {
                long tag = entries[base + way];
                if (tag != FREE && ownerOf(tag) == vf) {
                    free(base, way, vf);
                    dropped++;
                }
            }
        }
        return dropped;
    }

    /** Returns a snapshot of this VF's counters. */
    public TlbVfStats stats(int vf) {
        checkVf(vf);
        int at = vf * COUNTERS;
        return new TlbVfStats(counters[at + HITS], counters[at + MISSES], counters[at + INSERTS], counters[at + EVICTED],
                counters[at + EVICTED_BY_OTHERS], (int) counters[at + OCCUPANCY]);
    }

    /**
     * Returns Jain's fairness index, {@code (sum x)^2 / (n * sum x^2)}, over the hit rates {@code x} of
     * the {@code n} VFs that made at least one lookup: 1 when all hit equally often, {@code 1/n} when one
     * VF takes every hit. Returns 1 when no VF has looked up or none has hit.
     */
    public double fairness() {
        double[] rates = new double[vfCount];
        int active = 0;
        for (int vf = 0; vf < vfCount; vf++) {
            long hits = counters[vf * COUNTERS + HITS];
            long lookups = hits + counters[vf * COUNTERS + MISSES];
            if (lookups > 0) {
                rates[active++] = (double) hits / lookups;
            }
        }
        return JainIndex.of(rates, active);
    }

    /** Zeroes the hit, miss, insert and eviction counters (after a warm-up); contents and occupancy stay. */
    public void resetCounters() {
        for (int at = 0; at < counters.length; at += COUNTERS) {
            counters[at + HITS] = 0;
            counters[at + MISSES] = 0;
            counters[at + INSERTS] = 0;
            counters[at + EVICTED] = 0;
            counters[at + EVICTED_BY_OTHERS] = 0;
        }
    }

    // ---- package-private views for tests and invariant checks ----

    /** Returns the set this VF's page maps to. */
    int setIndex(int vf, long page) {
        return setMap.setOf(vf, tagOf(vf, page));
    }

    /** Returns the tag in a slot ({@code set * ways + way}), or {@link #FREE}. */
    long tagAt(int slot) {
        return entries[slot / ways * stride + slot % ways];
    }

    /** Returns the frame in a slot, or {@link #MISS} if the slot is free. */
    int frameAt(int slot) {
        return frame(slot / ways * stride, slot % ways);
    }

    /** Returns the first set of a VF's STATIC partition (0 for the other policies). */
    int partitionFirstSet(int vf) {
        return setMap.firstSet(vf);
    }

    /** Returns the number of sets in a VF's STATIC partition (all for the other policies). */
    int partitionSets(int vf) {
        return setMap.setCount(vf);
    }

    static int ownerOf(long tag) {
        return (int) (tag >>> PAGE_BITS);
    }

    // ---- internals ----

    /** Returns the index of the tag of the way to fill in the set at {@code base}. */
    private int chooseSlot(int vf, int base) {
        if (quotaPartition && owned(vf, base) >= quota) {
            return victim(base, vf);
        }
        for (int slot = base, end = base + ways; slot < end; slot++) {
            if (entries[slot] == FREE) {
                return slot;
            }
        }
        return oldestStamp ? candidates.oldestOfSet(base) : victim(base, ANY_VF);
    }

    /** Picks the slot to replace among the valid candidates of a set: all ways, or those of {@code owner}. */
    private int victim(int base, int owner) {
        candidates.count = 0;
        for (int slot = base, end = base + ways; slot < end; slot++) {
            if (owner == ANY_VF || ownerOf(entries[slot]) == owner) {
                candidates.slots[candidates.count++] = slot;
            }
        }
        int chosen = replacement.victim(candidates, random);
        if (chosen < 0 || chosen >= candidates.count) {
            // named by its class: a plug-in's own toString() may be Object's, whose hash differs from run to run
            throw new IllegalStateException("TLB replacement " + replacement.getClass().getName() + " chose candidate " + chosen
                    + " of " + candidates.count + "; accepted: 0 to " + (candidates.count - 1));
        }
        return candidates.slots[chosen];
    }

    /** Counts the valid entries of a VF in the set starting at {@code base}. */
    private int owned(int vf, int base) {
        int count = 0;
        for (int slot = base, end = base + ways; slot < end; slot++) {
            if (entries[slot] != FREE && ownerOf(entries[slot]) == vf) {
                count++;
            }
        }
        return count;
    }

    /** Puts {@code tag} and {@code frame} in a way of the set at {@code base}, stamped now. */
    private void fill(int base, int way, long tag, int frame) {
        entries[base + way] = tag;
        entries[base + ways + way] = ++clock;
        setFrame(base, way, frame);
    }

    private void free(int base, int way, int vf) {
        entries[base + way] = FREE;
        entries[base + ways + way] = 0;
        setFrame(base, way, MISS);
        counters[vf * COUNTERS + OCCUPANCY]--;
    }

    private int frame(int base, int way) {
        return (int) (entries[base + 2 * ways + (way >> 1)] >> ((way & 1) << 5));
    }

    private void setFrame(int base, int way, int frame) {
        int at = base + 2 * ways + (way >> 1);
        int shift = (way & 1) << 5;
        entries[at] = entries[at] & ~(0xFFFF_FFFFL << shift) | (frame & 0xFFFF_FFFFL) << shift;
    }

    private long tagOf(int vf, long page) {
        if (vf < 0 || vf >= vfCount || (page >>> PAGE_BITS) != 0) {
            throw badKey(vf, page);
        }
        return ((long) vf << PAGE_BITS) | page;
    }

    private void checkVf(int vf) {
        if (vf < 0 || vf >= vfCount) {
            throw badKey(vf, 0);
        }
    }

    private IllegalArgumentException badKey(int vf, long page) {
        if (vf < 0 || vf >= vfCount) {
            return new IllegalArgumentException("vf = " + vf + "; accepted: 0 .. " + (vfCount - 1));
        }
        return new IllegalArgumentException("page = " + page + "; accepted: 0 .. " + MAX_PAGE);
    }
}
