package org.overbook.perf.scenario;

import java.util.Objects;
import org.overbook.guest.Named;
import org.overbook.hypervisor.HostResources;
import org.overbook.hypervisor.spi.SwapDeviceConfig;
import org.overbook.hypervisor.spi.SwapDeviceModels;

/**
 * The server host as a scenario gives it ({@code host}). Its swap device is kept as the file names it ({@code swapDevice})
 * and resolved as the host is built, under the seed it is built with ({@link #resources(SwapDeviceModels, long)}), so
 * that a device kind that draws at random draws anew in each replication; nothing here depends on the seed, and two
 * replications of a point differ by their seed alone.
 *
 * @param memoryBytes RAM for guests ({@code host.memory})
 * @param swapBytes   swap capacity ({@code host.swap})
 * @param reclaimLow  free fraction under which reclaim starts ({@code host.reclaim.low})
 * @param reclaimHigh free fraction reclaim frees up to ({@code host.reclaim.high})
 * @param keepSwap    keep the swap file after the run ({@code host.keep-swap})
 * @param resources   CPUs, swap path and reclaim costs ({@code host.cpus}, {@code host.swap-path}, ...); their swap device
 *                    is {@link #UNRESOLVED_SWAP_DEVICE}, whatever was given: the host's is {@code swapDevice}, resolved
 * @param victimSelection how reclaim picks its victims, by name with its parameters ({@code host.reclaim.victim-selection})
 * @param swapDevice  the swap device's kind, its parameters and the file's values ({@code host.swap-device})
 */
public record HostSettings(long memoryBytes, long swapBytes, double reclaimLow, double reclaimHigh, boolean keepSwap,
                           HostResources resources, Named victimSelection, SwapDeviceSettings swapDevice) {

    /**
     * What {@link #resources()} holds in the place of a swap device, never the host's own: the default device's values
     * under the kind {@value #UNRESOLVED_KIND}, so that code reading it by mistake shows it.
     */
    public static final SwapDeviceConfig UNRESOLVED_SWAP_DEVICE = withKind(SwapDeviceConfig.defaults(), HostSettings.UNRESOLVED_KIND);

    /** The kind of {@link #UNRESOLVED_SWAP_DEVICE}: the host's device is {@link #resources(SwapDeviceModels, long)}'s. */
    public static final String UNRESOLVED_KIND = "unresolved: see HostSettings.resources(models, seed)";

    public HostSettings {
        Objects.requireNonNull(victimSelection, "victimSelection");
        Objects.requireNonNull(swapDevice, "swapDevice");
        resources = resources.withSwapDevice(UNRESOLVED_SWAP_DEVICE);
    }

    /**
     * Returns the host's resources with its swap device resolved in {@code models} under {@code seed}.
     *
     * @throws org.overbook.guest.ConfigurationException as {@link SwapDeviceSettings#resolve} does
     */
    public HostResources resources(SwapDeviceModels models, long seed) {
        return resources.withSwapDevice(swapDevice.resolve(models, seed));
    }

    private static SwapDeviceConfig withKind(SwapDeviceConfig d, String kind) {
        return new SwapDeviceConfig(kind, d.readLatencyNanos(), d.writeLatencyNanos(), d.readIops(), d.writeIops(),
                d.queueDepth(), d.seeks(), d.pageTransferNanos());
    }
}
