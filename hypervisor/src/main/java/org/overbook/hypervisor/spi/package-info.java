/**
 * What a plug-in author implements to change how the host takes memory back and what its swap device can
 * do, without the model's internals: a {@link org.overbook.hypervisor.spi.VictimSelector} sees host frames
 * through a {@link org.overbook.hypervisor.spi.FrameView} and picks the next one to reclaim; a
 * {@link org.overbook.hypervisor.spi.VictimSelectionProvider} found by {@link java.util.ServiceLoader}
 * registers selections by name in {@link org.overbook.hypervisor.spi.VictimSelections}, as the built-in
 * CLOCK is registered. A scenario names one in {@code host.reclaim.victim-selection}. A swap device kind
 * ({@code host.swap-device.kind}) is a {@link org.overbook.hypervisor.spi.SwapDeviceModel} registered in
 * {@link org.overbook.hypervisor.spi.SwapDeviceModels}, and says what the device can do in a
 * {@link org.overbook.hypervisor.spi.SwapDeviceConfig}. See docs/PLUGINS.md.
 *
 * <p>Everything here is called from the one simulation thread.
 */
package org.overbook.hypervisor.spi;
