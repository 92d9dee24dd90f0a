package org.overbook.hypervisor.spi;

import org.overbook.guest.ConfigurationException;
import org.overbook.guest.Registry;
import org.overbook.hypervisor.swap.BuiltinSwapDevices;
import org.overbook.hypervisor.swap.SwapDeviceConfig;

/**
 * Swap device kinds by name ({@code host.swap-device.kind}); the built-ins are {@code nvme} (the default),
 * {@code optane}, {@code sata-ssd}, {@code hdd} and {@code ram}.
 */
public final class SwapDeviceModels extends Registry<SwapDeviceModel> {

    /** Returns an empty registry. */
    public SwapDeviceModels() {
        super("swap device");
    }

    /** Returns the built-ins alone. */
    public static SwapDeviceModels builtIn() {
        SwapDeviceModels registry = new SwapDeviceModels();
        new BuiltinSwapDevices().registerSwapDeviceModels(registry);
        return registry;
    }

    /** Returns every provider {@code loader} finds: the built-ins and a plug-in loader's jars. */
    public static SwapDeviceModels discover(ClassLoader loader) {
        return load(new SwapDeviceModels(), SwapDeviceModelProvider.class, loader,
                SwapDeviceModelProvider::registerSwapDeviceModels);
    }

    /**
     * Returns the values of the device called {@code kind}, checked.
     *
     * @throws ConfigurationException naming {@code field} and every known kind if none is called so, or
     *                                naming the value at fault if a plug-in's values are not valid
     */
    public SwapDeviceConfig device(String field, String kind) {
        SwapDeviceConfig device = instantiate(field, kind, model -> model.device(kind));
        device.validate(field.endsWith(".kind") ? field.substring(0, field.length() - ".kind".length()) : field);
        return device;
    }
}
