/**
 * The SR-IOV NIC: virtual functions, verbs, the DMA engine, the NIC TLB, network page faults, pinning,
 * the link. Its plug-in families (memory and receive-fault policies in {@code policy}, TLB replacement
 * and partitioning in {@code tlb}) are found by {@link java.util.ServiceLoader}; see docs/PLUGINS.md.
 * Every package but {@code transport} (the RNR timer and retry counter, which the VF alone uses) is exported:
 * each appears in the public signatures of {@code Nic} and {@code Testbed} (a VF exposes its translator, its
 * staging area, its pin-down cache).
 */
module org.overbook.nic {
    requires transitive org.overbook.guest;
    requires transitive org.overbook.hypervisor;
    requires org.eclipse.collections.api;
    requires org.eclipse.collections.impl;
    requires transitive HdrHistogram;

    exports org.overbook.nic;
    exports org.overbook.nic.dma;
    exports org.overbook.nic.link;
    exports org.overbook.nic.pin;
    exports org.overbook.nic.policy;
    exports org.overbook.nic.tlb;
    exports org.overbook.nic.vf;

    uses org.overbook.nic.policy.MemoryPolicyProvider;
    uses org.overbook.nic.policy.ReceiveFaultPolicyProvider;
    uses org.overbook.nic.tlb.TlbReplacementProvider;
    uses org.overbook.nic.tlb.TlbPartitionProvider;
    provides org.overbook.nic.policy.MemoryPolicyProvider with org.overbook.nic.policy.BuiltinMemoryPolicies;
    provides org.overbook.nic.policy.ReceiveFaultPolicyProvider with org.overbook.nic.policy.BuiltinReceiveFaultPolicies;
    provides org.overbook.nic.tlb.TlbReplacementProvider with org.overbook.nic.tlb.BuiltinTlbPolicies;
    provides org.overbook.nic.tlb.TlbPartitionProvider with org.overbook.nic.tlb.BuiltinTlbPolicies;
}
