package org.overbook.hypervisor.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.IntSupplier;
import org.junit.jupiter.api.Test;
import org.overbook.hypervisor.spi.FrameView;
import org.overbook.hypervisor.spi.VictimSelector;

/** A victim selector's answer is checked before reclaim acts on it, and a wrong one names the selector and the frame. */
class CheckedVictimSelectorTest {

    /** Four frames: 0 free, 1 used and clean, 2 used and dirty, 3 pinned. */
    private static final FrameView FRAMES = new FakeFrames(4, frame -> frame == 0, frame -> frame != 3, frame -> frame == 1);

    /** Answers what {@code next} says, for a victim and a clean victim alike. */
    record Answering(IntSupplier next) implements VictimSelector {
        @Override
        public int nextVictim() {
            return next.getAsInt();
        }

        @Override
        public int nextCleanVictim(int budget) {
            return next.getAsInt();
        }

        @Override
        public long scanned() {
            return 7;
        }
    }

    private static CheckedVictimSelector answering(int frame) {
        return new CheckedVictimSelector(new Answering(() -> frame), FRAMES);
    }

    @Test
    void aUsedReclaimableFrameOrNoneIsPassedOn() {
        assertEquals(1, answering(1).nextVictim());
        assertEquals(2, answering(2).nextVictim());
        assertEquals(1, answering(1).nextCleanVictim(8));
        assertEquals(-1, answering(-1).nextVictim());
        assertEquals(7, answering(1).scanned());
    }

    @Test
    void aFreeFrameIsRefusedNamingTheSelectorItsOriginAndTheFrame() {
        String message = assertThrows(IllegalStateException.class, () -> answering(0).nextVictim()).getMessage();
        assertEquals("reclaim victim selector " + Answering.class.getName() + " (built-in) returned frame 0, which is free;"
                + " accepted: -1 (none), or a frame from 0 to 3 that is used (FrameView.isFree false) and reclaimable", message);
    }

    @Test
    void aFramePastTheEndAPinnedOneAndADirtyCleanVictimAreRefused() {
        assertTrue(assertThrows(IllegalStateException.class, () -> answering(4).nextVictim()).getMessage()
                .contains("returned frame 4, past the last of the host's 4 frames;"));
        assertTrue(assertThrows(IllegalStateException.class, () -> answering(3).nextVictim()).getMessage()
                .contains("returned frame 3, whose page may not be reclaimed now (pinned, or locked by a DMA);"));
        String dirty = assertThrows(IllegalStateException.class, () -> answering(2).nextCleanVictim(8)).getMessage();
        assertTrue(dirty.contains("returned frame 2, whose page is dirty, as a clean victim (nextCleanVictim);")
                && dirty.endsWith("used (FrameView.isFree false) and reclaimable and clean"), dirty);
    }
}
