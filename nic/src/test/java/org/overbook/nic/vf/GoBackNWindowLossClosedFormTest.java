package org.overbook.nic.vf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.IntToDoubleFunction;
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
import org.overbook.nic.VfCounters;
import org.overbook.nic.contract.TestbedFixtures;
import org.overbook.nic.link.Link;

/**
 * Go-back-N with the window kept full under random loss, against closed forms: a queue pair whose send ring holds W
 * messages of N packets, each reposted as one completes, on a link that loses each packet (data or acknowledgement)
 * with probability q, independently ({@code LinkClosedFormTest}).
 *
 * <p>What the model does (the datagram transport: loss needs it). The receiver accepts packets strictly in order from
 * its expected one and acknowledges each message once its last packet is written; a packet past a gap is discarded
 * silently, a duplicate is not delivered again. The sender resends nothing until its retransmission timeout, which
 * runs from its last progress (an acknowledgement); then it resends every packet of every unacknowledged message
 * (go-back-N from the oldest unacknowledged message's first packet), and the timeout doubles until an acknowledgement
 * resets it. The timeout (200 ms) is many round trips, so by then the application has refilled the ring: every expiry
 * resends exactly W · N packets.
 *
 * <p>Transmissions. Each transmission of the receiver's expected packet is a Bernoulli trial: delivered with 1 − q, or
 * lost, and then everything behind it is discarded until an expiry resends it (new messages posted meanwhile go once
 * and are discarded too). So the losses at the expected packet before D packets are delivered are NegBin(D, 1 − q),
 * mean D q / (1 − q), and each is followed by exactly one expiry; an expiry without such a loss needs every
 * acknowledgement of a full window lost (W in a row: about q^W a message, under 10⁻⁴ of a transmission a packet
 * here, asserted). Every packet goes once when its message is first sent and W · N more times per expiry, so
 *
 * <pre>   E[T] = 1 + W N · q / (1 − q) transmissions, and q / (1 − q) expiries, per delivered packet,</pre>
 *
 * the classic (1 + (w − 1) q) / (1 − q) of go-back-N with a window of w = W N packets that the sender fills before the
 * loss is detected (w below the bandwidth-delay product of a 200 ms timeout, millions of packets).
 *
 * <p>Goodput. The timeouts dwarf the data's own time (under a message's unpipelined latency per transmission, which
 * the tolerance adds). While message k is the oldest unacknowledged, its expiries follow one another with no
 * acknowledgement between them (a loss inside the message stops it short of its last packet), so they back off:
 * the losses at the expected packet while it is inside message k are F ~ NegBin(N, 1 − q), and message k waits
 * S(F), S(f) = Σ_{j&lt;f} min(RTO · 2^j, 120 s); its acknowledgement resets the timeout for message k + 1. A lost
 * acknowledgement of message k carries the back-off over: if message k + 1 then loses a packet, its first expiry waits
 * RTO · 2^{F_k} rather than RTO, and the resent message k's acknowledgement resets the timeout after it, so message
 * k + 1 waits RTO (2^{F_k} − 2^{F_{k+1} − 1}) more when F_{k+1} ≥ 1: in all, to first order in q,
 *
 * <pre>   time per delivered packet = (E[S(F)] + q (1 − q) RTO (E[2^F] P(F ≥ 1) − E[2^{F−1}; F ≥ 1])) / N,</pre>
 *
 * and goodput MTU over it (renewal reward). It hardly depends on W: the window buys transmissions, not time.
 *
 * <p>Tolerance: the intervals are computed from the run, 4 standard errors of 40 batch means (batches of equal numbers
 * of delivered messages, each hundreds of losses long, so nearly independent), as {@code FaultServiceQueueingTest}
 * does. Power: wrong models lie more than twice the tolerance away, so a model built on one fails: one message's
 * go-back-N ({@code GoBackNLossClosedFormTest}: 1 + N q / (1 − q) + q / (1 − q)², the window ignored), an expiry for
 * every lost packet (E[T] q of them a delivered packet), and, with N &gt; 1, resending from the lost packet rather
 * than from its message's first (W N − (N − 1) / 2 packets an expiry on average) and a back-off reset by each
 * delivered packet (as TCP's per-segment acknowledgements would: E[S(G)] a packet, G ~ NegBin(1, 1 − q)).
 * Fixed seeds, printed on failure.
 */
