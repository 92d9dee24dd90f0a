package org.overbook.hypervisor.spi;

import java.util.random.RandomGenerator;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.Named;
import org.overbook.guest.Registry;

/** Reclaim victim selections by name ({@code host.reclaim.victim-selection}); the built-in is {@code clock}. */
public final class VictimSelections extends Registry<VictimSelection> {

    /** The built-in selection: a global CLOCK over host frames. */
    public static final String CLOCK = "clock";

    /** The name of the random stream of the server host's selection, derived from the scenario's seed. */
    public static final String STREAM = "host/reclaim/victim-selection";

    /** The scenario field that names the server host's selection. */
    public static final String FIELD = "host.reclaim.victim-selection";

    /** Returns an empty registry. */
    public VictimSelections() {
        super("reclaim victim selection");
    }

    /** Returns the built-ins alone. */
    public static VictimSelections builtIn() {
        VictimSelections registry = new VictimSelections();
        new org.overbook.hypervisor.memory.BuiltinVictimSelections().registerVictimSelections(registry);
        return registry;
    }

    /** Returns every provider {@code loader} finds: the built-ins and a plug-in loader's jars. */
    public static VictimSelections discover(ClassLoader loader) {
        return load(new VictimSelections(), VictimSelectionProvider.class, loader, VictimSelectionProvider::registerVictimSelections);
    }

    /**
     * Registers a selection that reads parameters or draws at random, under {@code name}.
     *
     * @throws IllegalArgumentException if the name is blank or taken among the built-ins
     */
    public VictimSelections register(String name, String description, VictimSelectorFactory factory) {
        super.register(name, description, factory);
        return this;
    }

    /**
     * Returns a new selector over {@code frames} as {@code selection} names it, with its parameters and {@code random},
     * its own generator.
     *
     * @param field where the selection is named in the scenario ({@code host.reclaim.victim-selection}), for errors
     * @throws ConfigurationException naming the field and the accepted names if no selection is called so, naming the
     *                                selection if its factory throws or returns nothing, or naming a parameter that is
     *                                wrong or that the selection does not read
     */
    public VictimSelector create(String field, Named selection, FrameView frames, RandomGenerator random) {
        return instantiate(field, selection, (factory, parameters) -> factory instanceof VictimSelectorFactory withParameters
                ? withParameters.create(frames, parameters, random) : factory.create(frames));
    }

    /**
     * Checks {@code selection} before a host is built: creates it once over {@code frames} frames, all free.
     *
     * @throws ConfigurationException as {@link #create} does
     */
    public void check(String field, Named selection, int frames, RandomGenerator random) {
        create(field, selection, new IdleFrames(frames), random);
    }
}
