package org.overbook.nic.tlb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The NIC TLB's hit rate against closed forms, with the NIC's own demand fill (look up; on a miss, insert).
 * The forms need the number N_s of keys that index each set s, which the test counts from the TLB's set map.
 *
 * <p>A cyclic sweep over the keys, R rounds: within a set, the keys come back in a cycle of N_s. Under LRU and
 * FIFO a set with N_s ≤ W ways misses each key once and then always hits; a set with N_s > W always misses (the
 * key needed next is the one just replaced). So hits = (R − 1) · Σ_{N_s ≤ W} N_s, exactly.
 *
 * <p>Uniform independent references over N keys: once every set holds min(N_s, W) keys (every key touched),
 * a reference hits with probability Σ_s min(N_s, W) / N whatever the set holds and whatever the replacement
 * policy (the next key is independent of the past, so which W keys are cached does not matter). Each reference
 * then hits independently with that probability: hits of M are Binomial(M, h).
 */
class TlbHitRateClosedFormTest {

    private static final int SETS = 16;
    private static final int WAYS = 4;

    private static int[] keysPerSet(NicTlb tlb, int vfs, int pagesPerVf) {
        int[] perSet = new int[SETS];
        for (int vf = 0; vf < vfs; vf++) {
            for (long page = 0; page < pagesPerVf; page++) {
                perSet[tlb.setIndex(vf, page)]++;
            }
        }
        return perSet;
    }

    private static boolean access(NicTlb tlb, int vf, long page) {
        if (tlb.lookup(vf, page) != NicTlb.MISS) {
            return true;
        }
        tlb.insert(vf, page, (int) page);
        return false;
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = TlbReplacement.class, names = {"LRU", "FIFO"})
    void aCyclicSweepHitsOnlyInTheSetsItFits(TlbReplacement replacement) {
        int pages = SETS * WAYS; // as many keys as entries: the hash leaves some sets over-full, others not
        int rounds = 50;
        NicTlb tlb = new NicTlb(TlbConfig.of(SETS, WAYS, 1, replacement, TlbPartition.SHARED), new SplittableRandom(1),
                TlbEvictionListener.NONE);
        int[] perSet = keysPerSet(tlb, 1, pages);
        long fitting = 0;
        int overFull = 0;
        for (int n : perSet) {
            fitting += n <= WAYS ? n : 0;
            overFull += n > WAYS ? 1 : 0;
        }
        assertTrue(fitting > 0 && overFull > 0, "the sweep exercises both cases: " + java.util.Arrays.toString(perSet));
        long hits = 0;
        for (int round = 0; round < rounds; round++) {
            for (long page = 0; page < pages; page++) {
                hits += access(tlb, 0, page) ? 1 : 0;
            }
        }
        assertEquals((rounds - 1) * fitting, hits, replacement + ", keys per set " + java.util.Arrays.toString(perSet));
        assertEquals(hits, tlb.stats(0).hits());
    }

    @ParameterizedTest(name = "{0}, {1}")
    @EnumSource(value = TlbReplacement.class)
    void uniformReferencesHitInProportionToWhatEachSetCanHold(TlbReplacement replacement) {
        for (TlbPartition partition : new TlbPartition[] {TlbPartition.SHARED, TlbPartition.STATIC}) {
            uniformReferences(replacement, partition);
        }
    }

    private static void uniformReferences(TlbReplacement replacement, TlbPartition partition) {
        long seed = 20_261_127L;
        int vfs = 2;
        int pagesPerVf = 100; // 200 keys over 64 entries
        NicTlb tlb = new NicTlb(TlbConfig.of(SETS, WAYS, vfs, replacement, partition), new SplittableRandom(seed + 1),
                TlbEvictionListener.NONE);
        int keys = vfs * pagesPerVf;
        long held = 0;
        for (int n : keysPerSet(tlb, vfs, pagesPerVf)) {
            held += Math.min(n, WAYS);
        }
        double h = (double) held / keys;
        SplittableRandom references = new SplittableRandom(seed);
        boolean[] touched = new boolean[keys];
        int untouched = keys;
        while (untouched > 0) { // warm: every key once, so every set holds min(N_s, W)
            int key = references.nextInt(keys);
            access(tlb, key / pagesPerVf, key % pagesPerVf);
            if (!touched[key]) {
                touched[key] = true;
                untouched--;
            }
        }
        int m = 200_000;
        long hits = 0;
        for (int k = 0; k < m; k++) {
            int key = references.nextInt(keys);
            hits += access(tlb, key / pagesPerVf, key % pagesPerVf) ? 1 : 0;
        }
        // Binomial(m, h): h ≈ 0.3, sd ≈ 205 hits; 4.5 sd is a false alarm about once in 10^5 runs.
        double sd = Math.sqrt(m * h * (1 - h));
        assertTrue(Math.abs(hits - m * h) < 4.5 * sd, "seed " + seed + ", " + replacement + ", " + partition + ": "
                + hits + " hits of " + m + ", expected " + m * h + " ± " + 4.5 * sd);
    }
}
