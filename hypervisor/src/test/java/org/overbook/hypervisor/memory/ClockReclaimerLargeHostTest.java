package org.overbook.hypervisor.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.overbook.hypervisor.spi.FrameView;

/**
 * The CLOCK hand on a host of more than 2^30 frames (4 TiB, within the 8 TiB the model indexes): its budget of two
 * sweeps is more than an {@code int} holds, and must still let the hand find a victim.
 */
class ClockReclaimerLargeHostTest {

    /** 2^30 + 1 frames, of which only frame {@code victim} holds a page, reclaimable and not accessed. */
    private static FrameView oneVictimAmong(int frames, int victim) {
        return new FakeFrames(frames, frame -> frame != victim, frame -> true, frame -> true);
    }

    @Test
    void findsTheVictimOnAHostOfMoreThanTwoToTheThirtyFrames() {
        ClockReclaimer clock = new ClockReclaimer(oneVictimAmong((1 << 30) + 1, 2));
        assertEquals(2, clock.nextVictim());
        assertEquals(3, clock.scanned()); // frames 0, 1 and 2
    }

    @Test
    void findsACleanVictimOnAHostOfMoreThanTwoToTheThirtyFrames() {
        ClockReclaimer clock = new ClockReclaimer(oneVictimAmong((1 << 30) + 1, 5));
        assertEquals(5, clock.nextCleanVictim(32));
        assertEquals(6, clock.scanned());
    }
}