class GoBackNWindowLossClosedFormTest {

    private static final int MTU = 4096;
    private static final int BATCHES = 40;
    private static final double Z = 4.0;
    private static final double TCP_RTO_MAX = 120e9;

    @ParameterizedTest(name = "window {0} of {1} packets, loss {2}, {3} messages, seed {4}")
    @CsvSource({"4, 8, 0.02, 200000, 31", "16, 1, 0.05, 20000, 32"})
    void transmissionsAndGoodputMatchTheClosedForm(int window, int packets, double q, int messages, long seed)
            throws Exception {
        String where = "window " + window + " of " + packets + " packets, q = " + q + ", " + messages + " messages, seed " + seed;
        assertTrue(window * Math.pow(q, window) < 1e-4, where + ": the expiries of a window of lost acknowledgements"
                + " are not negligible");
        Run run = Run.of(window, packets, q, messages, seed);
        assertEquals(messages, run.delivered, where + ": every message delivered once, successfully");
        long delivered = (long) packets * (messages / BATCHES);
        checkTransmissions(where, window, packets, q, Estimate.of(run.batchPackets, delivered),
                Estimate.of(run.batchTimeouts, delivered));
        checkGoodput(where, window, packets, q, Estimate.of(run.batchNanos, delivered));
    }

    private static void checkTransmissions(String where, int window, int packets, double q, Estimate transmissions,
                                           Estimate expiries) {
        double failuresPerSuccess = q / (1 - q);
        double closedForm = 1 + window * packets * failuresPerSuccess;
        double tolerance = Z * transmissions.standardError;
        assertTrue(Math.abs(transmissions.mean - closedForm) <= tolerance, where + ": " + transmissions.mean
                + " transmissions per delivered packet against " + closedForm + " ± " + tolerance);
        assertTrue(Math.abs(expiries.mean - failuresPerSuccess) <= Z * expiries.standardError, where + ": "
                + expiries.mean + " expiries per delivered packet against " + failuresPerSuccess + " ± "
                + Z * expiries.standardError);
        double windowIgnored = 1 + packets * failuresPerSuccess + q / ((1 - q) * (1 - q));
        assertTrue(Math.abs(windowIgnored - closedForm) > 2 * tolerance,
                where + ": cannot tell the window's go-back-N from one message's");
        if (packets > 1) { // with one packet a message, resending from the lost packet is resending the message
            double fromLostPacket = 1 + (window * packets - (packets - 1) / 2.0) * failuresPerSuccess;
            assertTrue(Math.abs(fromLostPacket - closedForm) > 2 * tolerance,
                    where + ": cannot tell resending from the message from resending from the lost packet");
        }
    }

