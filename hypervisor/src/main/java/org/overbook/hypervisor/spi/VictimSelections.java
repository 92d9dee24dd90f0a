package org.overbook.hypervisor.spi;

import org.overbook.guest.ConfigurationException;
import org.overbook.guest.Registry;

/** Reclaim victim selections by name ({@code host.reclaim.victim-selection}); the built-in is {@code clock}. */
public final class VictimSelections extends Registry<VictimSelection> {

    /** The built-in selection: a global CLOCK over host frames. */
    public static final String CLOCK = "clock";

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
     * Returns the selection called {@code name}.
     *
     * @throws ConfigurationException naming {@code field} if none is
     */
    public VictimSelection get(String field, String name) {
        return factory(field, name);
    }
}
