package org.overbook.nic.tlb;

/** Registers the TLB replacement and partition policies that ship with Overbook, the way a plug-in registers its own. */
public final class BuiltinTlbPolicies implements TlbReplacementProvider, TlbPartitionProvider {

    @Override
    public void registerTlbReplacements(TlbReplacements registry) {
        registry.register(TlbReplacement.LRU.configName(), "least recently used: hits and fills refresh an entry", () -> TlbReplacement.LRU);
        registry.register(TlbReplacement.FIFO.configName(), "first in, first out: only fills refresh an entry", () -> TlbReplacement.FIFO);
        registry.register(TlbReplacement.RANDOM.configName(), "a uniform choice among the candidates", () -> TlbReplacement.RANDOM);
    }

    @Override
    public void registerTlbPartitions(TlbPartitions registry) {
        registry.register(TlbPartition.SHARED.configName(), "any VF may take any way of any set", () -> TlbPartition.SHARED);
        registry.register(TlbPartition.STATIC.configName(), "each VF owns a disjoint range of sets", () -> TlbPartition.STATIC);
        registry.register(TlbPartition.QUOTA.configName(), "a VF holds at most nic.tlb.quota entries of any one set", () -> TlbPartition.QUOTA);
    }
}
