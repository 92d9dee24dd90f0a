/**
 * The SR-IOV NIC: virtual functions, verbs, the DMA engine, the NIC TLB, network page faults, pinning,
 * the link. Every package is exported: each appears in the public signatures of {@code Nic} and
 * {@code Testbed} (a VF exposes its translator, its staging area, its pin-down cache).
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
    exports org.overbook.nic.transport;
    exports org.overbook.nic.vf;
}
