package org.overbook.nic.vf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.overbook.guest.verbs.Access;
import org.overbook.guest.verbs.Completion;
import org.overbook.guest.verbs.CompletionQueue;
import org.overbook.guest.verbs.CompletionStatus;
import org.overbook.guest.verbs.QueuePair;
import org.overbook.guest.verbs.QueuePairConfig;
import org.overbook.guest.verbs.Verbs;
import org.overbook.guest.verbs.WorkRequest;
import org.overbook.hypervisor.testing.HostsUnderTest;
import org.overbook.nic.LinkConfig;
import org.overbook.nic.NicConfig;
import org.overbook.nic.Testbed;
import org.overbook.nic.contract.TestbedFixtures;
import org.overbook.nic.dma.PcieLink;
import org.overbook.nic.link.Link;

/**
 * Go-back-N under random link loss, against its closed form: the expected transmissions per delivered packet,
 * and the goodput the retransmission timer's back-off leaves.
 *
 * <p>Which mechanism recovers a loss. Loss needs the datagram transport (the reliable one models a lossless
 * fabric), and there the responder NAKs nothing: a packet past a gap is discarded silently, a duplicate is not
 * delivered again and its message's last packet is acknowledged again. So every loss, of data or of an
 * acknowledgement, is recovered by the requester's retransmission timeout, which resends every unacknowledged
 * packet from the oldest unacknowledged message's first one (go-back-N from the message, not from the lost
 * packet: nothing acknowledges part of a message).
 *
 * <p>Derivation, one message of N packets at a time, each packet lost with probability q on either wire,
 * independently (the link's own check, {@code LinkClosedFormTest}). A round sends all N packets. The receiver
 * accepts in order from its expected packet: a round that does not finish the message ends with exactly one
 * loss at the expected packet, and every round up to the one that finishes it makes one Bernoulli(1 − q) trial
 * at that packet per success. The rounds before delivery are therefore 1 + F, F the failures before N
 * successes: F ~ NegBin(N, 1 − q), mean N q / (1 − q). The round that delivers sends one acknowledgement, lost
 * with probability q; every later round succeeds only if both its last packet and the acknowledgement that
 * packet triggers arrive, s = (1 − q)², so the extra rounds A are 0 with probability 1 − q and else geometric
 * on 1, 2, … with parameter s. Rounds per message R = 1 + F + A, F and A independent:
 *
 * <pre>   E[R] = 1 + N q / (1 − q) + q / (1 − q)²</pre>
 *
 * and, since every round resends the whole message, R is also the transmissions per delivered packet. Round k
 * + 1 starts at the k-th expiry, S(k) = Σ_{j&lt;k} min(RTO · 2^j, 120 s) after the first send
 * ({@code RetrySchedulesTest}), and takes the lossless round's time, so a message takes T0 + S(R − 1) and
 * goodput is N · MTU / (T0 + E[S(R − 1)]) (renewal reward), E over the law of R. The law of R is computed
 * here by convolving F's and A's pmfs, apart from the model; R over 16 rounds would give up, and the cases are
 * chosen so that has probability under 10⁻⁹.
 *
 * <p>Tolerance: each mean is asserted within 4 standard errors of its closed form (the standard error from
 * the derived variance of R or S(R − 1) and the number of messages: a false alarm once in 16,000 runs; the
 * messages are independent, as the timer and the back-off restart with each). Power: a named wrong model must
 * lie more than 8 standard errors away, so that a model built on it fails: acknowledgements that are never
 * lost (q / (1 − q)² fewer rounds), a timer without back-off (k · RTO for S(k)), and, with 16 packets a
 * message, resending from the lost packet rather than the message's first (a loss at packet e costs N − e
 * packets, not N). The sample sizes are chosen to give that power.
 * Fixed seeds, printed on failure.
 */
class GoBackNLossClosedFormTest {

    private static final int MTU = 4096;
    private static final long TCP_RTO_MAX = 120_000_000_000L;
    private static final int MAX_ROUNDS = 16; // the first send and 15 retries (tcp_retries2)
    private static final double Z = 4.0;

