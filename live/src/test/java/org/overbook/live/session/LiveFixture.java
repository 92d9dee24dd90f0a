package org.overbook.live.session;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.overbook.live.edge.GatewayServer;
import org.overbook.perf.report.ResultsWriter;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

/** Starts live sessions on ephemeral loopback ports for tests, and talks raw memcached protocol to them. */
final class LiveFixture {

    /**
     * Two memcached tenants of 12 MiB on a host of 12 MiB (2x overcommit), on demand: about 7 MiB of items in each
     * makes the host swap. Client host big enough for the gateways.
     */
    static final String OVERCOMMITTED = """
            seed: 7
            host: {memory: 12MiB, swap: 64MiB}
            client-host: {memory: 128MiB}
            nic: {memory-policy: on-demand}
            tenants: {count: 2, template: {memory: 12MiB, workload: {params: {memory-limit: 10MiB}}}}
            clients: {count: 2, template: {memory: 16MiB, workload: {params: {targets: "s${index}"}}}}
            """;

    private LiveFixture() {
    }

    /** Starts a session of {@code yaml} with {@code listens} loopback addresses on free ports, writing into {@code folder}. */
    static LiveSession start(String yaml, int listens, double speed, int maxConnections, Path folder, StringWriter out) {
        return start(yaml, listens, speed, maxConnections, GatewayServer.DEFAULT_UNREAD_BUDGET, folder, out);
    }

    /** Starts a session as {@link #start(String, int, double, int, Path, StringWriter)} does, with its own unread budget. */
    static LiveSession start(String yaml, int listens, double speed, int maxConnections, long unreadBudget, Path folder,
                             StringWriter out) {
        SweepPoint point = ScenarioLoader.standard().parse(yaml, "test").points().getLast();
        List<InetSocketAddress> addresses = new ArrayList<>();
        for (int i = 0; i < listens; i++) {
            addresses.add(new InetSocketAddress("127.0.0.1", 0));
        }
        return LiveSession.start(new LiveSession.Options(point, "test session", addresses, speed, 0, maxConnections,
                1 << 20, unreadBudget, 1L << 30, folder), new PrintWriter(out, true));
    }

    /**
     * Replays the session log of the results folder {@code live} into {@code replayed} and checks that every file of
     * the two folders but {@code timing.txt} (wall-clock time) is byte for byte the same.
     */
    static void assertReplaysToTheSameResults(Path live, Path replayed) throws IOException {
        Replay.of(live.resolve(LiveSession.LOG)).run(replayed);
        List<String> names;
        try (Stream<Path> files = Files.list(live)) {
            names = files.filter(Files::isRegularFile).map(p -> p.getFileName().toString()).sorted().toList();
        }
        assertTrue(names.contains(ResultsWriter.SUMMARY_CSV) && names.contains(LiveSession.LOG), names.toString());
        for (String name : names) {
            if (!name.equals(ResultsWriter.TIMING)) {
                assertArrayEquals(Files.readAllBytes(live.resolve(name)), Files.readAllBytes(replayed.resolve(name)),
                        name + " differs in the replay");
            }
        }
    }

    /** Returns one of the session's edge counters ({@link LiveSession#edgeCounters()}) by name, e.g. {@code read stops}. */
    static long edgeCount(LiveSession session, String name) {
        Matcher m = Pattern.compile(name + " (\\d+)").matcher(session.edgeCounters());
        assertTrue(m.find(), name + " in " + session.edgeCounters());
        return Long.parseLong(m.group(1));
    }

    /** A raw text-protocol connection, as telnet would be. */
    static final class Raw implements AutoCloseable {
        private final Socket socket;
        private final InputStream in;
        private final OutputStream out;

        Raw(int port) {
            try {
                socket = new Socket("127.0.0.1", port);
                socket.setSoTimeout(20_000);
                in = socket.getInputStream();
                out = socket.getOutputStream();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        void send(String text) {
            send(text.getBytes(StandardCharsets.ISO_8859_1));
        }

        void send(byte[] bytes) {
            try {
                out.write(bytes);
                out.flush();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** Reads until the bytes read end with {@code end}; returns them. */
        String until(String end) {
            StringBuilder text = new StringBuilder();
            try {
                while (!text.toString().endsWith(end)) {
                    int b = in.read();
                    if (b < 0) {
                        throw new IOException("closed after: " + text);
                    }
                    text.append((char) b);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return text.toString();
        }

        /** Ends the sending half (as {@code nc -q1} does when its input ends), keeping the receiving half open. */
        void shutdownOutput() {
            try {
                socket.shutdownOutput();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** Sends {@code request} and returns the reply up to {@code end}. */
        String ask(String request, String end) {
            send(request);
            return until(end);
        }

        /**
         * Reads until the server closes the connection and returns what it sent, with {@code <reset>} at the end if
         * the connection was reset; fails if the server neither sends nor closes within the socket's timeout (a hang
         * guard, not a measure of time).
         */
        String readToEnd() {
            StringBuilder text = new StringBuilder();
            try {
                int b;
                while ((b = in.read()) >= 0) {
                    text.append((char) b);
                }
            } catch (SocketTimeoutException e) {
                throw new UncheckedIOException("the server neither closed the connection nor sent more, after: " + text, e);
            } catch (IOException e) {
                text.append("<reset>");
            }
            return text.toString();
        }

        @Override
        public void close() {
            try {
                socket.close();
            } catch (IOException e) {
                // closing anyway
            }
        }
    }
}
