package org.overbook.nic.tlb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.Named;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Example tests of the NIC TLB: monopolisation, partitions, quotas, the listener and the counters. */
class NicTlbTest {

    private static final long SEED = 20_261_122L;

    private final List<long[]> heard = new ArrayList<>();
    private final List<NicTlb> built = new ArrayList<>();

    @AfterEach
    void validate() {
        built.forEach(TlbInvariants::check);
    }

    private NicTlb tlb(TlbConfig config) {
        return tlb(config, new SplittableRandom(SEED));
    }

    private NicTlb tlb(TlbConfig config, RandomGenerator random) {
        NicTlb tlb = new NicTlb(config, random, (vf, page) -> heard.add(new long[] {vf, page}));
        built.add(tlb);
        return tlb;
    }

    /** VFs 1..3 warm a few pages each, then VF 0 streams through many pages; returns the survivors' hits. */
    private static int[] flood(NicTlb tlb) {
        int[] before = new int[4];
        for (int vf = 1; vf < 4; vf++) {
            for (long page = 0; page < 6; page++) {
                tlb.insert(vf, page, /* frame= */ (int) (100 * vf + page));
            }
            for (long page = 0; page < 6; page++) {
                before[vf] += tlb.lookup(vf, page) == NicTlb.MISS ? 0 : 1;
            }
        }
        for (long page = 0; page < 100_000; page++) {
            tlb.insert(/* vf= */ 0, page, /* frame= */ (int) page);
        }
        int[] after = new int[4];
        for (int vf = 1; vf < 4; vf++) {
            for (long page = 0; page < 6; page++) {
                after[vf] += tlb.lookup(vf, page) == NicTlb.MISS ? 0 : 1;
            }
            assertTrue(before[vf] > 0, "VF " + vf + " warmed nothing");
        }
        after[0] = before[1] + before[2] + before[3];
        return after;
    }

    @ParameterizedTest
    @EnumSource(TlbReplacement.class)
    void oneVfMonopolisesASharedTlb(TlbReplacement replacement) {
        NicTlb tlb = tlb(TlbConfig.of(16, 4, 4, replacement, TlbPartition.SHARED));
        int[] survivors = flood(tlb);
        assertEquals(0, survivors[1] + survivors[2] + survivors[3], "others' entries survived the flood");
        for (int vf = 1; vf < 4; vf++) {
            assertTrue(tlb.stats(vf).evictedByOthers() > 0, "VF " + vf + " was never evicted by VF 0");
            assertEquals(0, tlb.stats(vf).occupancy());
        }
        assertEquals(64, tlb.stats(0).occupancy());
    }

    @ParameterizedTest
    @EnumSource(TlbReplacement.class)
    void staticPartitionsProtectTheOthers(TlbReplacement replacement) {
        NicTlb tlb = tlb(TlbConfig.of(16, 4, 4, replacement, TlbPartition.STATIC));
        int[] survivors = flood(tlb);
        assertEquals(survivors[0], survivors[1] + survivors[2] + survivors[3], "a warmed entry was lost");
        for (int vf = 0; vf < 4; vf++) {
            assertEquals(0, tlb.stats(vf).evictedByOthers(), "VF " + vf);
        }
        assertEquals(16, tlb.stats(0).occupancy(), "VF 0 holds exactly its 4 sets x 4 ways");
    }

    @Test
    void staticPartitionsSplitUnevenSetCounts() {
        NicTlb tlb = tlb(TlbConfig.of(8, 2, 3, TlbReplacement.LRU, TlbPartition.STATIC));
        assertEquals(List.of(0, 3, 6), List.of(tlb.partitionFirstSet(0), tlb.partitionFirstSet(1), tlb.partitionFirstSet(2)));
        assertEquals(List.of(3, 3, 2), List.of(tlb.partitionSets(0), tlb.partitionSets(1), tlb.partitionSets(2)));
        for (long page = 0; page < 1_000; page++) {
            tlb.insert((int) (page % 3), page, 1);
        }
        assertEquals(List.of(6, 6, 4), List.of(tlb.stats(0).occupancy(), tlb.stats(1).occupancy(), tlb.stats(2).occupancy()));
    }

    @Test
    void staticNeedsNoMoreVfsThanSets() {
        var error = assertThrows(IllegalArgumentException.class,
                () -> TlbConfig.of(4, 8, 5, TlbReplacement.LRU, TlbPartition.STATIC));
        assertTrue(error.getMessage().contains("vfs <= sets"), error.getMessage());
        TlbConfig.of(4, 1, 4, TlbReplacement.LRU, TlbPartition.STATIC);
    }

