package org.overbook.workloads.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.WorkloadParameters;
import org.overbook.guest.WorkloadRegistry;
import org.overbook.guest.verbs.CompletionStatus;
import org.overbook.nic.NicConfig;
import org.overbook.nic.VfCounters;
import org.overbook.workloads.testing.Testbeds;
import org.overbook.workloads.testing.WireClient;
import org.overbook.workloads.testing.WireSession;

/**
 * The server under hostile or unlucky input: {@code quit} closes only its own connection, a request
 * larger than a receive buffer fails only the sender's connection, random bytes never stop the
 * server, and a pipelined flood of large replies is held back (the server stops running requests
 * while its reply backlog is full) and then delivered whole and in order.
 */
class MemcachedServerRobustnessTest {

    private static final long SEED = 23;
    private static final String VERSION = "VERSION 1.6.0-overbook\r\n";

    private final WorkloadRegistry registry = WorkloadRegistry.discover();

    private MemcachedServer server(Testbeds testbeds, Map<String, Object> extra) {
        Map<String, Object> parameters = new HashMap<>(MemcachedWireTableTest.SERVER);
        parameters.putAll(extra);
        MemcachedServer server = (MemcachedServer) registry.create("w", MemcachedServer.NAME, new WorkloadParameters("w", parameters));
        testbeds.testbed().server().tenant(0).boot(server);
        return server;
    }

    private static Testbeds testbed() {
        return Testbeds.create(/* serverFrames= */ 256, new int[] {512}, new int[] {256, 256}, NicConfig.of("on-demand"), SEED);
    }

    @Test
    void quitClosesOnlyItsOwnConnection() {
        try (Testbeds testbeds = testbed()) {
            MemcachedServer server = server(testbeds, Map.of());
            WireSession a = new WireSession(testbeds.testbed(), testbeds.testbed().client().tenant(0), new WireClient("s0", "memcached", 4096, 4096));
            WireSession b = new WireSession(testbeds.testbed(), testbeds.testbed().client().tenant(1), new WireClient("s0", "memcached", 4096, 4096));
            assertEquals("STORED\r\n", a.exchange("set k 0 0 1\r\nK\r\n"));
            assertEquals("VALUE k 0 1\r\nK\r\nEND\r\n", a.exchange("get k\r\nquit\r\nget k\r\n"), "replies before quit still leave");
            assertEquals("", a.exchange("version\r\n"), "a quit connection is not read any more");
            assertEquals("VALUE k 0 1\r\nK\r\nEND\r\n", b.exchange("get k\r\n"), "the other connection goes on");
            Map<String, Number> m = Testbeds.metrics(server);
            assertEquals(1L, m.get("server_quits"));
            assertEquals(1L, m.get("server_ignored_after_quit"));
            assertEquals(1L, m.get("curr_connections"));
            assertEquals(2L, m.get("total_connections"));
        }
    }

    @Test
    void aRequestLargerThanAReceiveBufferFailsOnlyTheSendersConnection() {
        try (Testbeds testbeds = testbed()) {
            MemcachedServer server = server(testbeds, Map.of("buffer-size", "4KiB"));
            WireSession big = new WireSession(testbeds.testbed(), testbeds.testbed().client().tenant(0), new WireClient("s0", "memcached", 8192, 4096));
            WireSession other = new WireSession(testbeds.testbed(), testbeds.testbed().client().tenant(1), new WireClient("s0", "memcached", 4096, 4096));
            String value = "v".repeat(5000);
            assertEquals("", big.exchange("set v 0 0 5000\r\n" + value + "\r\n"), "nothing reaches the engine");
            assertEquals(List.of(CompletionStatus.REMOTE_INVALID_REQUEST), big.client().sendStatuses());
            assertTrue(big.client().inError(), "the sender's queue pair is in error");
            assertEquals(VERSION, other.exchange("version\r\n"));
            assertEquals("END\r\n", other.exchange("get v\r\n"));
            assertEquals(1L, Testbeds.metrics(server).get("curr_connections"), "the failed connection was dropped");
        }
    }

