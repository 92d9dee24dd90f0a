package org.overbook.nic.tlb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * Model-based test: random sequences of lookups, inserts and invalidations across 1 to 4 VFs, on small
 * geometries, run against {@link NicTlb} and {@link ReferenceTlb}; results, listener calls, counters and
 * every slot must agree after every step. One property per replacement x partition policy. RANDOM gets
 * two generators from the same seed, so the draws (one per eviction) must line up exactly.
 */
class TlbModelPropertyTest {

    sealed interface Op permits Lookup, Insert, Invalidate, InvalidateAll {}

    record Lookup(int vf, long page) implements Op {}

    record Insert(int vf, long page, int frame) implements Op {}

    record Invalidate(int vf, long page) implements Op {}

    record InvalidateAll(int vf) implements Op {}

    @Property(tries = 200, seed = "7001")
    void lruShared(@ForAll("ops") @Size(min = 1, max = 300) List<Op> ops, @ForAll @IntRange(min = 0, max = 3) int setBits,
                   @ForAll @IntRange(min = 1, max = 4) int ways, @ForAll @IntRange(min = 1, max = 4) int vfs,
                   @ForAll @IntRange(min = 1, max = 4) int quota, @ForAll long seed) {
        agree(TlbReplacement.LRU, TlbPartition.SHARED, ops, setBits, ways, vfs, quota, seed);
    }

    @Property(tries = 200, seed = "7002")
    void lruStatic(@ForAll("ops") @Size(min = 1, max = 300) List<Op> ops, @ForAll @IntRange(min = 0, max = 3) int setBits,
                   @ForAll @IntRange(min = 1, max = 4) int ways, @ForAll @IntRange(min = 1, max = 4) int vfs,
                   @ForAll @IntRange(min = 1, max = 4) int quota, @ForAll long seed) {
        agree(TlbReplacement.LRU, TlbPartition.STATIC, ops, setBits, ways, vfs, quota, seed);
    }

    @Property(tries = 200, seed = "7003")
    void lruQuota(@ForAll("ops") @Size(min = 1, max = 300) List<Op> ops, @ForAll @IntRange(min = 0, max = 3) int setBits,
                  @ForAll @IntRange(min = 1, max = 4) int ways, @ForAll @IntRange(min = 1, max = 4) int vfs,
                  @ForAll @IntRange(min = 1, max = 4) int quota, @ForAll long seed) {
        agree(TlbReplacement.LRU, TlbPartition.QUOTA, ops, setBits, ways, vfs, quota, seed);
    }

    @Property(tries = 200, seed = "7004")
    void fifoShared(@ForAll("ops") @Size(min = 1, max = 300) List<Op> ops, @ForAll @IntRange(min = 0, max = 3) int setBits,
                    @ForAll @IntRange(min = 1, max = 4) int ways, @ForAll @IntRange(min = 1, max = 4) int vfs,
                    @ForAll @IntRange(min = 1, max = 4) int quota, @ForAll long seed) {
        agree(TlbReplacement.FIFO, TlbPartition.SHARED, ops, setBits, ways, vfs, quota, seed);
    }

    @Property(tries = 200, seed = "7005")
    void fifoStatic(@ForAll("ops") @Size(min = 1, max = 300) List<Op> ops, @ForAll @IntRange(min = 0, max = 3) int setBits,
                    @ForAll @IntRange(min = 1, max = 4) int ways, @ForAll @IntRange(min = 1, max = 4) int vfs,
                    @ForAll @IntRange(min = 1, max = 4) int quota, @ForAll long seed) {
        agree(TlbReplacement.FIFO, TlbPartition.STATIC, ops, setBits, ways, vfs, quota, seed);
    }

    @Property(tries = 200, seed = "7006")
    void fifoQuota(@ForAll("ops") @Size(min = 1, max = 300) List<Op> ops, @ForAll @IntRange(min = 0, max = 3) int setBits,
                   @ForAll @IntRange(min = 1, max = 4) int ways, @ForAll @IntRange(min = 1, max = 4) int vfs,
                   @ForAll @IntRange(min = 1, max = 4) int quota, @ForAll long seed) {
        agree(TlbReplacement.FIFO, TlbPartition.QUOTA, ops, setBits, ways, vfs, quota, seed);
    }

    @Property(tries = 200, seed = "7007")
    void randomShared(@ForAll("ops") @Size(min = 1, max = 300) List<Op> ops, @ForAll @IntRange(min = 0, max = 3) int setBits,
                      @ForAll @IntRange(min = 1, max = 4) int ways, @ForAll @IntRange(min = 1, max = 4) int vfs,
                      @ForAll @IntRange(min = 1, max = 4) int quota, @ForAll long seed) {
        agree(TlbReplacement.RANDOM, TlbPartition.SHARED, ops, setBits, ways, vfs, quota, seed);
    }