    @Test
    void setsThatAreNotAPowerOfTwoAreRefusedWithTheNearestOnes() {
        var error = assertThrows(IllegalArgumentException.class,
                () -> TlbConfig.of(500, 8, 1, TlbReplacement.LRU, TlbPartition.SHARED));
        assertEquals("sets = 500; accepted: a power of two >= 1 (the nearest are 256 and 512)", error.getMessage());
    }

    @ParameterizedTest
    @EnumSource(TlbReplacement.class)
    void aVfAtItsQuotaReplacesOnlyItsOwnEntries(TlbReplacement replacement) {
        NicTlb tlb = tlb(new TlbConfig(1, 4, 2, replacement, TlbPartition.QUOTA, /* quota= */ 2));
        tlb.insert(1, 100, 100);
        for (long page = 0; page < 50; page++) {
            tlb.insert(0, page, (int) page);
            assertTrue(tlb.stats(0).occupancy() <= 2);
        }
        assertEquals(2, tlb.stats(0).occupancy(), "VF 0 is held at its quota although ways are free");
        assertEquals(100, tlb.lookup(1, 100));
        assertEquals(48, tlb.stats(0).evicted());
        assertEquals(0, tlb.stats(1).evicted());
        tlb.insert(1, 101, 101);
        tlb.insert(1, 102, 102);
        assertEquals(2, tlb.stats(1).occupancy(), "VF 1 is capped too");
        assertEquals(1, tlb.stats(1).evicted());
    }

    /** A plug-in's policy that answers one past the last candidate, with no toString() of its own. */
    static final class OnePastTheEnd implements TlbReplacementPolicy {
        @Override
        public boolean refreshOnHit() {
            return true;
        }

        @Override
        public int victim(TlbCandidates candidates, RandomGenerator random) {
            return candidates.count();
        }
    }

