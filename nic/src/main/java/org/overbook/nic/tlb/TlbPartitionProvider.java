package org.overbook.nic.tlb;

/**
 * Contributes TLB partition policies to a {@link TlbPartitions} registry. A jar names its provider in
 * {@code META-INF/services/org.overbook.nic.tlb.TlbPartitionProvider}.
 */
public interface TlbPartitionProvider {

    /** Registers this provider's policies, each under its own name. */
    void registerTlbPartitions(TlbPartitions registry);
}