    @Property(tries = 200, seed = "7008")
    void randomStatic(@ForAll("ops") @Size(min = 1, max = 300) List<Op> ops, @ForAll @IntRange(min = 0, max = 3) int setBits,
                      @ForAll @IntRange(min = 1, max = 4) int ways, @ForAll @IntRange(min = 1, max = 4) int vfs,
                      @ForAll @IntRange(min = 1, max = 4) int quota, @ForAll long seed) {
        agree(TlbReplacement.RANDOM, TlbPartition.STATIC, ops, setBits, ways, vfs, quota, seed);
    }

    @Property(tries = 200, seed = "7009")
    void randomQuota(@ForAll("ops") @Size(min = 1, max = 300) List<Op> ops, @ForAll @IntRange(min = 0, max = 3) int setBits,
                     @ForAll @IntRange(min = 1, max = 4) int ways, @ForAll @IntRange(min = 1, max = 4) int vfs,
                     @ForAll @IntRange(min = 1, max = 4) int quota, @ForAll long seed) {
        agree(TlbReplacement.RANDOM, TlbPartition.QUOTA, ops, setBits, ways, vfs, quota, seed);
    }

    @Provide
    Arbitrary<List<Op>> ops() {
        Arbitrary<Integer> vf = Arbitraries.integers().between(0, 3);
        // A few small pages so sets collide, and the extremes of the page range so tag packing is exercised.
        Arbitrary<Long> page = Arbitraries.frequencyOf(
                Tuple.of(9, Arbitraries.longs().between(0, 11)),
                Tuple.of(1, Arbitraries.of(NicTlb.MAX_PAGE, NicTlb.MAX_PAGE - 1, 1L << 40)));
        Arbitrary<Integer> frame = Arbitraries.integers().between(0, 1_000);
        Arbitrary<Op> op = Arbitraries.frequencyOf(
                Tuple.of(4, Combinators.combine(vf, page).as(Lookup::new)),
                Tuple.of(4, Combinators.combine(vf, page, frame).as(Insert::new)),
                Tuple.of(2, Combinators.combine(vf, page).as(Invalidate::new)),
                Tuple.of(1, vf.map(InvalidateAll::new)));
        return op.list();
    }

    private static void agree(TlbReplacement replacement, TlbPartition partition, List<Op> ops,
                              int setBits, int ways, int vfs, int quota, long seed) {
        int sets = 1 << setBits;
        int vfCount = partition == TlbPartition.STATIC ? Math.min(vfs, sets) : vfs;
        TlbConfig config = new TlbConfig(sets, ways, vfCount, replacement, partition, 1 + (quota - 1) % ways);
        List<ReferenceTlb.Eviction> heard = new ArrayList<>();
        NicTlb tlb = new NicTlb(config, new SplittableRandom(seed),
                (vf, page) -> heard.add(new ReferenceTlb.Eviction(vf, page)));
        ReferenceTlb reference = new ReferenceTlb(config, new SplittableRandom(seed), tlb::setIndex);
        int step = 0;
        for (Op op : ops) {
            String where = config + " seed " + seed + " step " + step++ + " " + op;
            switch (op) {
                case Lookup(int v, long page) ->
                        assertEquals(reference.lookup(v % vfCount, page), tlb.lookup(v % vfCount, page), where);
                case Insert(int v, long page, int frame) -> {
                    reference.insert(v % vfCount, page, frame);
                    tlb.insert(v % vfCount, page, frame);
                }
                case Invalidate(int v, long page) ->
                        assertEquals(reference.invalidate(v % vfCount, page), tlb.invalidate(v % vfCount, page), where);
                case InvalidateAll(int v) ->
                        assertEquals(reference.invalidateAll(v % vfCount), tlb.invalidateAll(v % vfCount), where);
            }
            assertEquals(reference.evictions, heard, where);
            assertSameContents(config, reference, tlb, where);
            assertSameCounters(config, reference, tlb, where);
        }
        TlbInvariants.check(tlb);
    }

    private static void assertSameContents(TlbConfig config, ReferenceTlb reference, NicTlb tlb, String where) {
        for (int set = 0; set < config.sets(); set++) {
            for (int way = 0; way < config.ways(); way++) {
                int slot = set * config.ways() + way;
                ReferenceTlb.Entry expected = reference.at(set, way);
                long tag = tlb.tagAt(slot);
                ReferenceTlb.Entry actual = tag == NicTlb.FREE ? null
                        : new ReferenceTlb.Entry(NicTlb.ownerOf(tag), tag & NicTlb.MAX_PAGE, tlb.frameAt(slot));
                assertEquals(expected, actual, where + ": set " + set + " way " + way);
            }
        }
    }

    private static void assertSameCounters(TlbConfig config, ReferenceTlb reference, NicTlb tlb, String where) {
        for (int vf = 0; vf < config.vfs(); vf++) {
            TlbVfStats expected = new TlbVfStats(reference.hits[vf], reference.misses[vf], reference.inserts[vf],
                    reference.evicted[vf], reference.evictedByOthers[vf], reference.occupancy(vf));
            assertEquals(expected, tlb.stats(vf), where + ": VF " + vf);
        }
    }
}