    @Test
    void aReplacementThatChoosesNoCandidateIsNamedByItsClassWithTheRangeItMayChooseFrom() {
        NicTlb tlb = tlb(new TlbConfig(1, 4, 1, new OnePastTheEnd(), TlbPartition.SHARED, 0));
        for (long page = 0; page < 4; page++) {
            tlb.insert(0, page, (int) page);
        }
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> tlb.insert(0, 4, 4));
        assertEquals("TLB replacement org.overbook.nic.tlb.NicTlbTest$OnePastTheEnd chose candidate 4 of 4; accepted: 0 to 3",
                e.getMessage());
    }

    @Test
    void belowItsQuotaAVfMayReplaceAnyone() {
        NicTlb tlb = tlb(new TlbConfig(1, 4, 2, TlbReplacement.LRU, TlbPartition.QUOTA, /* quota= */ 3));
        for (long page = 0; page < 3; page++) {
            tlb.insert(0, page, (int) page);
        }
        tlb.insert(1, 10, 10);
        tlb.insert(1, 11, 11);
        assertEquals(NicTlb.MISS, tlb.lookup(0, 0), "VF 0's least recent entry was the LRU victim");
        assertEquals(1, tlb.stats(0).evictedByOthers());
        assertEquals(2, tlb.stats(1).occupancy());
    }

    @Test
    void underLruTheLeastRecentlyUsedGoesUnderFifoTheFirstIn() {
        NicTlb lru = tlb(TlbConfig.of(1, 2, 1, TlbReplacement.LRU, TlbPartition.SHARED));
        NicTlb fifo = tlb(TlbConfig.of(1, 2, 1, TlbReplacement.FIFO, TlbPartition.SHARED));
        for (NicTlb tlb : List.of(lru, fifo)) {
            tlb.insert(0, 1, 1);
            tlb.insert(0, 2, 2);
            tlb.lookup(0, 1);
            tlb.insert(0, 3, 3);
        }
        assertEquals(1, lru.lookup(0, 1));
        assertEquals(NicTlb.MISS, lru.lookup(0, 2));
        assertEquals(NicTlb.MISS, fifo.lookup(0, 1));
        assertEquals(2, fifo.lookup(0, 2));
    }

    @Test
    void theListenerHearsOnlyReplacementsInOrder() {
        NicTlb tlb = tlb(TlbConfig.of(1, 2, 2, TlbReplacement.LRU, TlbPartition.SHARED));
        tlb.insert(0, 1, 1);
        tlb.insert(1, 2, 2);
        tlb.insert(0, 1, 5);
        assertEquals(5, tlb.lookup(0, 1));
        assertEquals(0, heard.size(), "fills of free ways and re-inserts are not replacements");
        tlb.insert(0, 3, 3);
        tlb.insert(0, 4, 4);
        assertEquals(2, heard.size());
        assertEquals(List.of(1L, 2L), List.of(heard.get(0)[0], heard.get(0)[1]));
        assertEquals(List.of(0L, 1L), List.of(heard.get(1)[0], heard.get(1)[1]));
        assertTrue(tlb.invalidate(0, 3));
        assertEquals(1, tlb.invalidateAll(0));
        assertEquals(2, heard.size(), "invalidations are not replacements");
    }

    @Test
    void theListenerSeesAConsistentTlb() {
        List<Integer> seen = new ArrayList<>();
        NicTlb[] holder = new NicTlb[1];
        holder[0] = new NicTlb(TlbConfig.of(1, 1, 1, TlbReplacement.LRU, TlbPartition.SHARED),
                new SplittableRandom(SEED), (vf, page) -> seen.add(holder[0].lookup(vf, 2)));
        holder[0].insert(0, 1, 1);
        holder[0].insert(0, 2, 2);
        assertEquals(List.of(2), seen, "the new entry is in place when the listener runs");
        built.add(holder[0]);
    }

    @Test
    void randomDrawsOnlyWhenItEvicts() {
        int[] draws = new int[1];
        RandomGenerator counting = new RandomGenerator() {
            private final SplittableRandom inner = new SplittableRandom(SEED);

            @Override
            public long nextLong() {
                draws[0]++;
                return inner.nextLong();
            }

            @Override
            public int nextInt(int bound) {
                draws[0]++;
                return inner.nextInt(bound);
            }
        };
        NicTlb tlb = tlb(TlbConfig.of(1, 2, 1, TlbReplacement.RANDOM, TlbPartition.SHARED), counting);
        tlb.insert(0, 1, 1);
        tlb.insert(0, 2, 2);
        tlb.insert(0, 2, 3);
        tlb.lookup(0, 1);
        tlb.lookup(0, 9);
        tlb.invalidate(0, 1);
        tlb.insert(0, 4, 4);
        assertEquals(0, draws[0], "no draw without an eviction");
        tlb.insert(0, 5, 5);
        assertEquals(1, draws[0]);
    }

    @Test
    void countersAndFairness() {
        NicTlb tlb = tlb(TlbConfig.of(4, 2, 3, TlbReplacement.LRU, TlbPartition.SHARED));
        assertEquals(1.0, tlb.fairness());
        tlb.insert(0, 1, 7);
        assertEquals(7, tlb.lookup(0, 1));
        assertEquals(NicTlb.MISS, tlb.lookup(1, 1));
        assertEquals(new TlbVfStats(1, 0, 1, 0, 0, 1), tlb.stats(0));
        assertEquals(new TlbVfStats(0, 1, 0, 0, 0, 0), tlb.stats(1));
        assertEquals(0.5, tlb.fairness(), 1e-12, "VF 2 made no lookup and is left out");
        tlb.insert(1, 1, 8);
        tlb.lookup(1, 1);
        assertEquals(0.5, tlb.stats(1).hitRate());
        assertEquals((1 + 0.5) * (1 + 0.5) / (2 * (1 + 0.25)), tlb.fairness(), 1e-12);
        tlb.resetCounters();
        assertEquals(new TlbVfStats(0, 0, 0, 0, 0, 1), tlb.stats(0));
        assertEquals(1.0, tlb.fairness());
    }

    @Test
    void policiesAreNamedForScenarios() {
        assertEquals(TlbReplacement.LRU, TlbReplacements.builtIn().create("nic.tlb.replacement", Named.of("lru"), new SplittableRandom(1)));
        assertEquals(TlbReplacement.RANDOM, TlbReplacements.builtIn().create("nic.tlb.replacement", Named.of("random"), new SplittableRandom(1)));
        assertEquals(TlbPartition.QUOTA, TlbPartitions.builtIn().create("nic.tlb.partition", Named.of("quota"), new SplittableRandom(1)));
        assertEquals(List.of("lru", "fifo", "random"), List.copyOf(TlbReplacements.builtIn().descriptions().keySet()));
        assertEquals(List.of("shared", "static", "quota"), List.copyOf(TlbPartitions.builtIn().descriptions().keySet()));
        var replacement = assertThrows(ConfigurationException.class,
                () -> TlbReplacements.builtIn().create("nic.tlb.replacement", Named.of("clock"), new SplittableRandom(1)));
        assertEquals("nic.tlb.replacement: unknown TLB replacement policy 'clock'; accepted: lru, fifo, random; no plug-in TLB"
                + " replacement policy is loaded: a plug-in's name is accepted once its jar is (--plugins JAR, or OVERBOOK_PLUGINS)",
                replacement.getMessage());
        var partition = assertThrows(ConfigurationException.class,
                () -> TlbPartitions.builtIn().create("nic.tlb.partition", Named.of("halves", Map.of()), new SplittableRandom(1)));
        assertTrue(partition.getMessage().startsWith("nic.tlb.partition.name: unknown TLB partition policy 'halves'; accepted: shared,"
                + " static, quota; no plug-in"), partition.getMessage());
    }

    @Test
    void badKeysAndSettingsAreRejectedWithTheAcceptedRange() {
        NicTlb tlb = tlb(TlbConfig.of(4, 2, 2, TlbReplacement.LRU, TlbPartition.SHARED));
        assertEquals("vf = 2; accepted: 0 .. 1",
                assertThrows(IllegalArgumentException.class, () -> tlb.lookup(2, 0)).getMessage());
        assertEquals("page = -1; accepted: 0 .. " + NicTlb.MAX_PAGE,
                assertThrows(IllegalArgumentException.class, () -> tlb.insert(0, -1, 0)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> tlb.invalidate(0, NicTlb.MAX_PAGE + 1));
        assertThrows(IllegalArgumentException.class, () -> tlb.insert(0, 0, -1));
        assertThrows(IllegalArgumentException.class, () -> tlb.invalidateAll(-1));
        assertThrows(IllegalArgumentException.class, () -> TlbConfig.of(3, 2, 1, TlbReplacement.LRU, TlbPartition.SHARED));
        assertThrows(IllegalArgumentException.class, () -> TlbConfig.of(4, 0, 1, TlbReplacement.LRU, TlbPartition.SHARED));
        assertThrows(IllegalArgumentException.class, () -> TlbConfig.of(4, 2, 0, TlbReplacement.LRU, TlbPartition.SHARED));
        assertEquals("quota = 3; accepted with partition 'quota': 1 .. 2", assertThrows(IllegalArgumentException.class,
                () -> new TlbConfig(4, 2, 1, TlbReplacement.LRU, TlbPartition.QUOTA, 3)).getMessage());
        tlb.insert(1, NicTlb.MAX_PAGE, 3);
        assertEquals(3, tlb.lookup(1, NicTlb.MAX_PAGE));
        assertEquals(NicTlb.MISS, tlb.lookup(0, NicTlb.MAX_PAGE));
    }

    /**
     * Jain's index over the VFs' hit rates, not their hit counts: VF 0 hits its one lookup (1.0), VF 1 two of its
     * four (0.5), VF 2 looks nothing up and is left out: (1 + 0.5)^2 / (2 (1 + 0.25)) = 0.9.
     */
    @Test
    void fairnessIsJainsIndexOverTheHitRatesOfTheVfsThatLookedUp() {
        NicTlb tlb = tlb(TlbConfig.of(16, 4, 3, TlbReplacement.LRU, TlbPartition.SHARED));
        tlb.insert(0, 1, 10);
        tlb.insert(1, 1, 11);
        tlb.lookup(0, 1);
        tlb.lookup(1, 1);
        tlb.lookup(1, 1);
        tlb.lookup(1, 2);
        tlb.lookup(1, 3);
        assertEquals(0.9, tlb.fairness(), 1e-12);
    }

    @Test
    void theCountersOfAVfOutsideTheTlbAreRefused() {
        NicTlb tlb = tlb(TlbConfig.of(4, 2, 2, TlbReplacement.LRU, TlbPartition.SHARED));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> tlb.stats(2));
        assertEquals("vf = 2; accepted: 0 .. 1", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> tlb.stats(-1));
    }

    @Test
    void aTlbMayHoldUpToItsEntryBoundAndUpToItsVfBound() {
        assertEquals(TlbConfig.MAX_ENTRIES, TlbConfig.of(1 << 20, 1 << 8, 1, TlbReplacement.LRU, TlbPartition.SHARED).entries());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TlbConfig.of(1 << 21, 1 << 8, 1, TlbReplacement.LRU, TlbPartition.SHARED));
        assertEquals("sets * ways = 536870912; accepted: <= 268435456", e.getMessage());
        assertEquals(NicTlb.MAX_VFS, TlbConfig.of(1, 1, NicTlb.MAX_VFS, TlbReplacement.LRU, TlbPartition.SHARED).vfs());
        assertThrows(IllegalArgumentException.class,
                () -> TlbConfig.of(1, 1, NicTlb.MAX_VFS + 1, TlbReplacement.LRU, TlbPartition.SHARED));
    }
}
