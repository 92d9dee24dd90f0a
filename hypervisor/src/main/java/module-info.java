/**
 * The host: the simulation kernel (virtual time, events, random streams), host memory with its frame
 * pool, per-tenant second-level tables, reclaim and swap, and the guest kernel each tenant runs.
 *
 * <p>Exported to every module, the API: the host and what configures it ({@code org.overbook.hypervisor}: a
 * program that builds a testbed by hand names {@code HostConfig}, {@code TenantConfig}, {@code Host} and
 * {@code Tenant}), the simulation they run in ({@code sim}), the figures of the contended resources a run reports
 * ({@code resource}), and the plug-in SPI of reclaim victim selection and swap device kinds ({@code spi}). Two of
 * these mix in machinery the sibling modules use: {@code sim} holds the vCPU, the physical CPUs and the event base
 * class {@code Action} beside {@code Simulation}, and {@code resource} the accounting ({@code ResourceStats},
 * {@code BusyTimeline}) beside the figures. Exported to the siblings alone: host memory ({@code memory}) and the
 * swap store and device ({@code swap}), which {@code Host.memory()}, {@code Host.swapDevice()} and
 * {@code Tenant.table()} hand them. The guest kernel ({@code guest}) is not exported: workloads see the guest API.
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
    exports org.overbook.hypervisor.resource;
    exports org.overbook.hypervisor.spi;

    exports org.overbook.hypervisor.memory to org.overbook.nic, org.overbook.balloon, org.overbook.perf;
    exports org.overbook.hypervisor.swap to org.overbook.nic, org.overbook.balloon, org.overbook.perf;

    uses org.overbook.hypervisor.spi.VictimSelectionProvider;
    uses org.overbook.hypervisor.spi.SwapDeviceModelProvider;
    provides org.overbook.hypervisor.spi.VictimSelectionProvider with org.overbook.hypervisor.memory.BuiltinVictimSelections;
    provides org.overbook.hypervisor.spi.SwapDeviceModelProvider with org.overbook.hypervisor.swap.BuiltinSwapDevices;
}
