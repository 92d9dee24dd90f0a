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
    requires HdrHistogram;

    exports org.overbook.hypervisor;
    exports org.overbook.hypervisor.sim;
    exports org.overbook.hypervisor.memory;
    exports org.overbook.hypervisor.resource;
    exports org.overbook.hypervisor.swap;
    exports org.overbook.hypervisor.spi;

    uses org.overbook.hypervisor.spi.VictimSelectionProvider;
    uses org.overbook.hypervisor.spi.SwapDeviceModelProvider;
    provides org.overbook.hypervisor.spi.VictimSelectionProvider with org.overbook.hypervisor.memory.BuiltinVictimSelections;
    provides org.overbook.hypervisor.spi.SwapDeviceModelProvider with org.overbook.hypervisor.swap.BuiltinSwapDevices;
}