    @ParameterizedTest(name = "{0} packets a message, loss {1}, {2} messages, seed {3}")
    @CsvSource({"1, 0.1, 20000, 11", "16, 0.02, 60000, 12"})
    void roundsAndGoodputMatchTheClosedForm(int packets, double q, int messages, long seed) throws Exception {
        long rto = NicConfig.of("pin-all").costs().rtoNanos();
        RoundsLaw law = RoundsLaw.of(packets, q);
        String where = packets + " packets a message, q = " + q + ", " + messages + " messages, seed " + seed;
        assertTrue(law.tail < 1e-9, where + ": P(R > 16) = " + law.tail + " would let the sender give up");
        double closedForm = 1 + packets * q / (1 - q) + q / ((1 - q) * (1 - q));
        assertEquals(closedForm, law.mean(), 1e-12, "the pmf's mean is the closed form");

        Run run = Run.of(packets, q, messages, seed);

        // Transmissions per delivered packet.
        double perPacket = (double) run.dataPackets / ((long) packets * messages);
        double roundsTolerance = Z * Math.sqrt(law.variance() / messages);
        assertTrue(Math.abs(perPacket - closedForm) <= roundsTolerance, where + ": " + perPacket
                + " transmissions per delivered packet against " + closedForm + " ± " + roundsTolerance);
        double acksNeverLost = 1 + packets * q / (1 - q);
        assertTrue(Math.abs(acksNeverLost - closedForm) > 2 * roundsTolerance,
                where + ": cannot tell lost acknowledgements from none");
        if (packets > 1) { // with one packet a message, resending from the lost packet is resending the message
            double fromLostPacket = 1 + q / (1 - q) * (packets + 1) / 2.0 + q / ((1 - q) * (1 - q));
            assertTrue(Math.abs(fromLostPacket - closedForm) > 2 * roundsTolerance,
                    where + ": cannot tell resending the message from resending from the lost packet");
        }

        // Each message: T0 plus the expiries it waited, to within the one PCIe write a duplicate round skips.
        long slack = new PcieLink(NicConfig.of("pin-all").pcie().bitsPerSecond(), 0).nanosFor(MTU);
        double waitedSum = 0;
        for (int i = 0; i < messages; i++) {
            int rounds = run.rounds[i];
            assertTrue(rounds >= 1 && rounds <= MAX_ROUNDS, where + ": message " + i + " took " + rounds + " rounds");
            long beyond = run.latency[i] - run.lossless - expiries(rounds - 1, rto);
            assertTrue(beyond <= 0 && beyond >= -slack, where + ": message " + i + " of " + rounds + " rounds took "
                    + run.latency[i] + " ns, " + beyond + " ns beyond T0 = " + run.lossless + " and its expiries");
            waitedSum += run.latency[i] - run.lossless;
        }

        // Goodput: the mean time per message against T0 + E[S(R − 1)].
        double expectedWait = law.expectation(k -> expiries(k, rto));
        double waitVariance = law.expectation(k -> Math.pow(expiries(k, rto), 2)) - expectedWait * expectedWait;
        double waitTolerance = Z * Math.sqrt(waitVariance / messages) + slack;
        double meanWait = waitedSum / messages;
        double goodput = packets * MTU * 8.0 / ((run.lossless + meanWait) * 1e-9);
        double expectedGoodput = packets * MTU * 8.0 / ((run.lossless + expectedWait) * 1e-9);
        assertTrue(Math.abs(meanWait - expectedWait) <= waitTolerance, where + ": goodput " + goodput
                + " b/s against " + expectedGoodput + " b/s: mean wait " + meanWait + " ns against " + expectedWait
                + " ± " + waitTolerance);
        double withoutBackOff = law.expectation(k -> (double) k * rto);
        assertTrue(Math.abs(withoutBackOff - expectedWait) > 2 * waitTolerance,
                where + ": cannot tell a timer with back-off from one without");
        assertEquals(0, run.failed, where + ": messages that failed");
    }

    /** S(k): when the k-th expiry comes after the first send, with doubling up to 120 s. */
    private static long expiries(int k, long rto) {
        long sum = 0;
        for (int j = 0; j < k; j++) {
            sum += j >= 40 ? TCP_RTO_MAX : Math.min(rto << j, TCP_RTO_MAX);
        }
        return sum;
    }

    /** The law of R − 1 = F + A, derived above, on 0 .. {@value #TERMS} − 1, and its mass past 16 rounds. */
    private record RoundsLaw(double[] pmf, double tail) {

        /** Terms kept: the mass past them is below 10⁻³⁰⁰ for the cases here. */
        private static final int TERMS = 400;

        static RoundsLaw of(int packets, double q) {
            double p = 1 - q;
            double s = p * p;
            double[] failures = new double[TERMS];
            double[] extra = new double[TERMS];
            for (int f = 0; f < TERMS; f++) {
                failures[f] = Math.exp(logChoose(packets + f - 1, f) + packets * Math.log(p) + f * Math.log(q));
                extra[f] = f == 0 ? p : q * Math.pow(1 - s, f - 1) * s;
            }
            double[] pmf = new double[TERMS];
            double tail = 0;
            for (int k = 0; k < TERMS; k++) {
                for (int f = 0; f <= k; f++) {
                    pmf[k] += failures[f] * extra[k - f];
                }
                if (k >= MAX_ROUNDS) {
                    tail += pmf[k];
                }
            }
            return new RoundsLaw(pmf, tail);
        }

        /** E[g(R − 1)]: over every term (past 16 rounds the sender would give up, but that mass is under 10⁻⁹, asserted). */
        double expectation(java.util.function.IntToDoubleFunction g) {
            double sum = 0;
            for (int k = 0; k < pmf.length; k++) {
                sum += pmf[k] * g.applyAsDouble(k);
            }
            return sum;
        }

