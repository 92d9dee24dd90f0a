/**
 * Host memory: a pool of real off-heap frames, one second-level table per tenant (the EPT), global
 * CLOCK reclaim with invalidation listeners (the MMU-notifier hook the NIC uses), and the swap store.
 *
 * <p>The NIC and the balloon reach guest pages only through {@link org.overbook.hypervisor.memory.HostMemory}
 * and {@link org.overbook.hypervisor.memory.SecondLevelTable}; the frame pool and the reclaimer are
 * package-private.
 */
package org.overbook.hypervisor.memory;
