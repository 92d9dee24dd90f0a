package org.overbook.live.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.run.RunResult;

/**
 * Malformed input from the network gets memcached's own replies or a closed connection, never a stack trace, a stuck
 * gateway or another connection's data; after each, a well-behaved client is still served.
 */
class BadInputTest {

    @TempDir
    Path directory;

    @Test
    void malformedLinesOversizedValuesDisconnectsAndFloodsAreAnsweredAsMemcachedAnswersThem() throws Exception {
        LiveSession session = LiveFixture.start(LiveFixture.OVERCOMMITTED, 1, 1.0, 4, directory.resolve("bad"), new StringWriter());
        int port = session.port(0);
        try (LiveFixture.Raw good = new LiveFixture.Raw(port)) {
            assertEquals("STORED\r\n", good.ask("set mine 0 0 4\r\nmine\r\n", "\r\n"));
            try (LiveFixture.Raw bad = new LiveFixture.Raw(port)) {
                assertEquals("ERROR\r\n", bad.ask("no_such_command a b\r\n", "\r\n"));
                assertEquals("ERROR\r\n", bad.ask("get\r\n", "\r\n"), "get without a key");
                assertEquals("CLIENT_ERROR bad command line format\r\n", bad.ask("set k abc 0 1\r\nx\r\n", "\r\n"));
                assertEquals("ERROR\r\n", bad.until("\r\n"), "the data line of a rejected set is read as a command");
                assertEquals("CLIENT_ERROR bad command line format\r\n", bad.ask("get " + "k".repeat(251) + "\r\n", "\r\n"));
                assertEquals("CLIENT_ERROR invalid numeric delta argument\r\n", bad.ask("incr mine abc\r\n", "\r\n"));
                assertEquals("CLIENT_ERROR bad data chunk\r\n", bad.ask("set k 0 0 2\r\nabcd", "\r\n"));
                assertEquals("SERVER_ERROR object too large for cache\r\n",
                        bad.ask("set huge 0 0 20000\r\n" + "z".repeat(20_000) + "\r\n", "\r\n"), "larger than one request message");
                assertEquals("SERVER_ERROR object too large for cache\r\n",
                        bad.ask("set huger 0 0 2000000\r\n", "\r\n"), "larger than the item size limit");
                bad.send("y".repeat(2_000_002)); // swallowed, as memcached swallows it
                assertEquals("END\r\n", bad.ask("get huge huger\r\n", "END\r\n"), "neither was stored");
                assertEquals("CLIENT_ERROR cannot increment or decrement non-numeric value\r\n", bad.ask("incr mine 1\r\n", "\r\n"));
            }
            try (LiveFixture.Raw midValue = new LiveFixture.Raw(port)) {
                midValue.send("set torn 0 0 1000\r\n" + "t".repeat(400)); // then the client disconnects
            }
            try (LiveFixture.Raw junk = new LiveFixture.Raw(port)) {
                junk.send("x".repeat(5000));
                assertEquals("", junk.readToEnd().replace("<reset>", ""), "a line with no newline in 2 KiB closes the connection");
            }
            List<LiveFixture.Raw> flood = new ArrayList<>();
            try {
                for (int i = 0; i < 3; i++) {
                    LiveFixture.Raw client = new LiveFixture.Raw(port);
                    flood.add(client);
                    assertEquals("VERSION 1.6.0-overbook\r\n", client.ask("version\r\n", "\r\n"));
                }
                try (LiveFixture.Raw fifth = new LiveFixture.Raw(port)) {
                    assertEquals("ERROR Too many open connections\r\n", fifth.readToEnd().replace("<reset>", ""));
                }
            } finally {
                flood.forEach(LiveFixture.Raw::close);
            }
            assertEquals("END\r\n", good.ask("get torn\r\n", "END\r\n"), "a value cut by a disconnect is never stored");
            assertEquals("VALUE mine 0 4\r\nmine\r\nEND\r\n", good.ask("get mine\r\n", "END\r\n"), "the good client is still served, its own data only");
        } finally {
            session.stop();
        }
        RunResult result = session.await().result();
        assertEquals(0L, ServeWithXmemcachedTest.row(result, "live0").metrics().get("workload.unexpected_reply_bytes"));
        assertTrue(ServeWithXmemcachedTest.row(result, "s0").metrics().get("workload.protocol_errors").longValue() >= 6,
                "the errors were the modelled server's: " + result.tenants());
    }
}
