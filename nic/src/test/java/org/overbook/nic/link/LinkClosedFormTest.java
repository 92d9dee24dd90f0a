package org.overbook.nic.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.overbook.hypervisor.sim.Action;
import org.overbook.hypervisor.sim.Simulation;

/**
 * The wire alone against its closed forms: a packet of p payload bytes occupies a direction for
 * ceil(8 (p + H) / B) ns (H header bytes, B bits a second) and arrives the propagation latency after its last
 * bit left, so n packets sent back to back arrive at k·T + L for k = 1..n and the direction carries
 * B · p / (p + H) bits of payload a second; the two directions do not share a wire. With a loss rate q each
 * packet is lost on its own with probability q: the number lost of n is Binomial(n, q), and a loss is no
 * likelier after a loss.
 */
class LinkClosedFormTest {

    private static final long BITS_PER_SECOND = 56_000_000_000L; // FDR: one packet's time is not a whole number of ns
    private static final long LATENCY = 700;
    private static final int MTU = 4096;

    /** Records every arrival time of a direction. */
    private static final class Arrivals extends Action {
        private final Simulation simulation;
        private final List<Long> times = new ArrayList<>();

        Arrivals(Simulation simulation) {
            this.simulation = simulation;
        }

        @Override
        public void run() {
            times.add(simulation.now());
        }
    }

    private static long wireNanos(int payload) {
        double exact = 8.0 * (payload + Link.HEADER_BYTES) * 1e9 / BITS_PER_SECOND;
        return (long) Math.ceil(exact);
    }

    @Test
    void backToBackPacketsArriveOneSerialisationApartAfterTheLatency() {
        Simulation simulation = new Simulation(1);
        Link link = new Link(simulation, BITS_PER_SECOND, LATENCY, 0, MTU);
        Arrivals forward = new Arrivals(simulation);
        Arrivals back = new Arrivals(simulation);
        int packets = 1000;
        for (int k = 0; k < packets; k++) {
            link.from(0).send(0, MTU, forward);
        }
        // The other direction, at the same instant, with small packets: its own wire.
        for (int k = 0; k < packets; k++) {
            link.from(1).send(0, 64, back);
        }
        simulation.run();
        long full = wireNanos(MTU); // 4126 bytes at 56 Gb/s: 589.43 ns, rounded up to 590
        assertEquals(590, full, "the hand-computed serialisation of a full packet");
        for (int k = 1; k <= packets; k++) {
            assertEquals(k * full + LATENCY, forward.times.get(k - 1), "full packet " + k);
            assertEquals(k * wireNanos(64) + LATENCY, back.times.get(k - 1), "64-byte packet " + k + " (the other direction)");
        }
        // Payload throughput: n·p bits over the time from the first bit out to the last bit out.
        double payloadBitsPerSecond = 8.0 * packets * MTU / (packets * full) * 1e9;
        double closedForm = BITS_PER_SECOND * (double) MTU / (MTU + Link.HEADER_BYTES);
        // Only the ceiling separates them: at most 1 ns in 590 per packet, 0.17 %.
        assertEquals(closedForm, payloadBitsPerSecond, closedForm * 1.0 / full);
        assertEquals(packets * (long) MTU, link.from(0).payloadBytes());
    }

    @Test
    void aPacketSentLaterThanTheWireIsFreeLeavesWhenItIsSentAndOneSentForThePastLeavesNow() {
        Simulation simulation = new Simulation(1);
        Link link = new Link(simulation, BITS_PER_SECOND, LATENCY, 0, MTU);
        Arrivals arrivals = new Arrivals(simulation);
        assertEquals(10_000 + wireNanos(0) + LATENCY, link.from(0).send(10_000, 0, arrivals), "an acknowledgement");
        simulation.runUntil(50_000);
        assertEquals(50_000 + wireNanos(100) + LATENCY, link.from(0).send(20_000, 100, arrivals),
                "a packet for a time already past leaves now");
    }

    @Test
    void lossesAreIndependentWithTheConfiguredProbability() {
        long seed = 20_261_127L;
        double q = 0.02;
        int n = 200_000;
        Simulation simulation = new Simulation(seed);
        Link link = new Link(simulation, BITS_PER_SECOND, LATENCY, q, MTU);
        Arrivals arrivals = new Arrivals(simulation);
        long lost = 0;
        long lostAfterLost = 0;
        long afterLost = 0;
        boolean previousLost = false;
        for (int k = 0; k < n; k++) {
            boolean isLost = link.from(0).send(0, 0, arrivals) == Link.LOST;
            if (previousLost) {
                afterLost++;
                lostAfterLost += isLost ? 1 : 0;
            }
            lost += isLost ? 1 : 0;
            previousLost = isLost;
        }
        simulation.run();
        assertEquals(lost, link.from(0).lost());
        assertEquals(n - lost, arrivals.times.size(), "every packet not lost arrives");
        // Binomial(n, q): mean nq = 4000, sd sqrt(nq(1-q)) = 62.6; 4.5 sd is a false alarm once in 10^5 runs.
        double sd = Math.sqrt(n * q * (1 - q));
        assertTrue(Math.abs(lost - n * q) < 4.5 * sd, "seed " + seed + ": lost " + lost + " of " + n + ", expected "
                + n * q + " ± " + 4.5 * sd);
        // Independence: after a loss the next packet is lost with probability q again, Binomial(afterLost, q);
        // a loss process with bursts (or one that never loses twice running) fails it.
        double sdAfter = Math.sqrt(afterLost * q * (1 - q));
        assertTrue(Math.abs(lostAfterLost - afterLost * q) < 4.5 * sdAfter, "seed " + seed + ": " + lostAfterLost
                + " losses right after one of " + afterLost + ", expected " + afterLost * q + " ± " + 4.5 * sdAfter);
    }
}
