package org.overbook.hypervisor.spi;

/**
 * Contributes reclaim victim selections to a {@link VictimSelections} registry. A jar names its provider in
 * {@code META-INF/services/org.overbook.hypervisor.spi.VictimSelectionProvider}.
 */
public interface VictimSelectionProvider {

    /** Registers this provider's selections, each under its own name. */
    void registerVictimSelections(VictimSelections registry);
}
