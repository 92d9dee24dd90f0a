package org.overbook.nic.tlb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;

/** Structural checks of a {@link NicTlb}, run after tests as Caffeine validates its caches. */
final class TlbInvariants {
    private TlbInvariants() {}

    static void check(NicTlb tlb) {
        TlbConfig config = tlb.config();
        int[] occupancy = new int[config.vfs()];
        Set<Long> tags = new HashSet<>();
        for (int set = 0; set < config.sets(); set++) {
            int[] inSet = new int[config.vfs()];
            for (int way = 0; way < config.ways(); way++) {
                int slot = set * config.ways() + way;
                long tag = tlb.tagAt(slot);
                if (tag == NicTlb.FREE) {
                    assertEquals(NicTlb.MISS, tlb.frameAt(slot), "free slot " + slot + " holds a frame");
                    continue;
                }
                int vf = NicTlb.ownerOf(tag);
                long page = tag & NicTlb.MAX_PAGE;
                assertTrue(tags.add(tag), "key (" + vf + ", " + page + ") cached twice");
                assertEquals(set, tlb.setIndex(vf, page), "key (" + vf + ", " + page + ") in the wrong set");
                assertTrue(tlb.frameAt(slot) >= 0, "valid slot " + slot + " without a frame");
                if (config.partition() == TlbPartition.STATIC) {
                    int first = tlb.partitionFirstSet(vf);
                    assertTrue(set >= first && set < first + tlb.partitionSets(vf),
                            "VF " + vf + " outside its partition in set " + set);
                }
                occupancy[vf]++;
                inSet[vf]++;
            }
            if (config.partition() == TlbPartition.QUOTA) {
                for (int vf = 0; vf < config.vfs(); vf++) {
                    assertTrue(inSet[vf] <= config.quota(), "VF " + vf + " over quota in set " + set);
                }
            }
        }
        for (int vf = 0; vf < config.vfs(); vf++) {
            assertEquals(occupancy[vf], tlb.stats(vf).occupancy(), "occupancy of VF " + vf);
        }
        if (config.partition() == TlbPartition.STATIC) {
            int next = 0;
            for (int vf = 0; vf < config.vfs(); vf++) {
                assertEquals(next, tlb.partitionFirstSet(vf), "partitions not contiguous at VF " + vf);
                assertTrue(tlb.partitionSets(vf) >= 1, "VF " + vf + " owns no set");
                next += tlb.partitionSets(vf);
            }
            assertEquals(config.sets(), next, "partitions do not cover the sets");
        }
    }
}
