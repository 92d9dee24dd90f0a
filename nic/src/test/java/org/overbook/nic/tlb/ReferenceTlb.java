package org.overbook.nic.tlb;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * A plain, obviously correct NIC TLB for model-based tests: per set, an array of ways holding entry
 * records, and a list of the set's entries from oldest to newest (by last use for LRU, by fill for FIFO).
 * It borrows only the set-index function from {@link NicTlb}; every policy decision is its own.
 */
final class ReferenceTlb {

    record Entry(int vf, long page, int frame) {}

    /** A replacement the listener would hear of. */
    record Eviction(int vf, long page) {}

    interface SetIndex {
        int of(int vf, long page);
    }

    private final TlbConfig config;
    private final RandomGenerator random;
    private final SetIndex setIndex;
    private final Entry[][] ways;
    private final List<List<Entry>> oldestFirst = new ArrayList<>();
    final long[] hits;
    final long[] misses;
    final long[] inserts;
    final long[] evicted;
    final long[] evictedByOthers;
    final List<Eviction> evictions = new ArrayList<>();

    ReferenceTlb(TlbConfig config, RandomGenerator random, SetIndex setIndex) {
        this.config = config;
        this.random = random;
        this.setIndex = setIndex;
        this.ways = new Entry[config.sets()][config.ways()];
        for (int set = 0; set < config.sets(); set++) {
            oldestFirst.add(new ArrayList<>());
        }
        hits = new long[config.vfs()];
        misses = new long[config.vfs()];
        inserts = new long[config.vfs()];
        evicted = new long[config.vfs()];
        evictedByOthers = new long[config.vfs()];
    }

    int lookup(int vf, long page) {
        int set = setIndex.of(vf, page);
        int way = find(set, vf, page);
        if (way < 0) {
            misses[vf]++;
            return NicTlb.MISS;
        }
        hits[vf]++;
        Entry entry = ways[set][way];
        if (config.replacement() == TlbReplacement.LRU) {
            oldestFirst.get(set).remove(entry);
            oldestFirst.get(set).add(entry);
        }
        return entry.frame();
    }

    void insert(int vf, long page, int frame) {
        int set = setIndex.of(vf, page);
        inserts[vf]++;
        Entry fresh = new Entry(vf, page, frame);
        int present = find(set, vf, page);
        if (present >= 0) {
            place(set, present, fresh);
            return;
        }
        List<Integer> candidates = new ArrayList<>();
        boolean atCap = config.partition() == TlbPartition.QUOTA && owned(set, vf) >= config.quota();
        for (int way = 0; way < config.ways(); way++) {
            Entry entry = ways[set][way];
            if (!atCap || (entry != null && entry.vf() == vf)) {
                candidates.add(way);
            }
        }
        for (int way : candidates) {
            if (ways[set][way] == null) {
                place(set, way, fresh);
                return;
            }
        }
        int victim = -1;
        if (config.replacement() == TlbReplacement.RANDOM) {
            victim = candidates.get(random.nextInt(candidates.size()));
        } else {
            for (Entry entry : oldestFirst.get(set)) {
                int way = find(set, entry.vf(), entry.page());
                if (candidates.contains(way)) {
                    victim = way;
                    break;
                }
            }
        }
        Entry old = ways[set][victim];
        place(set, victim, fresh);
        evicted[old.vf()]++;
        if (old.vf() != vf) {
            evictedByOthers[old.vf()]++;
        }
        evictions.add(new Eviction(old.vf(), old.page()));
    }

    boolean invalidate(int vf, long page) {
        int set = setIndex.of(vf, page);
        int way = find(set, vf, page);
        if (way < 0) {
            return false;
        }
        oldestFirst.get(set).remove(ways[set][way]);
        ways[set][way] = null;
        return true;
    }

    int invalidateAll(int vf) {
        int dropped = 0;
        for (int set = 0; set < config.sets(); set++) {
            for (int way = 0; way < config.ways(); way++) {
                Entry entry = ways[set][way];
                if (entry != null && entry.vf() == vf) {
                    oldestFirst.get(set).remove(entry);
                    ways[set][way] = null;
                    dropped++;
                }
            }
        }
        return dropped;
    }

    /** Returns the entry in a way, or null if the way is free. */
    Entry at(int set, int way) {
        return ways[set][way];
    }

    int occupancy(int vf) {
        int count = 0;
        for (Entry[] set : ways) {
            for (Entry entry : set) {
                if (entry != null && entry.vf() == vf) {
                    count++;
                }
            }
        }
        return count;
    }

    private void place(int set, int way, Entry entry) {
        Entry old = ways[set][way];
        if (old != null) {
            oldestFirst.get(set).remove(old);
        }
        ways[set][way] = entry;
        oldestFirst.get(set).add(entry);
    }

    private int find(int set, int vf, long page) {
        for (int way = 0; way < config.ways(); way++) {
            Entry entry = ways[set][way];
            if (entry != null && entry.vf() == vf && entry.page() == page) {
                return way;
            }
        }
        return -1;
    }

    private int owned(int set, int vf) {
        int count = 0;
        for (Entry entry : ways[set]) {
            if (entry != null && entry.vf() == vf) {
                count++;
            }
        }
        return count;
    }
}
