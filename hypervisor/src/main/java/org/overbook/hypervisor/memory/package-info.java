/**
 * Host memory: a pool of real off-heap frames, one second-level table per tenant (the EPT), global
 * CLOCK reclaim with invalidation listeners (the MMU-notifier hook the NIC uses), the swap store, and what a
 * fault costs the context that took it ({@link org.overbook.hypervisor.memory.FaultCharges}).
 *
 * <p>The NIC and the balloon reach guest pages only through {@link org.overbook.hypervisor.memory.HostMemory}
 * and {@link org.overbook.hypervisor.memory.SecondLevelTable}; the frame pool and the reclaimer are
 * package-private. Exported to the nic, balloon and perf modules alone; a plug-in sees frames through
 * {@link org.overbook.hypervisor.spi.FrameView}.
 */
package org.overbook.hypervisor.memory;
