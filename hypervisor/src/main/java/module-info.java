/**
 * The host: the simulation kernel (virtual time, events, random streams), host memory with its frame
 * pool, per-tenant second-level tables, reclaim and swap, and the guest kernel each tenant runs.
 */
module org.overbook.hypervisor {
    requires transitive org.overbook.guest;
    requires chronicle.map;
    requires chronicle.core;
    requires org.eclipse.collections.api;
    requires org.eclipse.collections.impl;
    requires org.apache.commons.rng.api;
    requires org.apache.commons.rng.core;
    requires jdk.management;

    exports org.overbook.hypervisor;
    exports org.overbook.hypervisor.sim;
    exports org.overbook.hypervisor.memory;
}
