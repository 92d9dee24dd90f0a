package org.overbook.examples;

import org.overbook.nic.tlb.TlbPartitionPolicy;
import org.overbook.nic.tlb.TlbPartitionProvider;
import org.overbook.nic.tlb.TlbPartitions;

/**
 * An example NIC TLB partition policy ({@code nic.tlb.partition: halves}): even VFs share the first half
 * of the sets, odd VFs the second, so two groups of tenants cannot evict each other.
 * docs/PLUGINS.md, "TLB partitioning".
 */
public final class HalvesTlbPartition implements TlbPartitionProvider {
    @Override
    public void registerTlbPartitions(TlbPartitions registry) {
        registry.register("halves", "even VFs share the first half of the sets, odd VFs the second", () -> new TlbPartitionPolicy() {
            @Override
            public int[] sets(int vf, int vfs, int sets) {
                int half = sets / 2;
                return vf % 2 == 0 ? new int[] {0, half} : new int[] {half, sets - half};
            }

            @Override
            public void validate(int sets, int ways, int vfs, int quota) {
                if (sets < 2) {
                    throw new IllegalArgumentException("sets = " + sets + "; accepted with partition 'halves': 2 or more");
                }
            }
        });
    }
}
