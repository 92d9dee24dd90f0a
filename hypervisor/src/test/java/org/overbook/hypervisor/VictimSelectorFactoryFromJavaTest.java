package org.overbook.hypervisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.GuestMemory;
import org.overbook.guest.Parameters;
import org.overbook.hypervisor.sim.RandomStreams;
import org.overbook.hypervisor.spi.FrameView;
import org.overbook.hypervisor.spi.VictimSelections;
import org.overbook.hypervisor.spi.VictimSelector;
import org.overbook.hypervisor.spi.VictimSelectorFactory;
import org.overbook.hypervisor.testing.HostsUnderTest;

/**
 * A library user hands a host a {@link VictimSelectorFactory} from Java, as docs/PLUGINS.md's selections are written: it
 * is made as a scenario makes it, with the stream {@value VictimSelections#STREAM} of the host's seed and no parameters,
 * or with the parameters given (one it does not read refused, naming it), and reclaim then takes its victims.
 */
class VictimSelectorFactoryFromJavaTest {

    private static final long SEED = 5;
    private static final String PARAMS = VictimSelections.FIELD + ".params";

    @RegisterExtension
    final HostsUnderTest hosts = new HostsUnderTest();

    /** What the factory was handed: its parameter {@code step} and the first draw of its generator. */
    private final List<Long> steps = new ArrayList<>();
    private final List<Long> firstDraws = new ArrayList<>();
    private final List<Hand> made = new ArrayList<>();

    /** A hand over frames that moves {@code step} frames at a time and takes the first used, reclaimable frame. */
    private static final class Hand implements VictimSelector {
        private final FrameView frames;
        private final int step;
        private int at;
        private long scanned;
        private long answered;

        Hand(FrameView frames, int step) {
            this.frames = frames;
            this.step = step;
        }

        @Override
        public int nextVictim() {
            answered++;
            for (int looked = 0; looked < frames.frames(); looked++) {
                int frame = at;
                at = (at + step) % frames.frames();
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
    }

    private final VictimSelectorFactory hand = (frames, parameters, random) -> {
        long step = parameters.integer("step", 1, 1, 7);
        steps.add(step);
        firstDraws.add(random.nextLong());
        Hand selector = new Hand(frames, (int) step);
        made.add(selector);
        return selector;
    };

    @Test
    void aFactoryIsMadeWithTheHostsStreamAndNoParametersAndReclaimTakesItsVictims() {
        Host host = hosts.create(/* frames= */ 16, /* swapPages= */ 64, /* tenants= */ 1, /* guestPages= */ 48, SEED);
        host.memory().selectVictimsWith(hand);

        assertEquals(List.of(1L), steps, "no parameter: the factory's default");
        assertEquals(List.of(new RandomStreams(SEED).stream(VictimSelections.STREAM).nextLong()), firstDraws,
                "the stream a scenario of the host's seed gives the selection");
        GuestMemory memory = host.tenant(0).memory();
        for (int page = 0; page < 48; page++) {
            memory.writeLong((long) page * GuestMemory.PAGE_SIZE, 1_000 + page);
        }
        assertTrue(made.getFirst().answered > 0, "reclaim asked the factory's selector for victims");
        assertTrue(host.memory().swapWrites() > 0);
        for (int page = 0; page < 48; page++) {
            assertEquals(1_000 + page, memory.readLong((long) page * GuestMemory.PAGE_SIZE), "page " + page);
        }
    }

    @Test
    void theParametersGivenReachTheFactoryAndOneItDoesNotReadIsRefusedNamingIt() {
        Host host = hosts.create(16, 64, 1, 48, SEED);
        host.memory().selectVictimsWith(hand, new Parameters(PARAMS, Map.of("step", 3)));
        assertEquals(List.of(3L), steps);

        ConfigurationException e = assertThrows(ConfigurationException.class,
                () -> host.memory().selectVictimsWith(hand, new Parameters(PARAMS, Map.of("stp", 3))));
        assertEquals(PARAMS + ".stp", e.field(), e.getMessage());
        assertTrue(e.getMessage().contains("unknown parameter; accepted: step (did you mean step?)"), e.getMessage());
    }
}
