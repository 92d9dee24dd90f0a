package org.overbook.live.edge;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.overbook.live.gateway.ReplyShape;

class RequestFramerTest {

    /** What the framer reported, as text. */
    private static final class Recorded implements Frames {
        final List<String> frames = new ArrayList<>();

        @Override
        public void request(byte[] bytes, ReplyShape shape, boolean quit) {
            frames.add(shape + (quit ? " quit" : "") + ": " + new String(bytes, StandardCharsets.ISO_8859_1));
        }

        @Override
        public void local(byte[] reply) {
            frames.add("local: " + new String(reply, StandardCharsets.ISO_8859_1));
        }

        @Override
        public void close() {
            frames.add("close");
        }
    }

    private static List<String> frame(String input, int chunk) {
        RequestFramer framer = new RequestFramer(1 << 20, 8192);
        Recorded out = new Recorded();
        byte[] bytes = input.getBytes(StandardCharsets.ISO_8859_1);
        for (int at = 0; at < bytes.length; at += chunk) {
            framer.feed(bytes, at, Math.min(chunk, bytes.length - at), out);
        }
        return out.frames;
    }

    @Test
    void cutsPipelinedRequestsWhateverTheReadSizes() {
        String input = "set a 1 0 3\r\nabc\r\nget a b\r\ngets a\r\nstats\r\nincr n 1 noreply\r\nset b 0 0 2 noreply\r\nxy\r\n"
                + "delete a\r\nbogus\r\n\r\nquit\r\nget ignored\r\n";
        List<String> expected = List.of("LINE: set a 1 0 3\r\nabc\r\n", "RETRIEVAL: get a b\r\n", "RETRIEVAL: gets a\r\n",
                "STATS: stats\r\n", "NONE: incr n 1 noreply\r\n", "NONE: set b 0 0 2 noreply\r\nxy\r\n",
                "LINE: delete a\r\n", "LINE: bogus\r\n", "LINE: \r\n", "NONE quit: quit\r\n", "close");
        Random random = new Random(11);
        for (int trial = 0; trial < 50; trial++) {
            int chunk = 1 + random.nextInt(40);
            assertEquals(expected, frame(input, chunk), "read size " + chunk + " (seed 11)");
        }
    }

    @Test
    void aValueOverTheItemLimitIsSentWithoutItsDataWhichIsSwallowed() {
        String big = "y".repeat(2_000_000);
        List<String> frames = frame("set k 0 0 2000000\r\n" + big + "\r\nget k\r\n", 65536);
        assertEquals(List.of("LINE: set k 0 0 2000000\r\n", "RETRIEVAL: get k\r\n"), frames);
    }

    @Test
    void aValueLargerThanOneMessageGetsMemcachedsTooLargeErrorFromTheEdge() {
        String value = "x".repeat(20_000);
        assertEquals(List.of("local: SERVER_ERROR object too large for cache\r\n", "LINE: version\r\n"),
                frame("set big 0 0 20000\r\n" + value + "\r\nversion\r\n", 1000));
        assertEquals(List.of("LINE: version\r\n"), frame("set big 0 0 20000 noreply\r\n" + value + "\r\nversion\r\n", 7),
                "noreply silences the error, as in memcached");
    }

    @Test
    void aBadDataChunkGoesToTheServerWhichAnswersIt() {
        // memcached reads <bytes>+2 bytes ("abcd"), answers CLIENT_ERROR bad data chunk, then reads on
        assertEquals(List.of("LINE: set k 0 0 2\r\nabcd", "LINE: \r\n", "LINE: \n"), frame("set k 0 0 2\r\nabcd\r\n\n", 3));
    }

    @Test
    void aLongLineWithoutNewlineClosesTheConnectionUnlessItIsAGet() {
        assertEquals(List.of("close"), frame("x".repeat(3000), 100));
        assertEquals(List.of(), frame("get " + "k ".repeat(1500), 100), "a long get may go on");
        String tooLong = "local: SERVER_ERROR get line longer than one request message; split its keys\r\n";
        assertEquals(List.of(tooLong, "close"), frame("get " + "k ".repeat(5000), 100), "but not past one request message");
        assertEquals(List.of(tooLong, "close"), frame("get " + "k ".repeat(5000) + "\r\n", 20_000), "nor with its newline");
    }

