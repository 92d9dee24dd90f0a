package org.overbook.live.session;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import net.rubyeye.xmemcached.GetsResponse;
import net.rubyeye.xmemcached.MemcachedClient;
import net.rubyeye.xmemcached.XMemcachedClientBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.TenantRow;
import org.overbook.perf.run.TimedResult;

/**
 * Drives {@code serve} with xmemcached, a memcached client library nobody here wrote, on ephemeral loopback
 * ports: every command of the text protocol, values byte for byte at 2x overcommit with the host swapping, many
 * connections at once. What the library does not offer (gats, quit, a raw verbosity) goes over a raw socket.
 */
class ServeWithXmemcachedTest {

    @TempDir
    Path directory;

    private static MemcachedClient client(LiveSession session, int listen, int connections) throws Exception {
        XMemcachedClientBuilder builder = new XMemcachedClientBuilder(List.of(new InetSocketAddress("127.0.0.1", session.port(listen))));
        builder.setConnectionPoolSize(connections);
        builder.setOpTimeout(30_000);
        builder.setConnectTimeout(30_000);
        MemcachedClient client = builder.build();
        client.setEnableHeartBeat(false);
        return client;
    }

    @Test
    void everyCommandOfTheTextProtocolReachesTheModelledServer() throws Exception {
        StringWriter out = new StringWriter();
        LiveSession session = LiveFixture.start(LiveFixture.OVERCOMMITTED, 1, 1.0, 16, directory.resolve("all"), out);
        MemcachedClient mc = client(session, 0, 1);
        try {
            byte[] value = "hello".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            assertTrue(mc.set("k", 0, value));
            assertArrayEquals(value, mc.<byte[]>get("k"));
            assertFalse(mc.add("k", 0, value), "add of an existing key");
            assertTrue(mc.add("k2", 0, "two"));
            assertTrue(mc.replace("k2", 0, "deux"));
            assertFalse(mc.replace("absent", 0, "x"));
            assertTrue(mc.set("s", 0, "mid"));
            assertTrue(mc.append("s", "-end"));
            assertTrue(mc.prepend("s", "start-"));
            assertEquals("start-mid-end", mc.get("s"));
            GetsResponse<String> gets = mc.gets("s");
            assertEquals("start-mid-end", gets.getValue());
            assertTrue(mc.cas("s", 0, "swapped", gets.getCas()));
            assertFalse(mc.cas("s", 0, "stale", gets.getCas()), "cas with a stale unique");
            assertEquals("swapped", mc.get("s"));
            assertTrue(mc.delete("k2"));
            assertFalse(mc.delete("k2"));
            assertNull(mc.get("k2"));
            assertTrue(mc.set("n", 0, "10"));
            assertEquals(15, mc.incr("n", 5));
            assertEquals(12, mc.decr("n", 3));
            assertTrue(mc.touch("n", 100));
            assertFalse(mc.touch("absent", 100));
            Map<InetSocketAddress, String> versions = mc.getVersions();
            assertTrue(versions.values().iterator().next().contains("overbook"), versions.toString());
            Map<InetSocketAddress, Map<String, String>> stats = mc.getStats();
            Map<String, String> server = stats.values().iterator().next();
            assertTrue(Long.parseLong(server.get("cmd_set")) >= 8, server.toString());
            mc.setLoggingLevelVerbosity(new InetSocketAddress("127.0.0.1", session.port(0)), 1);
            mc.setWithNoReply("quiet", 0, "shh");
            mc.deleteWithNoReply("k");
            assertEquals("shh", mc.get("quiet"), "a noreply set, then a get on the same connection");
            assertNull(mc.get("k"), "a noreply delete");
            try (LiveFixture.Raw raw = new LiveFixture.Raw(session.port(0))) {
                assertEquals("VALUE s 0 7\r\nswapped\r\nEND\r\n", raw.ask("gat 100 s\r\n", "END\r\n"));
                String gats = raw.ask("gats 0 s\r\n", "END\r\n");
                assertTrue(gats.matches("VALUE s 0 7 \\d+\r\nswapped\r\nEND\r\n"), gats);
                assertEquals("OK\r\n", raw.ask("verbosity 1\r\n", "\r\n"));
                assertEquals("STORED\r\n", raw.ask("set pipelined 0 0 1\r\nx\r\n", "\r\n"));
                raw.send("set a 0 0 1 noreply\r\n1\r\nincr a 1 noreply\r\nget a\r\n");
                assertEquals("VALUE a 0 1\r\n2\r\nEND\r\n", raw.until("END\r\n"));
                assertEquals("OK\r\n", raw.ask("flush_all\r\n", "\r\n"));
                assertEquals("END\r\n", raw.ask("get s\r\n", "END\r\n"), "flush_all emptied the cache");
                raw.send("quit\r\n");
                assertEquals("", raw.readToEnd(), "quit closes the connection without a reply");
            }
            assertNull(mc.get("quiet"), "flushed, seen from the library's connection too");
        } finally {
            mc.shutdown();
            session.stop();
        }
        TimedResult result = session.await();
        TenantRow gateway = row(result.result(), "live0");
        assertTrue(gateway.metrics().get("workload.requests").longValue() >= 40, gateway.metrics().toString());
        assertEquals(0L, gateway.metrics().get("workload.unexpected_reply_bytes"));
    }

