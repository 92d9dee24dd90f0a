package org.overbook.nic.tlb;

/**
 * Maps a NIC TLB tag to its set: a full 64-bit mix of the tag (Stafford's variant 13 of the MurmurHash3
 * finaliser) masked to the set count, or, under a set partitioning (STATIC), reduced onto the VF's own
 * contiguous range of sets, as the partition policy gives it ({@link TlbPartitionPolicy#sets}).
 */
final class SetMap {
    private final int setMask;
    private final boolean partitioned;
    private final int[] firstSet;
    private final int[] setCount;

    SetMap(TlbConfig config) {
        this.setMask = config.sets() - 1;
        int vfs = config.vfs();
        this.partitioned = config.partition().sets(0, vfs, config.sets()) != null;
        this.firstSet = new int[vfs];
        this.setCount = new int[vfs];
        for (int vf = 0; vf < vfs; vf++) {
            int[] range = partitioned ? config.partition().sets(vf, vfs, config.sets()) : new int[] {0, config.sets()};
            if (range == null || range.length != 2 || range[0] < 0 || range[1] < 1 || range[0] + range[1] > config.sets()) {
                throw new IllegalArgumentException("partition " + config.partition() + " gives VF " + vf + " no valid range of the "
                        + config.sets() + " sets");
            }
            firstSet[vf] = range[0];
            setCount[vf] = range[1];
        }
    }

    /** Returns the set of a tag owned by {@code vf}. */
    int setOf(int vf, long tag) {
        long h = mix(tag);
        if (partitioned) {
            // Lemire's multiply-shift range reduction of the high 32 bits onto the VF's partition.
            return firstSet[vf] + (int) (((h >>> 32) * setCount[vf]) >>> 32);
        }
        return (int) h & setMask;
    }

    /** Returns the first set this VF's keys may use (0 unless partitioned). */
    int firstSet(int vf) {
        return firstSet[vf];
    }

    /** Returns how many sets this VF's keys may use (all unless partitioned). */
    int setCount(int vf) {
        return setCount[vf];
    }

    /** Stafford's mix13: every input bit affects every output bit. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