    @Test
    void randomBytesNeverStopTheServer() {
        try (Testbeds testbeds = testbed()) {
            MemcachedServer server = server(testbeds, Map.of("buffer-size", "4KiB"));
            WireSession session = new WireSession(testbeds.testbed(), testbeds.testbed().client().tenant(0), new WireClient("s0", "memcached", 4096, 4096));
            SplittableRandom random = new SplittableRandom(SEED);
            String[] words = {"get", "gets", "gat", "set", "add", "cas", "append", "incr", "decr", "delete", "touch", "flush_all",
                    "stats", "verbosity", "version", "noreply", "0", "1", "-1", "18446744073709551616", "4294967296", "k", "\r\n", "\n",
                    " ", "  ", "\0", "\u00ff"};
            for (int i = 0; i < 300; i++) {
                StringBuilder message = new StringBuilder();
                for (int n = random.nextInt(1, 30); n > 0; n--) {
                    if (random.nextInt(4) == 0) {
                        message.append((char) random.nextInt(256));
                    } else {
                        message.append(words[random.nextInt(words.length)]).append(random.nextBoolean() ? " " : "");
                    }
                }
                session.exchange(message.toString());
                int step = i;
                assertEquals(VERSION, session.exchange("version\r\n"),
                        () -> "seed " + SEED + ", after message " + step + ": " + WireSession.printable(message.toString()));
            }
            Map<String, Number> m = Testbeds.metrics(server);
            assertTrue(m.get("protocol_errors").longValue() > 100, "seed " + SEED + ": " + m);
            assertEquals(1L, m.get("curr_connections"));
        }
    }

    @Test
    void aFloodOfLargeRepliesIsHeldBackAndDeliveredInOrder() {
        try (Testbeds testbeds = testbed()) {
            MemcachedServer server = server(testbeds, Map.of());
            WireSession session = new WireSession(testbeds.testbed(), testbeds.testbed().client().tenant(0),
                    new WireClient("s0", "memcached", 96 << 10, 4 << 10));
            String value = "w".repeat(60 << 10);
            assertEquals("STORED\r\n", session.exchange("set w 1 0 " + value.length() + "\r\n" + value + "\r\n"));
            String one = "VALUE w 1 " + value.length() + "\r\n" + value + "\r\nEND\r\n";
            String reply = session.exchange("get w\r\n".repeat(20) + "version\r\n");
            assertEquals(one.repeat(20) + VERSION, reply, "seed " + SEED);
            Map<String, Number> m = Testbeds.metrics(server);
            assertTrue(m.get("server_backpressured").longValue() > 0, "seed " + SEED + ": the backlog filled: " + m);
            assertTrue(testbeds.testbed().serverNic().vf(0).counters().faults(VfCounters.Side.RECEIVE) > 0,
                    "seed " + SEED + ": requests landed by receive DMA that faulted (on-demand)");
        }
    }

    /**
     * A connection whose backlog never empties (each run of requests adds replies before the sends drain the last) once
     * kept every byte it had sent in the backlog's array, which grew without bound: a pipelining client that never let
     * it drain made the server hold hundreds of megabytes. The bytes sent are dropped from the front as it goes.
     */
    @Test
    void aBacklogThatNeverEmptiesStaysWithinAFewOfTheLargestReplies() {
        try (Testbeds testbeds = testbed()) {
            MemcachedServer server = server(testbeds, Map.of("reply-size-max", "128KiB"));
            WireSession session = new WireSession(testbeds.testbed(), testbeds.testbed().client().tenant(0),
                    new WireClient("s0", "memcached", 96 << 10, 4 << 10));
            String value = "w".repeat(60 << 10);
            assertEquals("STORED\r\n", session.exchange("set w 1 0 " + value.length() + "\r\n" + value + "\r\n"));
            String one = "VALUE w 1 " + value.length() + "\r\n" + value + "\r\nEND\r\n";
            int gets = 400; // 24 MiB of replies through one connection
            assertEquals(one.repeat(gets) + VERSION, session.exchange("get w\r\n".repeat(gets) + "version\r\n"), "seed " + SEED);
            assertTrue(Testbeds.metrics(server).get("server_backpressured").longValue() > 0, "the backlog filled");
            int capacity = server.largestBacklogCapacity();
            assertTrue(capacity <= 8 * (128 << 10), "a backlog array of " + capacity + " bytes for replies of "
                    + one.length() + " bytes, at most 128 KiB waiting");
        }
    }

    @Test
    void badParametersNameTheirField() {
        ConfigurationException e = assertThrows(ConfigurationException.class, () -> registry.create("w", MemcachedServer.NAME,
                new WorkloadParameters("tenants[0].workload", Map.of("reply-size-max", "4KiB"))));
        assertEquals("tenants[0].workload.reply-size-max", e.field());
        e = assertThrows(ConfigurationException.class, () -> registry.create("w", MemcachedServer.NAME,
                new WorkloadParameters("tenants[0].workload", Map.of("buffer-sise", "4KiB"))));
        assertEquals("tenants[0].workload.buffer-sise", e.field());
    }
}