    /**
     * The time per delivered packet against E[S(F)] / N and the acknowledgement-loss term (derived in the class
     * comment), within 4 standard errors plus the data's own time (a whole message's latency with nothing overlapped,
     * per transmission): goodput is MTU over it.
     */
    private static void checkGoodput(String where, int window, int packets, double q, Estimate perPacket) {
        long rto = nic().costs().rtoNanos();
        FailuresLaw law = FailuresLaw.of(packets, q);
        double mergedBackOff = q * (1 - q) * rto * (law.expectation(f -> Math.pow(2, f)) * (1 - law.pmf[0])
                - law.expectation(f -> f == 0 ? 0 : Math.pow(2, f - 1)));
        double expected = (law.expectation(f -> expiries(f, rto)) + mergedBackOff) / packets;
        double transmissions = 1 + window * packets * q / (1 - q);
        double tolerance = Z * perPacket.standardError + transmissions * unpipelinedNanos(packets) / packets;
        assertTrue(Math.abs(perPacket.mean - expected) <= tolerance, where + ": goodput " + MTU * 8e9 / perPacket.mean
                + " b/s against " + MTU * 8e9 / expected + " b/s: " + perPacket.mean + " ns per delivered packet against "
                + expected + " ± " + tolerance);
        double everyLostPacketWaits = transmissions * q * rto;
        assertTrue(Math.abs(everyLostPacketWaits - expected) > 2 * tolerance,
                where + ": cannot tell an expiry per loss at the expected packet from one per lost packet");
        if (packets > 1) { // with one packet a message, the two back-offs are the same
            double resetByEachPacket = FailuresLaw.of(1, q).expectation(f -> expiries(f, rto));
            assertTrue(Math.abs(resetByEachPacket - expected) > 2 * tolerance,
                    where + ": cannot tell a back-off reset by acknowledged messages from one reset by each packet");
        }
    }

    /** S(f): when the f-th consecutive expiry comes after the first, the timeout doubling up to 120 s. */
    private static double expiries(int f, long rto) {
        double sum = 0;
        for (int j = 0; j < f; j++) {
            sum += Math.min(rto * Math.pow(2, j), TCP_RTO_MAX);
        }
        return sum;
    }

    /** A message's latency with nothing overlapped: its fetch, its reads, its packets' wire, both latencies, an interrupt. */
    private static long unpipelinedNanos(int packets) {
        NicConfig nic = nic();
        LinkConfig link = LinkConfig.fdr();
        HandTimeline timeline = new HandTimeline(nic, link, 0);
        return nic.costs().wqeNanos() + nic.pcie().readLatencyNanos()
                + packets * (timeline.pcie(MTU) + timeline.wire(MTU) + timeline.pcie(MTU))
                + 2 * link.latencyNanos() + timeline.wire(0) + nic.costs().interruptNanos();
    }

    private static NicConfig nic() {
        return NicConfig.of("pin-all").withTransport("datagram", "drop");
    }

    /** F ~ NegBin(N, 1 − q), the losses at the expected packet while a message of N packets is the oldest unacknowledged. */
    private record FailuresLaw(double[] pmf) {

        /** Terms kept: the mass past them is below 10⁻³⁰⁰ for the cases here. */
        static final int TERMS = 400;

        static FailuresLaw of(int packets, double q) {
            double[] pmf = new double[TERMS];
            for (int f = 0; f < TERMS; f++) {
                double logChoose = 0;
                for (int i = 1; i <= f; i++) {
                    logChoose += Math.log(packets - 1 + i) - Math.log(i);
                }
                pmf[f] = Math.exp(logChoose + packets * Math.log(1 - q) + f * Math.log(q));
            }
            return new FailuresLaw(pmf);
        }

        double expectation(IntToDoubleFunction g) {
            double sum = 0;
            for (int f = 0; f < pmf.length; f++) {
                sum += pmf[f] * g.applyAsDouble(f);
            }
            return sum;
        }
    }

    /** The mean of per-batch ratios (count / per batch) and its standard error over the batches. */
    private record Estimate(double mean, double standardError) {
        static Estimate of(long[] counts, long per) {
            double sum = 0;
            double squares = 0;
            for (long count : counts) {
                double ratio = (double) count / per;
                sum += ratio;
                squares += ratio * ratio;
            }
            double mean = sum / counts.length;
            double variance = (squares - counts.length * mean * mean) / (counts.length - 1);
            return new Estimate(mean, Math.sqrt(variance / counts.length));
        }
    }

