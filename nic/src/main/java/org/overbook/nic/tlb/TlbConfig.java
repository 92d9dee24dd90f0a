package org.overbook.nic.tlb;

import java.util.Objects;
import org.overbook.guest.Suggestions;

/**
 * Validated settings of a {@link NicTlb}.
 *
 * @param sets        number of sets, a power of two
 * @param ways        associativity, at least 1
 * @param vfs         number of virtual functions sharing the TLB; VF ids are {@code 0 .. vfs-1}
 * @param replacement victim choice within a set
 * @param partition   how entries are divided between VFs; it checks the geometry ({@code STATIC} needs {@code vfs <= sets})
 * @param quota       for {@code QUOTA}: the most entries one VF may hold in one set, {@code 1 .. ways};
 *                    ignored by the other partition policies
 */
public record TlbConfig(int sets, int ways, int vfs, TlbReplacementPolicy replacement, TlbPartitionPolicy partition, int quota) {

    /** Most sets times ways a TLB may have. */
    public static final int MAX_ENTRIES = 1 << 28;

    /** @throws IllegalArgumentException naming the value at fault and what is accepted */
    public TlbConfig {
        Objects.requireNonNull(replacement, "replacement");
        Objects.requireNonNull(partition, "partition");
        if (sets < 1 || Integer.bitCount(sets) != 1) {
            throw new IllegalArgumentException("sets = " + sets + "; accepted: a power of two >= 1 ("
                    + Suggestions.powersOfTwoNear(sets) + ")");
        }
        if (ways < 1) {
            throw new IllegalArgumentException("ways = " + ways + "; accepted: >= 1");
        }
        if ((long) sets * ways > MAX_ENTRIES) {
            throw new IllegalArgumentException(
                    "sets * ways = " + (long) sets * ways + "; accepted: <= " + MAX_ENTRIES);
        }
        if (vfs < 1 || vfs > NicTlb.MAX_VFS) {
            throw new IllegalArgumentException("vfs = " + vfs + "; accepted: 1 .. " + NicTlb.MAX_VFS);
        }
        partition.validate(sets, ways, vfs, quota);
    }

    /**
     * Returns a configuration without a quota ({@code quota = ways}): meant for partitions that cap
     * nothing; with {@code QUOTA} it caps nothing and behaves as {@code SHARED}.
     */
    public static TlbConfig of(int sets, int ways, int vfs, TlbReplacementPolicy replacement, TlbPartitionPolicy partition) {
        return new TlbConfig(sets, ways, vfs, replacement, partition, ways);
    }

    /** Returns the number of entries, sets times ways. */
    public int entries() {
        return sets * ways;
    }
}
