package org.overbook.hypervisor.spi;

import java.util.random.RandomGenerator;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.Named;
import org.overbook.guest.Registry;
import org.overbook.hypervisor.swap.BuiltinSwapDevices;

/**
 * Swap device kinds by name ({@code host.swap-device.kind}); the built-ins are {@code nvme} (the default),
 * {@code optane}, {@code sata-ssd}, {@code hdd} and {@code ram}.
 */
public final class SwapDeviceModels extends Registry<SwapDeviceModel> {

    /** The name of the random stream of the server host's swap device, derived from the seed the host is built with. */
    public static final String STREAM = "host/swap-device";

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
     * Registers a kind that reads parameters or draws at random, under {@code name}.
     *
     * @throws IllegalArgumentException if the name is blank or taken among the built-ins
     */
    public SwapDeviceModels register(String name, String description, SwapDeviceFactory factory) {
        super.register(name, description, factory);
        return this;
    }

    /**
     * Returns the values of the device as {@code kind} names it, with its parameters and {@code random}, its own
     * generator, checked.
     *
     * @param field where the kind is named in the scenario ({@code host.swap-device.kind}), for errors
     * @throws ConfigurationException naming {@code field} and every known kind if none is called so, naming a parameter
     *                                that is wrong or that the kind does not read, or naming the value at fault if a
     *                                plug-in's values are not valid
     */
    public SwapDeviceConfig device(String field, Named kind, RandomGenerator random) {
        String name = kind.name();
        SwapDeviceConfig device = instantiate(field, kind, (model, parameters) -> model instanceof SwapDeviceFactory withParameters
                ? withParameters.device(name, parameters, random) : model.device(name));
        device.validate(field.endsWith(".kind") ? field.substring(0, field.length() - ".kind".length()) : field);
        return device;
    }
}
