/** The SR-IOV NIC: virtual functions, verbs, the DMA engine, the NIC TLB, network page faults, pinning, the link. */
module org.overbook.nic {
    requires transitive org.overbook.guest;
    requires transitive org.overbook.hypervisor;
    requires org.eclipse.collections.api;
    requires org.eclipse.collections.impl;

    // org.overbook.nic is exported once it holds its first class (the NIC data path issue).
    exports org.overbook.nic.pin;
    exports org.overbook.nic.tlb;
    exports org.overbook.nic.transport;
}
