package org.overbook.hypervisor.spi;

import java.util.random.RandomGenerator;
import org.overbook.guest.Parameters;

/**
 * Says what a kind of swap device can do from the parameters a scenario gives it beside its kind
 * ({@code host.swap-device.kind: {name: KIND, params: {...}}}) and a random generator of its own: a stream of the
 * scenario's seed named after the host's swap device ({@value SwapDeviceModels#STREAM}), so that it draws the same under
 * the same seed and differently under another. A scenario's device is asked once as the file is read, under its seed, to
 * check it, and again as each host is built, under the seed the host is built with: each replication of a point, under a
 * seed of its own, draws a device of its own. Registered with
 * {@link SwapDeviceModels#register(String, String, SwapDeviceFactory)}; a kind that reads
 * no parameter and draws nothing may still be registered as a plain {@link SwapDeviceModel}.
 */
@FunctionalInterface
public interface SwapDeviceFactory extends SwapDeviceModel {

    /**
     * Returns the device's values; {@code kind} is the name it was registered under, to put in them.
     *
     * @param parameters its parameters as the scenario gives them (none when it names the kind alone); one it does not
     *                   read is refused once it returns
     * @param random     its own seeded generator, for every draw it makes
     * @throws org.overbook.guest.ConfigurationException naming the parameter at fault
     */
    SwapDeviceConfig device(String kind, Parameters parameters, RandomGenerator random);

    /**
     * Not how Overbook asks a device of this kind: {@link SwapDeviceModels} hands it its parameters and generator.
     *
     * @throws UnsupportedOperationException always
     */
    @Override
    default SwapDeviceConfig device(String kind) {
        throw new UnsupportedOperationException("SwapDeviceFactory: asked by SwapDeviceModels.device, with parameters and a generator");
    }
}
