/**
 * Swap: the store that holds swapped-out pages (persisted Chronicle Map files keyed by (tenant, guest
 * page), added as pages are swapped so that disk follows what is swapped, not the configured capacity),
 * and the device whose queue every swap-in and write-back waits in ({@link
 * org.overbook.hypervisor.swap.SwapDevice}, configured by {@link org.overbook.hypervisor.spi.SwapDeviceConfig}).
 * Exported to the nic, balloon and perf modules alone; a swap device plug-in needs only {@code spi}.
 */
package org.overbook.hypervisor.swap;