    @Test
    void valuesComeBackByteForByteAtTwiceOvercommitWhileTheHostSwaps() throws Exception {
        StringWriter out = new StringWriter();
        LiveSession session = LiveFixture.start(LiveFixture.OVERCOMMITTED, 2, 1.0, 16, directory.resolve("over"), out);
        long seed = 2026;
        int keys = 1700;
        ExecutorService threads = Executors.newFixedThreadPool(4);
        try {
            List<Future<String>> results = new ArrayList<>();
            for (int listen = 0; listen < 2; listen++) {
                MemcachedClient mc = client(session, listen, 2);
                for (int half = 0; half < 2; half++) {
                    int from = half * keys / 2;
                    int to = (half + 1) * keys / 2;
                    long streamSeed = seed + listen * 10 + half;
                    results.add(threads.submit(() -> writeThenVerify(mc, from, to, streamSeed)));
                }
            }
            for (Future<String> result : results) {
                assertEquals("ok", result.get(), "seed " + seed);
            }
        } finally {
            threads.shutdownNow();
            session.stop();
        }
        RunResult result = session.await().result();
        long swapWrites = result.total().get("host_swap_writes").longValue();
        long majorFaults = row(result, "s0").metrics().get("cpu_major_faults").longValue()
                + row(result, "s1").metrics().get("cpu_major_faults").longValue();
        assertTrue(swapWrites > 0, "the host swapped: " + result.total());
        assertTrue(majorFaults > 0, "the tenants took major faults: " + result.total());
        assertTrue(result.scenario().overcommit() >= 2.0, "2x overcommit: " + result.scenario().overcommit());
    }

    /** Sets keys {@code [from, to)} to seeded random values of 1 to 4 KiB, then reads each back and compares. */
    private static String writeThenVerify(MemcachedClient mc, int from, int to, long seed) throws Exception {
        Random random = new Random(seed);
        List<byte[]> values = new ArrayList<>();
        for (int k = from; k < to; k++) {
            byte[] value = new byte[1024 + random.nextInt(3072)];
            random.nextBytes(value);
            values.add(value);
            if (!mc.set("key:" + k, 0, value)) {
                return "set of key:" + k + " refused";
            }
        }
        for (int k = from; k < to; k++) {
            byte[] back = mc.get("key:" + k);
            if (back == null) {
                return "key:" + k + " missing (evicted?)";
            }
            if (!java.util.Arrays.equals(values.get(k - from), back)) {
                return "key:" + k + " differs";
            }
        }
        return "ok";
    }

    static TenantRow row(RunResult result, String tenant) {
        return result.tenants().stream().filter(r -> r.name().equals(tenant)).findFirst().orElseThrow();
    }
}
