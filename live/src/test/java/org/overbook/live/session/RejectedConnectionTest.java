package org.overbook.live.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.guest.GuestMemory;
import org.overbook.guest.WorkloadRegistry;
import org.overbook.hypervisor.sim.Simulation;
import org.overbook.live.gateway.Arrival;
import org.overbook.live.gateway.ReplyShape;
import org.overbook.live.gateway.ReplySink;
import org.overbook.nic.Testbed;
import org.overbook.perf.plugin.Catalog;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.Runner;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

/**
 * A client whose connection the server tenant has no guest memory for is closed, as memcached closes a socket it
 * cannot allocate a connection for ({@code conn_new} failing in {@code memcached.c}: no reply, just the close):
 * decided in the model, in virtual time, so a replay decides the same; what the client sent is dropped, never run;
 * the connection leaves nothing behind; the other clients go on.
 */
class RejectedConnectionTest {

    private static final long MS = 1_000_000;

    /**
     * One memcached tenant of 384 KiB: its hash table (8 KiB), one connection's buffers (16 receive and 16 reply
     * buffers of 8 KiB: 256 KiB) and one slab page (64 KiB) fit, a second connection does not.
     */
    static final String TINY = """
            seed: 5
            host: {memory: 16MiB, swap: 16MiB}
            client-host: {memory: 64MiB}
            nic: {memory-policy: on-demand}
            tenants: {count: 1, template: {memory: 384KiB, workload: {params: {memory-limit: 64KiB, item-size-max: 64KiB, hash-power: 10}}}}
            clients: {count: 1, template: {memory: 16MiB, workload: {params: {targets: "s${index}"}}}}
            """;

    @TempDir
    Path directory;

    @Test
    void aClientTheServerHasNoMemoryForIsClosedWhileTheOthersAreServedAndTheSessionReplays() throws Exception {
        Path live = directory.resolve("live");
        LiveSession session = LiveFixture.start(TINY, 1, 1.0, 4, live, new StringWriter());
        int port = session.port(0);
        try (LiveFixture.Raw first = new LiveFixture.Raw(port)) {
            assertEquals("STORED\r\n", first.ask("set k 0 0 5\r\nhello\r\n", "\r\n"));
            try (LiveFixture.Raw refused = new LiveFixture.Raw(port)) {
                refused.send("set theirs 0 0 1\r\nx\r\nget k\r\n"); // sent before the model has decided
                assertEquals("", refused.readToEnd().replace("<reset>", ""), "closed with no reply, as memcached closes it");
            }
            try (LiveFixture.Raw again = new LiveFixture.Raw(port)) {
                assertEquals("", again.readToEnd().replace("<reset>", ""), "still no memory: closed too");
            }
            assertEquals("VALUE k 0 5\r\nhello\r\nEND\r\n", first.ask("get theirs k\r\n", "END\r\n"),
                    "the first client is still served, and the refused client's set never ran");
        } finally {
            session.stop();
        }
        RunResult result = session.await().result();
        var server = ServeWithXmemcachedTest.row(result, "s0").metrics();
        assertEquals(2L, server.get("workload.rejected_connections"), result.tenants().toString());
        assertEquals(1L, server.get("workload.total_connections"), "only the first client's connection was served");
        assertEquals(1L, server.get("workload.cmd_set"), "the refused client's set never reached the engine");
        assertEquals(2L, ServeWithXmemcachedTest.row(result, "live0").metrics().get("workload.failed_connections"));

        LiveFixture.assertReplaysToTheSameResults(live, directory.resolve("replayed"));
    }