    /**
     * A datagram queue pair with a send ring of {@code window} slots, kept full: W messages posted at once, and one
     * more as each completes, until {@code messages} have gone; the receiver keeps 64 receives posted (one reposted as
     * each completes), so none is dropped for want of one. Counts, per batch of messages / {@value #BATCHES}
     * completions, the data packets put on the wire, the retransmission timeouts and the time taken.
     */
    private static final class Run {
        final long[] batchPackets = new long[BATCHES];
        final long[] batchTimeouts = new long[BATCHES];
        final long[] batchNanos = new long[BATCHES];
        int delivered;

        static Run of(int window, int packets, double q, int messages, long seed) throws Exception {
            Path directory = Files.createTempDirectory("overbook-gbn-window-");
            int bytes = packets * MTU;
            int pages = packets + 1;
            Testbed testbed = TestbedFixtures.create(
                    TestbedFixtures.host("s", 256, 0, new int[] {pages + 4}, directory.resolve("server")),
                    TestbedFixtures.host("c", 256, 0, new int[] {pages + 4}, directory.resolve("client")),
                    nic(), LinkConfig.fdr().withLoss(q), seed);
            Run run = new Run();
            try {
                Verbs server = testbed.server().tenant(0).guest().verbs();
                long inbox = testbed.server().tenant(0).memory().allocate(bytes);
                int inboxKey = server.register(inbox, bytes, Access.LOCAL_WRITE).lkey();
                CompletionQueue serverCq = server.createCompletionQueue(128);
                QueuePair[] serverQp = new QueuePair[1];
                serverCq.onCompletion(c -> {
                    if (c.opcode() == Completion.Opcode.RECEIVE) {
                        serverQp[0].postReceive(new WorkRequest.Receive(c.id(), inbox, bytes, inboxKey));
                    }
                });
                server.listen("x", QueuePairConfig.of(serverCq, serverCq), qp -> {
                    serverQp[0] = qp;
                    for (int i = 0; i < 64; i++) {
                        qp.postReceive(new WorkRequest.Receive(i, inbox, bytes, inboxKey));
                    }
                });
                Verbs client = testbed.client().tenant(0).guest().verbs();
                long buffer = testbed.client().tenant(0).memory().allocate(bytes);
                int lkey = client.register(buffer, bytes, 0).lkey();
                CompletionQueue cq = client.createCompletionQueue(2 * window);
                QueuePair qp = client.connect("s0", "x", QueuePairConfig.of(cq, cq).withRings(window, 64));
                testbed.simulation().run();

                Link.Direction data = testbed.link().from(1); // the client's side: the data packets
                VfCounters counters = testbed.clientNic().vf(0).counters();
                int perBatch = messages / BATCHES;
                long[] mark = {data.packets(), counters.timeouts(), testbed.simulation().now()};
                int[] posted = {0};
                cq.onCompletion(c -> {
                    assertEquals(CompletionStatus.SUCCESS, c.status(), "message " + c.id());
                    int done = run.delivered++;
                    if ((done + 1) % perBatch == 0 && done < BATCHES * perBatch) {
                        int batch = done / perBatch;
                        run.batchPackets[batch] = data.packets() - mark[0];
                        run.batchTimeouts[batch] = counters.timeouts() - mark[1];
                        run.batchNanos[batch] = testbed.simulation().now() - mark[2];
                        mark[0] = data.packets();
                        mark[1] = counters.timeouts();
                        mark[2] = testbed.simulation().now();
                    }
                    if (posted[0] < messages) {
                        qp.postSend(new WorkRequest.Send(posted[0]++, buffer, bytes, lkey));
                    }
                });
                for (int i = 0; i < window; i++) {
                    qp.postSend(new WorkRequest.Send(posted[0]++, buffer, bytes, lkey));
                }
                testbed.simulation().run();
            } finally {
                TestbedFixtures.checkAndClose(testbed);
                HostsUnderTest.deleteTree(directory);
            }
            return run;
        }
    }
}
