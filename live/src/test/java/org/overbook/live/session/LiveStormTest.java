package org.overbook.live.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.run.RunResult;

/**
 * A storm of random input against a live gateway on loopback: several misbehaving clients at once
 * ({@link ChaosConnection}: valid and corrupted commands pipelined in writes of random sizes, garbage, lines with no
 * end, values too large, half-closes, resets), while well-behaved clients ({@link OracleClient}) check every reply
 * they get. Afterwards: the gateway still answers, every connection is closed at the edge and in the model, nothing
 * reached a client that no request asked for, the edge's handlers never failed, and the session's log replays to
 * the same results.
 *
 * <p>Seeded: {@code -Doverbook.storm.seed=N} replays a failing storm's scripts (the seed is in every failure
 * message), {@code -Doverbook.storm.rounds=N} runs a longer campaign (connections per chaos worker), and {@code
 * .workers}, {@code .max-connections} and {@code .speed} change the storm's shape (more clients than the gateway
 * admits: the refused get memcached's {@code ERROR Too many open connections}, which the grammar accepts). Thread
 * scheduling is not seeded, so a storm is the same scripts, not the same interleaving.
 */
class LiveStormTest {

    /**
     * One memcached tenant of 48 MiB on a host of 24 MiB (2x overcommit, so the storm's items make it swap), with room
     * under its memory limit for a slab page of every class the storm's value sizes reach: a store the oracle expects
     * to succeed is not refused for memory, which would be the model's right but not the gateway's fault.
     */
    private static final String STORM = """
            seed: 7
            host: {memory: 24MiB, swap: 64MiB}
            client-host: {memory: 128MiB}
            nic: {memory-policy: on-demand}
            tenants: {count: 1, template: {memory: 48MiB, workload: {params: {memory-limit: 40MiB}}}}
            clients: {count: 1, template: {memory: 16MiB, workload: {params: {targets: "s${index}"}}}}
            """;
    private static final int ORACLES = 2;

    @TempDir
    Path directory;

    @Test
    void aStormOfRandomInputLeavesTheGatewayServingAndWellBehavedClientsTheirOwnData() throws Exception {
        long seed = Long.getLong("overbook.storm.seed", 20_261_127L);
        int rounds = Integer.getInteger("overbook.storm.rounds", 12);
        int workers = Integer.getInteger("overbook.storm.workers", 5);
        int maxConnections = Integer.getInteger("overbook.storm.max-connections", 4 * (workers + ORACLES));
        double speed = Double.parseDouble(System.getProperty("overbook.storm.speed", "1"));
        String tag = "storm seed " + seed + ": ";
        StringWriter out = new StringWriter();
        Path live = directory.resolve("live");
        LiveSession session = LiveFixture.start(STORM, 1, speed, maxConnections, live, out);
        int port = session.port(0);
        Queue<String> failures = new ConcurrentLinkedQueue<>();
        AtomicBoolean chaosDone = new AtomicBoolean();
        ExecutorService threads = Executors.newFixedThreadPool(workers + ORACLES);
        try {
            List<Future<?>> oracles = new ArrayList<>();
            for (int o = 0; o < ORACLES; o++) {
                String prefix = "good" + o + ":";
                OracleClient client = new OracleClient(port, new Random(seed * 1_000_003 + 100 + o), prefix); // before the storm
                oracles.add(threads.submit(() -> {
                    try (client) {
                        for (int batch = 0; !chaosDone.get() || batch < 40; batch++) {
                            String wrong = client.batch();
                            if (wrong != null) {
                                failures.add(prefix + " " + wrong);
                                return null;
                            }
                        }
                        String wrong = client.nothingMore();
                        if (wrong != null) {
                            failures.add(prefix + " at the end: " + wrong);
                        }
                    }
                    return null;
                }));
            }
            List<Future<?>> chaos = new ArrayList<>();
            for (int w = 0; w < workers; w++) {
                Random random = new Random(seed * 1_000_003 + w);
                int worker = w;
                chaos.add(threads.submit(() -> {
                    for (int round = 0; round < rounds; round++) {
                        String wrong = ChaosConnection.run(port, random, "c" + worker + ":");
                        if (wrong != null) {
                            failures.add("chaos worker " + worker + ", connection " + round + ": " + wrong);
                        }
                    }
                    return null;
                }));
            }
            awaitAll(chaos, tag);
            chaosDone.set(true);
            awaitAll(oracles, tag);
            assertTrue(failures.isEmpty(), tag + String.join("\n", failures));
            awaitNoConnections(session, tag);
            try (LiveFixture.Raw after = new LiveFixture.Raw(port)) {
                assertEquals("VERSION 1.6.0-overbook\r\n", after.ask("version\r\n", "\r\n"), tag + "the gateway answers after the storm");
            }
        } finally {
            threads.shutdownNow();
            session.stop();
        }
        RunResult result = session.await().result();
        var gateway = ServeWithXmemcachedTest.row(result, "live0").metrics();
        assertEquals(0L, gateway.get("workload.unexpected_reply_bytes").longValue(), tag + "replies no request asked for");
        assertEquals(0L, gateway.get("workload.stray_arrivals").longValue(), tag + "arrivals for no connection");
        assertEquals(LiveFixture.edgeCount(session, "accepted"), gateway.get("workload.clients").longValue(),
                tag + "every connection the edge accepted, and no other, reached the model: " + session.edgeCounters());
        assertEquals(0L, gateway.get("workload.failed_connections").longValue() + gateway.get("workload.refused_clients").longValue(),
                tag + "the tenant has room for every connection");
        assertEquals(0L, LiveFixture.edgeCount(session, "handler failures"), tag + session.edgeCounters());
        assertTrue(!out.toString().contains("Exception") && !out.toString().contains("\tat "), tag + "a stack trace: " + out);
        LiveFixture.assertReplaysToTheSameResults(live, directory.resolve("replayed"));
        System.out.println(tag + workers + " chaos workers, " + rounds + " connections each; edge: " + session.edgeCounters());
    }

    /** Waits for every client thread; one that threw fails the test with the storm's seed. */
    private static void awaitAll(List<Future<?>> clients, String tag) throws InterruptedException {
        for (Future<?> client : clients) {
            try {
                client.get();
            } catch (ExecutionException e) {
                throw new AssertionError(tag + e.getCause(), e.getCause());
            }
        }
    }

    /** Waits (a hang guard, not a measure) for the edge to count no open connection. */
    private static void awaitNoConnections(LiveSession session, String tag) throws InterruptedException {
        for (int i = 0; i < 400 && session.openConnections() > 0; i++) {
            Thread.sleep(50);
        }
        assertEquals(0, session.openConnections(), tag + "connections still open at the edge after every client left");
    }
}
