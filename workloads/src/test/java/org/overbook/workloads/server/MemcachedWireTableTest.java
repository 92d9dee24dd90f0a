package org.overbook.workloads.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.overbook.guest.WorkloadParameters;
import org.overbook.guest.WorkloadRegistry;
import org.overbook.nic.NicConfig;
import org.overbook.workloads.testing.Testbeds;
import org.overbook.workloads.testing.WireClient;
import org.overbook.workloads.testing.WireSession;

/**
 * Request to exact reply over the network: every command, its errors and {@code noreply}, sent as
 * messages by a client tenant across the link to the {@code memcached} workload in a server tenant at
 * 2x overcommit with on-demand paging, so requests land by receive DMA (faulting, RNR NACKs and all)
 * and replies leave by send DMA. The engine's own table checks the semantics in depth; this one checks
 * that the network path delivers them byte for byte, including replies longer than one reply buffer.
 * One server and one connection serve every row in order; each row starts with {@code flush_all}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MemcachedWireTableTest {

    static final long SEED = 17;
    private static final long SECOND = 1_000_000_000L;
    private static final String BIG = "b".repeat(60 << 10);
    private static final String TEN_KIB = "t".repeat(10 << 10);

    /** Small engine, 80 KiB requests, 4 KiB reply buffers, replies capped at 96 KiB. */
    static final Map<String, Object> SERVER = Map.of("memory-limit", "1MiB", "item-size-max", "64KiB", "hash-power", 4,
            "lru-bump-interval", 0, "buffer-size", "80KiB", "reply-buffer-size", "4KiB", "receive-buffers", 4,
            "reply-buffers", 4, "reply-size-max", "96KiB");

    private Testbeds testbeds;
    private WireSession session;
    private MemcachedServer server;

    /** One row: a name and its steps. */
    record Case(String name, List<Consumer<WireSession>> steps) {

        static Case of(String name) {
            return new Case(name, new ArrayList<>());
        }

        /** Sends {@code request} and expects exactly {@code reply}. */
        Case send(String request, String reply) {
            steps.add(s -> assertEquals(WireSession.printable(reply), WireSession.printable(s.exchange(request)),
                    () -> "seed " + SEED + ", reply to " + WireSession.printable(request)));
            return this;
        }

        /** Sends {@code request} and expects a reply matching {@code regex}. */
        Case matches(String request, String regex) {
            steps.add(s -> {
                String reply = s.exchange(request);
                assertTrue(Pattern.compile(regex, Pattern.DOTALL).matcher(reply).matches(),
                        () -> "seed " + SEED + ", reply to " + WireSession.printable(request) + ": " + WireSession.printable(reply));
            });
            return this;
        }

        /** Reads {@code key}'s cas unique with gets and stores {@code value} with it: STORED. */
        Case casWithFreshUnique(String key, String value) {
            steps.add(s -> {
                Matcher m = Pattern.compile("VALUE " + key + " \\d+ \\d+ (\\d+)\r\n.*", Pattern.DOTALL).matcher(s.exchange("gets " + key + "\r\n"));
                assertTrue(m.matches(), "seed " + SEED + ": gets " + key + " returns a cas unique");
                assertEquals("STORED\r\n", s.exchange("cas " + key + " 0 0 " + value.length() + " " + m.group(1) + "\r\n" + value + "\r\n"));
                assertEquals("EXISTS\r\n", s.exchange("cas " + key + " 0 0 1 " + m.group(1) + "\r\nz\r\n"), "the unique changed");
            });
            return this;
        }

        /** Sends {@code request}, expects exactly {@code reply}, in at least {@code messages} messages. */
        Case sendSpanning(String request, String reply, int messages) {
            steps.add(s -> {
                int before = s.client().messages();
                assertEquals(WireSession.printable(reply), WireSession.printable(s.exchange(request)), "seed " + SEED);
                int used = s.client().messages() - before;
                assertTrue(used >= messages, "seed " + SEED + ": the reply came in " + used + " messages, expected " + messages + " or more");
            });
            return this;
        }

        Case advance(long nanos) {
            steps.add(s -> s.advance(nanos));
            return this;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    @BeforeAll
    void boot() {
        testbeds = Testbeds.create(/* serverFrames= */ 256, /* serverPages= */ new int[] {512},
                /* clientPages= */ new int[] {256}, NicConfig.of("on-demand"), SEED);
        server = (MemcachedServer) WorkloadRegistry.discover().create("tenants[0].workload", MemcachedServer.NAME,
                new WorkloadParameters("tenants[0].workload", SERVER));
        testbeds.testbed().server().tenant(0).boot(server);
        session = new WireSession(testbeds.testbed(), testbeds.testbed().client().tenant(0),
                new WireClient("s0", "memcached", 96 << 10, 4 << 10));
    }

    @AfterAll
    void close() {
        Map<String, Number> m = Testbeds.metrics(server);
        testbeds.close();
        assertEquals(0L, m.get("server_receive_errors"), "seed " + SEED + ": " + m);
        assertEquals(0L, m.get("server_send_errors"), "seed " + SEED + ": " + m);
        assertEquals(1L, m.get("curr_connections"), "seed " + SEED + ": " + m);
    }

    static Stream<Case> cases() {
        return Stream.of(
                Case.of("get of a missing key").send("get a\r\n", "END\r\n"),
                Case.of("set then get").send("set a 5 0 3\r\nabc\r\n", "STORED\r\n").send("get a\r\n", "VALUE a 5 3\r\nabc\r\nEND\r\n"),
                Case.of("multi-get in request order, misses skipped").send("set a 1 0 1\r\nA\r\n", "STORED\r\n")
                        .send("set b 2 0 2\r\nBB\r\n", "STORED\r\n")
                        .send("get a x b a\r\n", "VALUE a 1 1\r\nA\r\nVALUE b 2 2\r\nBB\r\nVALUE a 1 1\r\nA\r\nEND\r\n"),
                Case.of("gets returns a cas unique that cas accepts").send("set k 0 0 1\r\nK\r\n", "STORED\r\n")
                        .matches("gets k\r\n", "VALUE k 0 1 \\d+\r\nK\r\nEND\r\n").casWithFreshUnique("k", "new")
                        .send("get k\r\n", "VALUE k 0 3\r\nnew\r\nEND\r\n"),
                Case.of("cas of a missing key").send("cas nope 0 0 1 1\r\nx\r\n", "NOT_FOUND\r\n"),
                Case.of("gat sets the exptime").send("set a 3 0 1\r\nA\r\n", "STORED\r\n")
                        .send("gat 1 a x\r\n", "VALUE a 3 1\r\nA\r\nEND\r\n").advance(2 * SECOND).send("get a\r\n", "END\r\n"),
                Case.of("gats").send("set a 0 0 1\r\nA\r\n", "STORED\r\n").matches("gats 0 a\r\n", "VALUE a 0 1 \\d+\r\nA\r\nEND\r\n"),
                Case.of("add, replace").send("add a 0 0 1\r\n1\r\n", "STORED\r\n").send("add a 0 0 1\r\n2\r\n", "NOT_STORED\r\n")
                        .send("replace z 0 0 1\r\n1\r\n", "NOT_STORED\r\n").send("replace a 2 0 2\r\n22\r\n", "STORED\r\n")
                        .send("get a\r\n", "VALUE a 2 2\r\n22\r\nEND\r\n"),
                Case.of("append, prepend").send("append a 0 0 1\r\nx\r\n", "NOT_STORED\r\n").send("set a 5 0 3\r\nabc\r\n", "STORED\r\n")
                        .send("append a 9 0 3\r\ndef\r\n", "STORED\r\n").send("prepend a 9 0 2\r\nxy\r\n", "STORED\r\n")
                        .send("get a\r\n", "VALUE a 5 8\r\nxyabcdef\r\nEND\r\n"),
                Case.of("delete").send("delete a\r\n", "NOT_FOUND\r\n").send("set a 0 0 1\r\nA\r\n", "STORED\r\n")
                        .send("delete a\r\n", "DELETED\r\n").send("get a\r\n", "END\r\n")
                        .send("delete a 5\r\n", "CLIENT_ERROR bad command line format.  Usage: delete <key> [noreply]\r\n"),
                Case.of("touch").send("touch a 10\r\n", "NOT_FOUND\r\n").send("set a 0 0 1\r\nA\r\n", "STORED\r\n")
                        .send("touch a 1\r\n", "TOUCHED\r\n").advance(2 * SECOND).send("get a\r\n", "END\r\n"),
                Case.of("incr, decr").send("incr n 1\r\n", "NOT_FOUND\r\n").send("set n 3 0 2\r\n10\r\n", "STORED\r\n")
                        .send("incr n 5\r\n", "15\r\n").send("decr n 100\r\n", "0\r\n")
                        .send("set w 0 0 20\r\n18446744073709551615\r\n", "STORED\r\n").send("incr w 1\r\n", "0\r\n")
                        .send("set s 0 0 3\r\nabc\r\n", "STORED\r\n")
                        .send("incr s 1\r\n", "CLIENT_ERROR cannot increment or decrement non-numeric value\r\n")
                        .send("incr n abc\r\n", "CLIENT_ERROR invalid numeric delta argument\r\n"),
                Case.of("relative exptime").send("set a 0 2 1\r\nA\r\n", "STORED\r\n").advance(SECOND)
                        .send("get a\r\n", "VALUE a 0 1\r\nA\r\nEND\r\n").advance(2 * SECOND).send("get a\r\n", "END\r\n"),
                Case.of("flush_all, with a delay, noreply").send("set a 0 0 1\r\nA\r\n", "STORED\r\n").send("flush_all\r\n", "OK\r\n")
                        .send("get a\r\n", "END\r\n").send("set b 0 0 1\r\nB\r\n", "STORED\r\n").send("flush_all 2\r\n", "OK\r\n")
                        .send("get b\r\n", "VALUE b 0 1\r\nB\r\nEND\r\n").advance(3 * SECOND).send("get b\r\n", "END\r\n")
                        .send("set c 0 0 1\r\nC\r\n", "STORED\r\n").send("flush_all noreply\r\n", "").send("get c\r\n", "END\r\n"),
                Case.of("noreply silences every reply, errors included")
                        .send("set a 0 0 1 noreply\r\nA\r\n", "").send("add a 0 0 1 noreply\r\nB\r\n", "")
                        .send("replace x 0 0 1 noreply\r\nB\r\n", "").send("append a 0 0 1 noreply\r\nC\r\n", "")
                        .send("prepend a 0 0 1 noreply\r\nP\r\n", "").send("incr a 1 noreply\r\n", "")
                        .send("decr a 1 noreply\r\n", "").send("touch a 0 noreply\r\n", "")
                        .send("cas a 0 0 1 99 noreply\r\nD\r\n", "").send("delete x noreply\r\n", "")
                        .send("verbosity 1 noreply\r\n", "").send("get a\r\n", "VALUE a 0 3\r\nPAC\r\nEND\r\n"),
                Case.of("version, verbosity").send("version\r\n", "VERSION 1.6.0-overbook\r\n").send("verbosity 1\r\n", "OK\r\n"),
                Case.of("stats").matches("stats\r\n", "STAT uptime \\d+\r\n(STAT \\S+ \\S+\r\n)*END\r\n")
                        .matches("stats slabs\r\n", "(STAT \\S+ \\S+\r\n)*STAT total_malloced \\d+\r\nEND\r\n")
                        .send("stats bogus\r\n", "ERROR\r\n"),
                Case.of("unknown command and wrong arity").send("bogus\r\n", "ERROR\r\n").send("get\r\n", "ERROR\r\n"),
                Case.of("malformed fields").send("set a 0 0 z\r\nabc\r\n", "CLIENT_ERROR bad command line format\r\nERROR\r\n")
                        .send("touch a x\r\n", "CLIENT_ERROR invalid exptime argument\r\n"),
                Case.of("short data block leaves the key alone").send("set a 0 0 3\r\nabcd\r\n", "CLIENT_ERROR bad data chunk\r\nERROR\r\n")
                        .send("get a\r\n", "END\r\n"),
                Case.of("a line without a newline").send("get a", "CLIENT_ERROR bad command line termination\r\n"),
                Case.of("a value over item-size-max is refused, the others intact").send("set a 0 0 1\r\nA\r\n", "STORED\r\n")
                        .send("set big 0 0 " + (65 << 10) + "\r\n" + "x".repeat(65 << 10) + "\r\n", "SERVER_ERROR object too large for cache\r\n")
                        .send("get a big\r\n", "VALUE a 0 1\r\nA\r\nEND\r\n"),
                Case.of("a reply longer than a reply buffer arrives whole").send("set t 7 0 " + TEN_KIB.length() + "\r\n" + TEN_KIB + "\r\n", "STORED\r\n")
                        .sendSpanning("get t\r\n", "VALUE t 7 " + TEN_KIB.length() + "\r\n" + TEN_KIB + "\r\nEND\r\n", 3),
                Case.of("a get over reply-size-max is refused").send("set big 0 0 " + BIG.length() + "\r\n" + BIG + "\r\n", "STORED\r\n")
                        .send("get big\r\n", "VALUE big 0 " + BIG.length() + "\r\n" + BIG + "\r\nEND\r\n")
                        .send("get big big\r\n", "SERVER_ERROR out of memory writing get response\r\n")
                        .send("get big\r\n", "VALUE big 0 " + BIG.length() + "\r\n" + BIG + "\r\nEND\r\n"),
                Case.of("pipelined requests are answered in order")
                        .send("set a 0 0 1\r\nx\r\nget a\r\ndelete a\r\nget a\r\nbogus\r\nversion\r\n",
                                "STORED\r\nVALUE a 0 1\r\nx\r\nEND\r\nDELETED\r\nEND\r\nERROR\r\nVERSION 1.6.0-overbook\r\n"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void repliesExactlyOverTheWire(Case c) {
        assertEquals("OK\r\n", session.exchange("flush_all\r\n"), "seed " + SEED);
        int before = session.client().messages();
        for (Consumer<WireSession> step : c.steps()) {
            step.accept(session);
        }
        assertTrue(session.client().messages() > before || c.steps().isEmpty(), "seed " + SEED + ": replies arrived");
    }
}
