package org.overbook.nic.vf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.overbook.guest.verbs.Access;
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
import org.overbook.nic.transport.RnrTimer;

/**
 * A sender's retry schedules against a receiver that never posts a buffer, computed by hand.
 *
 * <p>Datagram transport (the receiver drops): TCP's schedule. The timer starts with the first send at s; the k-th
 * expiry comes at s + Σ_{j<k} min(RTO · 2^j, 120 s), each expiry resends, and the sixteenth gives up
 * (tcp_retries2 = 15): 16 packets, and a RETRY_EXCEEDED completion at s + Σ_{j<16} min(RTO · 2^j, 120 s)
 * (204.6 s + 6 · 120 s = 924.6 s with the 200 ms RTO).
 *
 * <p>Reliable transport (the receiver answers RNR NACK): each NACK makes the sender wait the timer its code names
 * and resend; with rnr_retry n the (n+1)-th NACK fails the send: n + 1 packets and an RNR_RETRY_EXCEEDED
 * completion n timers and n + 1 round trips after the post.
 */
class RetrySchedulesTest {

    private static final long TCP_RTO_MAX = 120_000_000_000L;
    /** Slack for where the first packet leaves after the post (a DMA read of one pinned page: about a µs). */
    private static final long FIRST_SEND_SLACK = 50_000;
    /** Bound on one round trip of a 64-byte packet and its NACK on FDR (0.6 µs each way plus NIC costs: a few µs). */
    private static final long ROUND_TRIP_BOUND = 20_000;

    /** A testbed whose server listens but never posts a receive; {@code send} posts one 64-byte send from the client. */
    private record Unready(Testbed testbed, Path directory, QueuePair qp, int lkey, long buffer, List<long[]> completions) {

        /** {@code code}: the RNR timer code the receiver names in its NACKs; {@code retries}: the sender's rnr_retry. */
        static Unready open(String transport, String policy, int retries, int code) throws Exception {
            Path directory = Files.createTempDirectory("overbook-retry-");
            Testbed testbed = TestbedFixtures.create(
                    TestbedFixtures.host("s", 256, 0, new int[] {16}, directory.resolve("server")),
                    TestbedFixtures.host("c", 256, 0, new int[] {16}, directory.resolve("client")),
                    NicConfig.of("pin-all").withTransport(transport, policy), LinkConfig.fdr(), /* seed= */ 5);
            Verbs server = testbed.server().tenant(0).guest().verbs();
            CompletionQueue serverCq = server.createCompletionQueue(8);
            server.listen("x", QueuePairConfig.of(serverCq, serverCq).withRnr(retries, code), qp -> { }); // posts no receive
            Verbs client = testbed.client().tenant(0).guest().verbs();
            long buffer = testbed.client().tenant(0).memory().allocate(4096);
            int lkey = client.register(buffer, 4096, Access.LOCAL_WRITE).lkey();
            CompletionQueue cq = client.createCompletionQueue(8);
            List<long[]> completions = new ArrayList<>();
            cq.onCompletion(c -> completions.add(new long[] {testbed.simulation().now(), c.status().ordinal()}));
            QueuePair qp = client.connect("s0", "x", QueuePairConfig.of(cq, cq).withRnr(retries, code));
            testbed.simulation().run();
            return new Unready(testbed, directory, qp, lkey, buffer, completions);
        }

        long packets() {
            return testbed.link().from(0).packets() + testbed.link().from(1).packets();
        }

        void close() throws Exception {
            TestbedFixtures.checkAndClose(testbed);
            HostsUnderTest.deleteTree(directory);
        }
    }

    @Test
    void aDatagramSenderBacksOffAsTcpDoesAndGivesUpAfterFifteenRetries() throws Exception {
        long rto = NicConfig.of("pin-all").costs().rtoNanos();
        QueuePairConfig defaults = QueuePairConfig.of(null, null);
        Unready unready = Unready.open("datagram", "drop", defaults.rnrRetry(), defaults.rnrTimerCode());
        try {
            long posted = unready.testbed().simulation().now();
            long before = unready.packets();
            unready.qp().postSend(new WorkRequest.Send(1, unready.buffer(), 64, unready.lkey()));
            long expiry = 0; // the k-th expiry's time after the first send
            for (int k = 1; k <= 16; k++) {
                expiry += Math.min(rto << (k - 1), TCP_RTO_MAX);
                unready.testbed().simulation().runUntil(posted + expiry - FIRST_SEND_SLACK);
                assertEquals(k, unready.packets() - before, "sends before expiry " + k + " (at " + expiry + " ns)");
                assertEquals(List.of(), unready.completions(), "still retrying before expiry " + k);
                unready.testbed().simulation().runUntil(posted + expiry + 2 * FIRST_SEND_SLACK);
                assertEquals(k == 16 ? 16 : k + 1, unready.packets() - before, "sends after expiry " + k);
            }
            assertEquals(924_600_000_000L, expiry, "the hand-computed total: 0.2 s · (2^10 - 1) + 6 · 120 s");
            assertEquals(1, unready.completions().size());
            long[] completion = unready.completions().getFirst();
            assertEquals(CompletionStatus.RETRY_EXCEEDED.ordinal(), completion[1]);
            long late = completion[0] - posted - expiry;
            assertTrue(late >= 0 && late < FIRST_SEND_SLACK, "gave up " + late + " ns after the sixteenth expiry");
            unready.testbed().simulation().run();
            assertEquals(16, unready.packets() - before, "nothing is sent after giving up");
        } finally {
            unready.close();
        }
    }

    @ParameterizedTest(name = "rnr_retry {0}, timer code {1}")
    @CsvSource({"0, 14", "3, 14", "6, 14", "3, 18", "2, 0"})
    void aReliableSenderWaitsTheNamedTimerBetweenRnrRetriesAndFailsAfterItsCount(int retries, int code) throws Exception {
        Unready unready = Unready.open("reliable", "rnr-nack", retries, code);
        try {
            long posted = unready.testbed().simulation().now();
            long before = unready.packets();
            unready.qp().postSend(new WorkRequest.Send(1, unready.buffer(), 64, unready.lkey()));
            unready.testbed().simulation().run();
            long timer = RnrTimer.delayNanos(code);
            // Packets: each try, and the NACK answering it.
            assertEquals(2L * (retries + 1), unready.packets() - before, "tries and NACKs");
            assertEquals(1, unready.completions().size());
            long[] completion = unready.completions().getFirst();
            assertEquals(CompletionStatus.RNR_RETRY_EXCEEDED.ordinal(), completion[1]);
            long beyondTimers = completion[0] - posted - (long) retries * timer;
            assertTrue(beyondTimers > 0 && beyondTimers < (retries + 1) * ROUND_TRIP_BOUND, "rnr_retry " + retries
                    + ", code " + code + " (" + timer + " ns): failed " + beyondTimers + " ns beyond " + retries
                    + " timers (bound " + (retries + 1) * ROUND_TRIP_BOUND + ")");
        } finally {
            unready.close();
        }
    }
}
