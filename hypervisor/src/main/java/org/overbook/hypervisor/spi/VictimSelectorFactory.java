package org.overbook.hypervisor.spi;

import java.util.random.RandomGenerator;
import org.overbook.guest.Parameters;

/**
 * Makes a host's {@link VictimSelector} from the parameters a scenario gives it beside its name
 * ({@code host.reclaim.victim-selection: {name: NAME, params: {...}}}) and a random generator of its own: a stream of the
 * scenario's seed named after the host's selection, so that it draws the same under the same seed and differently under
 * another. Registered with {@link VictimSelections#register(String, String, VictimSelectorFactory)}; a selection that
 * reads no parameter and draws nothing may still be registered as a plain {@link VictimSelection}.
 */
@FunctionalInterface
public interface VictimSelectorFactory extends VictimSelection {

    /**
     * Returns a selector over {@code frames}, the host's RAM.
     *
     * @param parameters its parameters as the scenario gives them (none when it names the selection alone); one it does
     *                   not read is refused once it returns
     * @param random     its own seeded generator, for every draw it makes
     * @throws org.overbook.guest.ConfigurationException naming the parameter at fault
     */
    VictimSelector create(FrameView frames, Parameters parameters, RandomGenerator random);

    /**
     * Not how Overbook makes a selector of this kind: {@link VictimSelections} hands it its parameters and generator.
     *
     * @throws UnsupportedOperationException always
     */
    @Override
    default VictimSelector create(FrameView frames) {
        throw new UnsupportedOperationException("VictimSelectorFactory: created by VictimSelections.create, with parameters and a generator");
    }
}