    @Test
    void theModelClosesTheRefusedClientWithinMicrosecondsOfVirtualTimeAndFreesItsConnection() throws Exception {
        SweepPoint point = ScenarioLoader.standard().parse(TINY, "test").points().getLast();
        LiveScenario scenario = LiveScenario.of(point, List.of(new InetSocketAddress("127.0.0.1", 0)), 4, 1 << 20);
        WorkloadRegistry registry = LiveSession.registry();
        ScenarioFile file = scenario.load(registry, "test");
        Recorder sink = new Recorder();
        long[] opened = new long[1];
        long[] gatewayFree = new long[2];
        long[] serverFree = new long[2];
        RunResult result;
        try (SessionLog.Writer log = new SessionLog.Writer(directory.resolve(LiveSession.LOG), "test", scenario.yaml(), Long.MAX_VALUE)) {
            result = Runner.standard(Catalog.builtIn().withWorkloads(registry)).run(file.points().getFirst(), directory,
                    (deployment, sample) -> {
                        Stepper stepper = new Stepper(deployment, sample, log);
                        Testbed testbed = deployment.testbed();
                        sink.simulation = stepper.simulation();
                        stepper.gateways().forEach(gateway -> gateway.replyTo(sink));
                        GuestMemory gatewayMemory = testbed.client().tenant(0).memory();
                        long t = 0;
                        while (gatewayMemory.freeBytes() == gatewayMemory.size() && t < 1_000 * MS) {
                            stepper.advanceTo(t += MS); // until the gateway is up: its first model connection made
                        }
                        assertTrue(gatewayMemory.freeBytes() < gatewayMemory.size(), "the gateway connected to the server");
                        arrive(stepper, t, new Arrival.Open(0, 0), request(0, "set k 0 0 5\r\nhello\r\n", ReplyShape.LINE));
                        stepper.advanceTo(opened[0] = t + 5 * MS);
                        gatewayFree[0] = gatewayMemory.freeBytes();
                        serverFree[0] = testbed.server().tenant(0).memory().freeBytes();
                        arrive(stepper, opened[0], new Arrival.Open(1, 0), request(1, "set theirs 0 0 1\r\nx\r\n", ReplyShape.LINE),
                                request(1, "get k\r\n", ReplyShape.RETRIEVAL));
                        arrive(stepper, opened[0] + MS, request(1, "get k\r\n", ReplyShape.RETRIEVAL)); // after the close: dropped
                        arrive(stepper, opened[0] + 2 * MS, request(0, "get theirs k\r\n", ReplyShape.RETRIEVAL));
                        stepper.advanceTo(opened[0] + 10 * MS);
                        gatewayFree[1] = testbed.client().tenant(0).memory().freeBytes();
                        serverFree[1] = testbed.server().tenant(0).memory().freeBytes();
                        stepper.finish();
                        long end = stepper.simulation().now();
                        log.end(end);
                        return LiveScenario.reported(file, end);
                    }).result();
        }
        assertEquals(List.of("0 STORED\r\n", "0 VALUE k 0 5\r\nhello\r\nEND\r\n"), sink.replies(0), "the first client is served");
        assertEquals(List.of(), sink.replies(1), "the refused client gets no reply");
        assertEquals(1, sink.closes(1).size(), "the refused client is closed once");
        long closedAfter = sink.closes(1).getFirst() - opened[0];
        assertTrue(closedAfter > 0 && closedAfter < 100_000, "closed " + closedAfter + " ns of virtual time after it connected");
        assertEquals(gatewayFree[0], gatewayFree[1], "the gateway freed the refused connection's buffers");
        assertEquals(serverFree[0], serverFree[1], "the server took nothing for it");
        var server = ServeWithXmemcachedTest.row(result, "s0").metrics();
        assertEquals(1L, server.get("workload.rejected_connections"));
        assertEquals(1L, server.get("workload.curr_connections"));
        assertEquals(1L, server.get("workload.cmd_set"), "the refused client's set never ran");
        assertEquals(1L, server.get("workload.get_hits"), "nor its gets: only the first client's get of k hit");
        var gateway = ServeWithXmemcachedTest.row(result, "live0").metrics();
        assertEquals(1L, gateway.get("workload.failed_connections"));
        assertEquals(1L, gateway.get("workload.stray_arrivals"), "the request that came after the close");
        assertEquals(2L, gateway.get("workload.requests"), "the first client's requests only were answered");
    }

    private static void arrive(Stepper stepper, long time, Arrival... arrivals) {
        stepper.advanceTo(time);
        for (Arrival arrival : arrivals) {
            stepper.inject(arrival, time);
        }
    }

    private static Arrival.Request request(int connection, String text, ReplyShape shape) {
        return new Arrival.Request(connection, text.getBytes(StandardCharsets.US_ASCII), shape, /* quit= */ false);
    }

    /** What the gateway sends each client, with the virtual time it sent it. */
    private static final class Recorder implements ReplySink {
        private final List<long[]> closes = new ArrayList<>();
        private final List<String> replies = new ArrayList<>();
        Simulation simulation;

        @Override
        public void reply(int connection, byte[] bytes, int offset, int length, int requestBytes) {
            replies.add(connection + " " + new String(bytes, offset, length, StandardCharsets.US_ASCII));
        }

        @Override
        public void close(int connection) {
            closes.add(new long[] {connection, simulation.now()});
        }

        List<String> replies(int connection) {
            return replies.stream().filter(r -> r.startsWith(connection + " ")).toList();
        }

        List<Long> closes(int connection) {
            return closes.stream().filter(c -> c[0] == connection).map(c -> c[1]).toList();
        }
    }
}
