package org.overbook.hypervisor.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.Named;
import org.overbook.guest.Parameters;
import org.overbook.hypervisor.spi.FrameView;
import org.overbook.hypervisor.spi.VictimSelections;

/**
 * The built-in CLOCK's {@code handspread} (4.3BSD's two-handed clock) against what the hands do frame by frame: on a host
 * whose every page was accessed, the one-handed CLOCK clears a whole sweep before it takes frame 0, while two hands
 * {@code s} frames apart take frame {@code s}, the first the front hand cleared, after {@code s + 1} frames; a page
 * touched again after the front hand passed it survives the back hand. A spread that is not whole pages, or is the
 * host's memory or more, and a parameter CLOCK does not read, are refused naming the parameter.
 */
class ClockHandspreadTest {

    private static final int FRAMES = 64;
    private static final String FIELD = "host.reclaim.victim-selection";

    /** Every frame used, reclaimable and clean, its page accessed until a hand clears it. */
    private static FakeFrames accessedFrames() {
        boolean[] accessed = new boolean[FRAMES];
        Arrays.fill(accessed, true);
        return new FakeFrames(FRAMES, frame -> false, frame -> true, frame -> true, accessed);
    }

    private static ClockReclaimer clock(FrameView frames, Map<String, ?> params) {
        return ClockReclaimer.of(frames, new Parameters(FIELD + ".params", params));
    }

    @Test
    void oneHandClearsAWholeSweepBeforeItTakesTheFirstFrame() {
        ClockReclaimer clock = clock(accessedFrames(), Map.of());
        assertEquals(0, clock.nextVictim());
        assertEquals(FRAMES + 1, clock.scanned());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 8, 63})
    void twoHandsTakeTheFirstFrameTheFrontHandCleared(int spread) {
        ClockReclaimer clock = clock(accessedFrames(), Map.of("handspread", spread * 4096L));
        assertEquals(spread, clock.nextVictim());
        assertEquals(spread + 1, clock.scanned());
        assertEquals((spread + 1) % FRAMES, clock.nextVictim(), "the next frame, cleared one step later");
        assertEquals(spread + 2, clock.scanned());
    }

    @Test
    void aPageTouchedBetweenTheHandsIsKept() {
        FakeFrames frames = accessedFrames();
        ClockReclaimer clock = clock(frames, Map.of("handspread", "32KiB"));
        assertEquals(8, clock.nextVictim());
        frames.accessed()[9] = true; // touched after the front hand cleared it, before the back hand came
        assertEquals(10, clock.nextVictim());
        assertEquals(11, clock.scanned());
    }

    @Test
    void aSpreadOfZeroIsTheOneHandedClockStepForStep() {
        FakeFrames one = accessedFrames();
        FakeFrames zero = accessedFrames();
        ClockReclaimer plain = new ClockReclaimer(one);
        ClockReclaimer spreadZero = clock(zero, Map.of("handspread", 0L));
        for (int i = 0; i < 3 * FRAMES; i++) {
            one.accessed()[(i * 7) % FRAMES] = true;
            zero.accessed()[(i * 7) % FRAMES] = true;
            assertEquals(plain.nextVictim(), spreadZero.nextVictim(), "victim " + i);
            assertEquals(plain.scanned(), spreadZero.scanned(), "victim " + i);
        }
    }

    @Test
    void aSpreadOfPartPagesOrOfTheWholeMemoryIsRefusedNamingIt() {
        var partPage = assertThrows(ConfigurationException.class, () -> clock(accessedFrames(), Map.of("handspread", 6000L)));
        assertEquals(FIELD + ".params.handspread", partPage.field());
        assertEquals("6000B is not a whole number of 4 KiB pages; accepted: whole pages less than host.memory, such as 16MiB,"
                + " or 0 for the one-handed CLOCK", partPage.problem());
        var whole = assertThrows(ConfigurationException.class, () -> clock(accessedFrames(), Map.of("handspread", "256KiB")));
        assertEquals(FIELD + ".params.handspread", whole.field());
        assertEquals("256KiB is the host's memory (256KiB) or more; accepted: whole pages less than host.memory, such as 16MiB,"
                + " or 0 for the one-handed CLOCK", whole.problem());
    }

    @Test
    void theRegistryHandsClockItsParametersAndRefusesOnesItDoesNotRead() {
        VictimSelections selections = VictimSelections.builtIn();
        selections.check(FIELD, Named.of("clock", Map.of("handspread", "16KiB")), FRAMES, new SplittableRandom(1));
        var hands = assertThrows(ConfigurationException.class,
                () -> selections.check(FIELD, Named.of("clock", Map.of("hands", 2L)), FRAMES, new SplittableRandom(1)));
        assertEquals(FIELD + ".params.hands: unknown parameter; accepted: handspread", hands.getMessage());
        var misspelt = assertThrows(ConfigurationException.class,
                () -> selections.check(FIELD, Named.of("clokc", Map.of()), FRAMES, new SplittableRandom(1)));
        assertEquals(FIELD + ".name", misspelt.field(), "the section form's name: " + misspelt.getMessage());
        assertEquals(List.of(FIELD), List.of(assertThrows(ConfigurationException.class,
                () -> selections.check(FIELD, Named.of("clokc"), FRAMES, new SplittableRandom(1))).field()), "the name alone: its field");
    }
}
