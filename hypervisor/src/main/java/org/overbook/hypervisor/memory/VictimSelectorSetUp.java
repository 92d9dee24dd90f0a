package org.overbook.hypervisor.memory;

import java.util.Objects;
import org.overbook.guest.Parameters;
import org.overbook.hypervisor.sim.RandomStreams;
import org.overbook.hypervisor.spi.FrameView;
import org.overbook.hypervisor.spi.VictimSelection;
import org.overbook.hypervisor.spi.VictimSelections;
import org.overbook.hypervisor.spi.VictimSelector;
import org.overbook.hypervisor.spi.VictimSelectorFactory;

/**
 * Makes the selector a host's reclaim takes its victims from, out of a selection a library user hands
 * {@link HostMemory#selectVictimsWith} (a scenario's goes through {@link VictimSelections}, which makes it the same way):
 * a {@link VictimSelectorFactory} with its parameters, none when it is handed alone, and the stream
 * {@value VictimSelections#STREAM} of the host's seed; a plain {@link VictimSelection} over the frames alone. The
 * selector reclaim gets is checked ({@link CheckedVictimSelector}): a frame it may not take stops the run, naming it.
 */
final class VictimSelectorSetUp {

    private final FrameView view;
    private final WatermarkReclaim reclaim;
    /** The host's random streams, for a factory's generator. */
    private final RandomStreams random;

    VictimSelectorSetUp(FrameView view, WatermarkReclaim reclaim, RandomStreams random) {
        this.view = view;
        this.reclaim = reclaim;
        this.random = random;
    }

    /** Has reclaim take its victims from what {@code selection} makes; a factory's with no parameters. */
    void select(VictimSelection selection) {
        if (selection instanceof VictimSelectorFactory factory) {
            select(factory);
            return;
        }
        reclaim.selectWith(new CheckedVictimSelector(made(selection.create(view), selection), view));
    }

    /** Has reclaim take its victims from what {@code factory} makes with no parameters. */
    void select(VictimSelectorFactory factory) {
        select(factory, Parameters.empty(VictimSelections.FIELD + ".params"));
    }

    /**
     * Has reclaim take its victims from what {@code factory} makes of {@code parameters}. The factory reads a copy of
     * them, nothing read yet ({@link Parameters#unread()}): the same parameters handed to two hosts are checked for each,
     * so a parameter one host's factory read is still refused on a host whose factory leaves it unread.
     *
     * @throws org.overbook.guest.ConfigurationException naming a parameter that is wrong or that the factory did not read
     */
    void select(VictimSelectorFactory factory, Parameters parameters) {
        Parameters ours = parameters.unread();
        VictimSelector selector = factory.create(view, ours, random.stream(VictimSelections.STREAM));
        ours.rejectUnread();
        reclaim.selectWith(new CheckedVictimSelector(made(selector, factory), view));
    }

    /** Returns {@code selector}, which {@code selection} made, unless it is null. */
    private static VictimSelector made(VictimSelector selector, VictimSelection selection) {
        return Objects.requireNonNull(selector, () -> "reclaim victim selection " + selection.getClass().getName()
                + " made no selector (null); accepted: a factory that returns a new VictimSelector");
    }
}
