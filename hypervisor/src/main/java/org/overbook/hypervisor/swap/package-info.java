/**
 * Swap: the store that holds swapped-out pages (a persisted Chronicle Map keyed by tenant and guest
 * page), and the device whose queue every swap-in and write-back waits in ({@link
 * org.overbook.hypervisor.swap.SwapDevice}, configured by {@link org.overbook.hypervisor.swap.SwapDeviceConfig}).
 */
package org.overbook.hypervisor.swap;
