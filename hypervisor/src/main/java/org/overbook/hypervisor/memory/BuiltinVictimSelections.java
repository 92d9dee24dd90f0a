package org.overbook.hypervisor.memory;

import org.overbook.hypervisor.spi.VictimSelectionProvider;
import org.overbook.hypervisor.spi.VictimSelections;

/** Registers the reclaim victim selection that ships with Overbook, the way a plug-in registers its own. */
public final class BuiltinVictimSelections implements VictimSelectionProvider {

    @Override
    public void registerVictimSelections(VictimSelections registry) {
        registry.register(VictimSelections.CLOCK, "global CLOCK (second chance) over host frames, as Linux approximates LRU",
                (frames, parameters, random) -> ClockReclaimer.of(frames, parameters));
    }
}
