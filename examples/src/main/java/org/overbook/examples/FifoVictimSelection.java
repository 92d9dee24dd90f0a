package org.overbook.examples;

import org.overbook.hypervisor.spi.VictimSelectionProvider;
import org.overbook.hypervisor.spi.VictimSelections;
import org.overbook.hypervisor.spi.VictimSelector;

/**
 * An example reclaim victim selection ({@code host.reclaim.victim-selection: fifo}): a hand over host frames
 * that takes the next reclaimable frame whether its page was accessed or not, CLOCK without the second
 * chance. It sees frames only through the {@link org.overbook.hypervisor.spi.FrameView} the built-in CLOCK
 * sees. docs/PLUGINS.md, "Reclaim victim selection".
 */
public final class FifoVictimSelection implements VictimSelectionProvider {
    @Override
    public void registerVictimSelections(VictimSelections registry) {
        registry.register("fifo", "a hand over frames without a second chance", frames -> new VictimSelector() {
            private int hand;
            private long scanned;

            @Override
            public int nextVictim() {
                for (int step = 0; step < frames.frames(); step++) {
                    int frame = hand;
                    hand = (hand + 1) % frames.frames();
                    scanned++;
                    if (!frames.isFree(frame) && frames.reclaimable(frame)) {
                        return frame;
                    }
                }
                return -1;
            }

            @Override
            public long scanned() {
                return scanned;
            }
        });
    }
}
