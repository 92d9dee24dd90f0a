package org.overbook.perf.scenario;

import org.overbook.guest.Named;
import org.overbook.hypervisor.HostResources;

/**
 * The server host as a scenario gives it ({@code host}).
 *
 * @param memoryBytes RAM for guests ({@code host.memory})
 * @param swapBytes   swap capacity ({@code host.swap})
 * @param reclaimLow  free fraction under which reclaim starts ({@code host.reclaim.low})
 * @param reclaimHigh free fraction reclaim frees up to ({@code host.reclaim.high})
 * @param keepSwap    keep the swap file after the run ({@code host.keep-swap})
 * @param resources   CPUs, swap device, swap path and reclaim costs ({@code host.cpus}, {@code host.swap-device}, ...)
 * @param victimSelection how reclaim picks its victims, by name with its parameters ({@code host.reclaim.victim-selection})
 */
public record HostSettings(long memoryBytes, long swapBytes, double reclaimLow, double reclaimHigh, boolean keepSwap,
                           HostResources resources, Named victimSelection) {
}