        double mean() {
            return 1 + expectation(k -> k);
        }

        double variance() {
            double m = mean() - 1;
            return expectation(k -> (double) k * k) - m * m;
        }

        private static double logChoose(int n, int k) {
            double sum = 0;
            for (int i = 1; i <= k; i++) {
                sum += Math.log(n - k + i) - Math.log(i);
            }
            return sum;
        }
    }

    /**
     * Messages of {@code packets} MTUs sent one at a time over a datagram queue pair on a link losing q, each
     * posted when the one before completes; the receiver reposts a receive for each it completes, so none is
     * dropped for want of one. Records each message's rounds (its data packets on the wire over N) and
     * latency, and T0, the latency of a message sent in one round. A first message, not counted, warms the
     * NIC TLBs (its translations cost line fetches the others do not).
     */
    private static final class Run {
        final int[] rounds;
        final long[] latency;
        long dataPackets;
        long lossless = -1;
        int failed;

        private Run(int messages) {
            rounds = new int[messages];
            latency = new long[messages];
        }

        static Run of(int packets, double q, int messages, long seed) throws Exception {
            Path directory = Files.createTempDirectory("overbook-gbn-");
            int bytes = packets * MTU;
            int pages = packets + 1;
            Testbed testbed = TestbedFixtures.create(
                    TestbedFixtures.host("s", 256, 0, new int[] {pages + 4}, directory.resolve("server")),
                    TestbedFixtures.host("c", 256, 0, new int[] {pages + 4}, directory.resolve("client")),
                    NicConfig.of("pin-all").withTransport("datagram", "drop"), LinkConfig.fdr().withLoss(q), seed);
            Run run = new Run(messages);
            try {
                Verbs server = testbed.server().tenant(0).guest().verbs();
                long inbox = testbed.server().tenant(0).memory().allocate(bytes);
                int inboxKey = server.register(inbox, bytes, Access.LOCAL_WRITE).lkey();
                CompletionQueue serverCq = server.createCompletionQueue(16);
                QueuePair[] serverQp = new QueuePair[1];
                serverCq.onCompletion(c -> {
                    if (c.opcode() == Completion.Opcode.RECEIVE) {
                        serverQp[0].postReceive(new WorkRequest.Receive(c.id() + 4, inbox, bytes, inboxKey));
                    }
                });
                server.listen("x", QueuePairConfig.of(serverCq, serverCq), qp -> {
                    serverQp[0] = qp;
                    for (int i = 0; i < 4; i++) {
                        qp.postReceive(new WorkRequest.Receive(i, inbox, bytes, inboxKey));
                    }
                });
                Verbs client = testbed.client().tenant(0).guest().verbs();
                long buffer = testbed.client().tenant(0).memory().allocate(bytes);
                int lkey = client.register(buffer, bytes, 0).lkey();
                CompletionQueue cq = client.createCompletionQueue(16);
                QueuePair qp = client.connect("s0", "x", QueuePairConfig.of(cq, cq));
                testbed.simulation().run();

                Link.Direction data = testbed.link().from(1); // the client's side: the data packets
                long[] posted = new long[2]; // time and data packets on the wire at the post
                cq.onCompletion(c -> {
                    int i = (int) c.id() - 1; // the first, -1, warms the TLBs and is not counted
                    long sent = data.packets() - posted[1];
                    if (i >= 0) {
                        run.latency[i] = testbed.simulation().now() - posted[0];
                        assertEquals(0, sent % packets, "message " + i + ": every round resends the whole message");
                        run.rounds[i] = (int) (sent / packets);
                        run.dataPackets += sent;
                    }
                    if (c.status() != CompletionStatus.SUCCESS) {
                        run.failed++;
                    }
                    if (i + 1 < messages) {
                        posted[0] = testbed.simulation().now();
                        posted[1] = data.packets();
                        qp.postSend(new WorkRequest.Send(i + 2, buffer, bytes, lkey));
                    }
                });
                posted[1] = data.packets();
                qp.postSend(new WorkRequest.Send(0, buffer, bytes, lkey));
                testbed.simulation().run();
            } finally {
                TestbedFixtures.checkAndClose(testbed);
                HostsUnderTest.deleteTree(directory);
            }
            run.lossless = run.losslessLatency();
            return run;
        }

        /** T0: every message sent in one round takes the same time (one is the first message's most likely fate). */
        private long losslessLatency() {
            long t0 = -1;
            for (int i = 0; i < rounds.length; i++) {
                if (rounds[i] == 1) {
                    if (t0 < 0) {
                        t0 = latency[i];
                    }
                    assertEquals(t0, latency[i], "message " + i + " of one round takes T0, as every other");
                }
            }
            assertTrue(t0 > 0, "some message went in one round");
            return t0;
        }
    }
}