    @Test
    void aMalformedStorageLineIsAnsweredByTheServerFromTheLineAlone() {
        assertEquals(List.of("LINE: set k x 0 2\r\n", "LINE: ab\r\n"), frame("set k x 0 2\r\nab\r\n", 5));
        assertEquals(List.of("LINE: set k 0 0 -1\r\n"), frame("set k 0 0 -1\r\n", 5));
    }

    @Test
    void holdsAPartialRequestUntilItIsWhole() {
        RequestFramer framer = new RequestFramer(1 << 20, 8192);
        Recorded out = new Recorded();
        byte[] bytes = "set k 0 0 5\r\nhel".getBytes(StandardCharsets.US_ASCII);
        framer.feed(bytes, 0, bytes.length, out);
        assertTrue(out.frames.isEmpty());
        assertEquals(bytes.length, framer.buffered());
        byte[] rest = "lo\r\n".getBytes(StandardCharsets.US_ASCII);
        framer.feed(rest, 0, rest.length, out);
        assertEquals(List.of("LINE: set k 0 0 5\r\nhello\r\n"), out.frames);
        assertArrayEquals(new int[] {0}, new int[] {framer.buffered()});
    }

    @Test
    void aStorageKeyWithACarriageReturnInsideIsFramedAsTheServerParsesIt() {
        // the server splits a line on spaces alone, so "k\rx" is a key; the edge found no <bytes> field here and failed
        assertEquals(List.of("LINE: set k\rx 0 0 3\r\nabc\r\n", "NONE: set \r\r 0 0 2 noreply\r\nab\r\n",
                        "RETRIEVAL: get k\rx\r\n"),
                frame("set k\rx 0 0 3\r\nabc\r\nset \r\r 0 0 2 noreply\r\nab\r\nget k\rx\r\n", 7));
        assertEquals(List.of("LINE: set k\r 0 0 2000000\r\n", "LINE: version\r\n"),
                frame("set k\r 0 0 2000000\r\n" + "z".repeat(2_000_002) + "version\r\n", 4096), "too large: swallowed");
    }

    private static int[] tokens(String line) {
        return RequestFramer.tokens(line.getBytes(StandardCharsets.ISO_8859_1), line.length());
    }

    @Test
    void aLineIsSplitOnSpacesUpToItsLineEndAsMemcachedSplitsIt() {
        assertArrayEquals(new int[] {0, 3, 4, 5}, tokens("get k\r\n"), "\\r\\n ends the line");
        assertArrayEquals(new int[] {0, 3, 4, 5}, tokens("get k\n"), "so does \\n alone");
        assertArrayEquals(new int[] {0, 3, 5, 6}, tokens("get  k  \r\n"), "runs of spaces are one");
        assertArrayEquals(new int[] {0, 3, 4, 6}, tokens("get k\r\r\n"), "one \\r is the line end's; the other is the key's");
        assertArrayEquals(new int[] {}, tokens(" \r\n"), "a space, then the line end: no token");
        assertArrayEquals(new int[] {}, tokens("\n"));
        // proto_text.c strips the \r before the \n only when (el - c->rcurr) > 1: a line of \r\n alone is the command
        // "\r", which it answers ERROR (a command shorter than two bytes), as the modelled server does
        assertArrayEquals(new int[] {0, 1}, tokens("\r\n"), "memcached's one-byte command \\r");
        assertEquals(List.of("LINE: \r\n", "LINE: version\r\n"), frame("\r\nversion\r\n", 1));
    }

    @Test
    void anHttpRequestClosesTheConnectionWithoutAReplyAsMemcachedDropsIt() {
        // memcached (since 1.5.1) closes a connection whose unknown command ends in an HTTP/ token: a browser or a scanner
        assertEquals(List.of("LINE: version\r\n", "close"), frame("version\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n", 5));
        assertEquals(List.of("LINE: foo HTTPS/1\r\n", "LINE: HTTP/1.1\r\n"), frame("foo HTTPS/1\r\nHTTP/1.1\r\n", 64),
                "only an unknown command with an HTTP/ token after it");
        assertEquals(List.of("RETRIEVAL: get HTTP/1.1\r\n"), frame("get HTTP/1.1\r\n", 64), "a key may look like one");
    }
}
