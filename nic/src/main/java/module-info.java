/**
 * The SR-IOV NIC: virtual functions, verbs, the DMA engine, the NIC TLB, network page faults, pinning,
 * the link. Its plug-in families (memory and receive-fault policies in {@code policy}, TLB replacement
 * and partitioning in {@code tlb}) are found by {@link java.util.ServiceLoader}; see docs/PLUGINS.md.
 *
 * <p>Exported to every module, the API: the NIC, its configuration and the two-host {@code Testbed} that a program
 * builds by hand ({@code org.overbook.nic}), and the plug-in SPI ({@code policy}; {@code tlb}, which holds the NIC
 * TLB itself, {@code NicTlb}, and its statistics beside the SPI types). Exported to the siblings that read them: the
 * DMA engine with its PCIe link and fault-service workers ({@code dma}, to perf's resource report) and the virtual
 * functions ({@code vf}, to perf and live, which read their counters); {@code Nic.vf()}, {@code Nic.pcie()} and
 * {@code Nic.faultService()} hand them out. Not exported: the link, the pin-down cache and the RNR transport rules
 * ({@code link}, {@code pin}, {@code transport}), which the VFs alone use.
 */
module org.overbook.nic {
    requires transitive org.overbook.guest;
    requires transitive org.overbook.hypervisor;
    requires org.eclipse.collections.api;
    requires org.eclipse.collections.impl;
    requires transitive HdrHistogram;

    exports org.overbook.nic;
    exports org.overbook.nic.policy;
    exports org.overbook.nic.tlb;

    exports org.overbook.nic.dma to org.overbook.perf;
    exports org.overbook.nic.vf to org.overbook.perf, org.overbook.live;

    uses org.overbook.nic.policy.MemoryPolicyProvider;
    uses org.overbook.nic.policy.ReceiveFaultPolicyProvider;
    uses org.overbook.nic.tlb.TlbReplacementProvider;
    uses org.overbook.nic.tlb.TlbPartitionProvider;
    provides org.overbook.nic.policy.MemoryPolicyProvider with org.overbook.nic.policy.BuiltinMemoryPolicies;
    provides org.overbook.nic.policy.ReceiveFaultPolicyProvider with org.overbook.nic.policy.BuiltinReceiveFaultPolicies;
    provides org.overbook.nic.tlb.TlbReplacementProvider with org.overbook.nic.tlb.BuiltinTlbPolicies;
    provides org.overbook.nic.tlb.TlbPartitionProvider with org.overbook.nic.tlb.BuiltinTlbPolicies;
}
