package org.overbook.hypervisor.spi;

/**
 * Contributes swap device kinds to a {@link SwapDeviceModels} registry. A jar names its provider in
 * {@code META-INF/services/org.overbook.hypervisor.spi.SwapDeviceModelProvider}.
 */
public interface SwapDeviceModelProvider {

    /** Registers this provider's devices, each under its own kind. */
    void registerSwapDeviceModels(SwapDeviceModels registry);
}
