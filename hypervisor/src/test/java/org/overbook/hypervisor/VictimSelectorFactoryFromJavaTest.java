package org.overbook.hypervisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.GuestMemory;
import org.overbook.guest.Parameters;
import org.overbook.hypervisor.sim.RandomStreams;
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

    /** What the factory was handed: its parameter {@code handspread} and the first draw of its generator. */
    private final List<Long> handspreads = new ArrayList<>();
    private final List<Long> firstDraws = new ArrayList<>();
    private final List<Counted> made = new ArrayList<>();

    /** Counts the victims reclaim asks the built-in CLOCK it wraps for. */
    private static final class Counted implements VictimSelector {
        private final VictimSelector clock;
        private long asked;

        Counted(VictimSelector clock) {
            this.clock = clock;
        }

        @Override
        public int nextVictim() {
            asked++;
            return clock.nextVictim();
        }

        @Override
        public int nextCleanVictim(int budget) {
            asked++;
            return clock.nextCleanVictim(budget);
        }

        @Override
        public long scanned() {
            return clock.scanned();
        }
    }

    /** The built-in CLOCK, counted, made as a plug-in makes a selection that reads a parameter and draws. */
    private final VictimSelectorFactory countedClock = (frames, parameters, random) -> {
        handspreads.add(parameters.bytes("handspread", 0, 0, Long.MAX_VALUE));
        firstDraws.add(random.nextLong());
        VictimSelectorFactory clock = (VictimSelectorFactory) VictimSelections.builtIn().factory(VictimSelections.FIELD,
                VictimSelections.CLOCK);
        Counted selector = new Counted(clock.create(frames, parameters, random));
        made.add(selector);
        return selector;
    };

    @Test
    void aFactoryIsMadeWithTheHostsStreamAndNoParametersAndReclaimTakesItsVictims() {
        Host host = hosts.create(/* frames= */ 16, /* swapPages= */ 64, /* tenants= */ 1, /* guestPages= */ 48, SEED);
        host.memory().selectVictimsWith(countedClock);

        assertEquals(List.of(0L), handspreads, "no parameter: the default");
        assertEquals(List.of(new RandomStreams(SEED).stream(VictimSelections.STREAM).nextLong()), firstDraws,
                "the stream a scenario of the host's seed gives the selection");
        GuestMemory memory = host.tenant(0).memory();
        for (int page = 0; page < 48; page++) {
            memory.writeLong((long) page * GuestMemory.PAGE_SIZE, 1_000 + page);
        }
        assertTrue(made.getFirst().asked > 0, "reclaim asked the factory's selector for victims");
        assertTrue(host.memory().swapWrites() > 0);
        for (int page = 0; page < 48; page++) {
            assertEquals(1_000 + page, memory.readLong((long) page * GuestMemory.PAGE_SIZE), "page " + page);
        }
    }

    /**
     * A lambda written in the call, as docs/PLUGINS.md writes a selection, compiles without a typed variable: three
     * arguments make a {@link VictimSelectorFactory}, made with the host's stream and no parameters; one argument a plain
     * {@link org.overbook.hypervisor.spi.VictimSelection}.
     */
    @Test
    void aLambdaOfEitherShapeIsTakenDirectly() {
        Host host = hosts.create(16, 64, 1, 48, SEED);
        host.memory().selectVictimsWith((frames, parameters, random) -> countedClock.create(frames, parameters, random));
        assertEquals(List.of(0L), handspreads, "no parameter: the default");
        assertEquals(List.of(new RandomStreams(SEED).stream(VictimSelections.STREAM).nextLong()), firstDraws);

        Host other = hosts.create(16, 64, 1, 48, SEED);
        other.memory().selectVictimsWith(frames -> countedClock.create(frames, Parameters.empty(PARAMS), new SplittableRandom(1)));
        assertEquals(2, made.size(), "the one-argument lambda made its selector over the host's frames");
        GuestMemory memory = other.tenant(0).memory();
        for (int page = 0; page < 48; page++) {
            memory.writeLong((long) page * GuestMemory.PAGE_SIZE, page);
        }
        assertTrue(made.getLast().asked > 0, "reclaim asked the one-argument lambda's selector for victims");
    }

    /**
     * One {@link Parameters} handed to two hosts is read afresh by each: a parameter the factory reads on the first host
     * (of 32 frames) and leaves unread on the second (of 16) is refused on the second, as two scenarios would refuse it.
     */
    @Test
    void parametersSharedByTwoHostsAreCheckedForEachHost() {
        VictimSelectorFactory handspreadOnLargeHosts = (frames, parameters, random) -> {
            if (frames.frames() > 16) {
                parameters.bytes("handspread", 0, 0, Long.MAX_VALUE);
            }
            return countedClock.create(frames, Parameters.empty(PARAMS), random);
        };
        Parameters shared = new Parameters(PARAMS, Map.of("handspread", "16KiB"));
        hosts.create(32, 64, 1, 48, SEED).memory().selectVictimsWith(handspreadOnLargeHosts, shared);

        Host small = hosts.create(16, 64, 1, 48, SEED);
        ConfigurationException e = assertThrows(ConfigurationException.class,
                () -> small.memory().selectVictimsWith(handspreadOnLargeHosts, shared));
        assertEquals(PARAMS + ".handspread", e.field(), e.getMessage());
        assertTrue(e.getMessage().contains("unknown parameter; accepted: none"), e.getMessage());
    }

    @Test
    void theParametersGivenReachTheFactoryAndOneItDoesNotReadIsRefusedNamingIt() {
        Host host = hosts.create(16, 64, 1, 48, SEED);
        host.memory().selectVictimsWith(countedClock, new Parameters(PARAMS, Map.of("handspread", "16KiB")));
        assertEquals(List.of(16_384L), handspreads);

        ConfigurationException e = assertThrows(ConfigurationException.class,
                () -> host.memory().selectVictimsWith(countedClock, new Parameters(PARAMS, Map.of("handsprd", "16KiB"))));
        assertEquals(PARAMS + ".handsprd", e.field(), e.getMessage());
        assertTrue(e.getMessage().contains("unknown parameter; accepted: handspread (did you mean handspread?)"), e.getMessage());
    }
}
