package org.overbook.workloads.memcached.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.overbook.workloads.memcached.protocol.ParseResult.Parsed;
import org.overbook.workloads.memcached.protocol.ParseResult.ProtocolError;
import org.overbook.workloads.memcached.protocol.Request.Arithmetic;
import org.overbook.workloads.memcached.protocol.Request.CompareAndSwap;
import org.overbook.workloads.memcached.protocol.Request.Delete;
import org.overbook.workloads.memcached.protocol.Request.FlushAll;
import org.overbook.workloads.memcached.protocol.Request.Get;
import org.overbook.workloads.memcached.protocol.Request.GetAndTouch;
import org.overbook.workloads.memcached.protocol.Request.Quit;
import org.overbook.workloads.memcached.protocol.Request.Stats;
import org.overbook.workloads.memcached.protocol.Request.Store;
import org.overbook.workloads.memcached.protocol.Request.Touch;
import org.overbook.workloads.memcached.protocol.Request.Verbosity;
import org.overbook.workloads.memcached.protocol.Request.Version;

/** Request bytes to parsed request, or to memcached's exact error line, one row per case. */
class RequestParserTest {

    private static final String LONG_KEY = "k".repeat(251);
    private static final String MAX_KEY = "k".repeat(250);

    private static ByteString b(String s) {
        return ByteString.ofLatin1(s);
    }

    private static List<ByteString> keys(String... k) {
        return Arrays.stream(k).map(RequestParserTest::b).toList();
    }

    private static Arguments ok(String input, Request expected) {
        return Arguments.of(input, new Parsed(expected, input.length()));
    }

    private static Arguments fails(String input, String line, boolean noreply, int consumed) {
        ProtocolError.Kind kind = line.equals("ERROR") ? ProtocolError.Kind.ERROR
                : line.startsWith("CLIENT_ERROR ") ? ProtocolError.Kind.CLIENT_ERROR : ProtocolError.Kind.SERVER_ERROR;
        String message = kind == ProtocolError.Kind.ERROR ? "" : line.substring(line.indexOf(' ') + 1);
        return Arguments.of(input, new ProtocolError(kind, message, noreply, consumed));
    }

    /** An error consuming exactly the command line (all of the input, in these rows). */
    private static Arguments fails(String input, String line, boolean noreply) {
        return fails(input, line, noreply, input.length());
    }

    static Stream<Arguments> table() {
        String big = "x".repeat(1 << 20);
        return Stream.of(
                // retrieval
                ok("get foo\r\n", new Get(keys("foo"), false)),
                ok("get a b c\r\n", new Get(keys("a", "b", "c"), false)),
                ok("gets a b\r\n", new Get(keys("a", "b"), true)),
                ok("get  a   b \r\n", new Get(keys("a", "b"), false)),
                ok("get foo\n", new Get(keys("foo"), false)),
                ok("get " + MAX_KEY + "\r\n", new Get(keys(MAX_KEY), false)),
                ok("get caf\u00e9\r\n", new Get(keys("caf\u00e9"), false)),
                // memcached checks a key's length only: control bytes (memaslap sends some) are part of it
                ok("get a \u0001b\r\n", new Get(keys("a", "\u0001b"), false)),
                ok("get a\tb\r\n", new Get(keys("a\tb"), false)),
                ok("gat 100 a b\r\n", new GetAndTouch(100, keys("a", "b"), false)),
                ok("gats -1 a\r\n", new GetAndTouch(-1, keys("a"), true)),
                ok("gat 10\r\n", new GetAndTouch(10, keys(), false)),
                // storage
                ok("set k 5 0 3\r\nabc\r\n", new Store(StoreMode.SET, b("k"), 5, 0, b("abc"), false)),
                ok("set k 4294967295 -1 0\r\n\r\n", new Store(StoreMode.SET, b("k"), -1, -1, b(""), false)),
                ok("set k 0 2147483647 1\r\nx\r\n", new Store(StoreMode.SET, b("k"), 0, Integer.MAX_VALUE, b("x"), false)),
                ok("set k 0 -2147483648 1\r\nx\r\n", new Store(StoreMode.SET, b("k"), 0, Integer.MIN_VALUE, b("x"), false)),
                ok("add k 0 0 2 noreply\r\nhi\r\n", new Store(StoreMode.ADD, b("k"), 0, 0, b("hi"), true)),
                ok("replace k 1 2 1\r\nz\r\n", new Store(StoreMode.REPLACE, b("k"), 1, 2, b("z"), false)),
                ok("append k 0 0 1 noreply\r\nz\r\n", new Store(StoreMode.APPEND, b("k"), 0, 0, b("z"), true)),
                ok("prepend k 0 0 1\r\nz\r\n", new Store(StoreMode.PREPEND, b("k"), 0, 0, b("z"), false)),
                ok("set k 0 0 4\r\na\r\nb\r\n", new Store(StoreMode.SET, b("k"), 0, 0, b("a\r\nb"), false)),
                ok("set k 0 0 1 junk\r\nx\r\n", new Store(StoreMode.SET, b("k"), 0, 0, b("x"), false)),
                ok("set k 0 0 1048576\r\n" + big + "\r\n", new Store(StoreMode.SET, b("k"), 0, 0, b(big), false)),
                ok("cas k 1 2 3 18446744073709551615\r\nxyz\r\n", new CompareAndSwap(b("k"), 1, 2, -1L, b("xyz"), false)),
                ok("cas k 1 2 3 99 noreply\r\nxyz\r\n", new CompareAndSwap(b("k"), 1, 2, 99, b("xyz"), true)),
                // delete, arithmetic, touch
                ok("delete k\r\n", new Delete(b("k"), false)),
                ok("delete k noreply\r\n", new Delete(b("k"), true)),
                ok("delete k 0\r\n", new Delete(b("k"), false)),
                ok("delete k 0 noreply\r\n", new Delete(b("k"), true)),
                ok("incr k 18446744073709551615\r\n", new Arithmetic(true, b("k"), -1L, false)),
                ok("decr k 5 noreply\r\n", new Arithmetic(false, b("k"), 5, true)),
                ok("touch k 60\r\n", new Touch(b("k"), 60, false)),
                ok("touch k -1 noreply\r\n", new Touch(b("k"), -1, true)),
                // other commands
                ok("flush_all\r\n", new FlushAll(0, false)),
                ok("flush_all 30\r\n", new FlushAll(30, false)),
                ok("flush_all noreply\r\n", new FlushAll(0, true)),
                ok("flush_all 30 noreply\r\n", new FlushAll(30, true)),
                ok("version\r\n", new Version()),
                ok("quit\r\n", new Quit()),
                ok("stats\r\n", new Stats(List.of())),
                ok("stats slabs\r\n", new Stats(List.of("slabs"))),
                ok("stats cachedump 1 2\r\n", new Stats(List.of("cachedump", "1", "2"))),
                ok("verbosity 1\r\n", new Verbosity(1, false)),
                ok("verbosity 4294967295 noreply\r\n", new Verbosity(-1, true)),

                // unknown commands and wrong argument counts: ERROR
                fails("bogus\r\n", "ERROR", false),
                fails("\r\n", "ERROR", false),
                fails("   \r\n", "ERROR", false),
                fails("g\r\n", "ERROR", false),
                fails("GET foo\r\n", "ERROR", false),
                fails("mg foo v\r\n", "ERROR", false),
                fails("get\r\n", "ERROR", false),
                fails("gat\r\n", "ERROR", false),
                fails("set k 0 0\r\n", "ERROR", false),
                fails("set k 0 0 1 noreply extra\r\n", "ERROR", false),
                fails("cas k 0 0 1\r\n", "ERROR", false),
                fails("incr k\r\n", "ERROR", false),
                fails("touch k\r\n", "ERROR", false),
                fails("delete\r\n", "ERROR", false),
                fails("delete k 0 noreply x\r\n", "ERROR", false),
                fails("verbosity\r\n", "ERROR", false),
                fails("flush_all 1 noreply x\r\n", "ERROR", false),
                // malformed lines: CLIENT_ERROR
                fails("get " + LONG_KEY + "\r\n", "CLIENT_ERROR bad command line format", false),
                fails("gets ok " + LONG_KEY + "\r\n", "CLIENT_ERROR bad command line format", false),
                fails("set " + LONG_KEY + " 0 0 1\r\n", "CLIENT_ERROR bad command line format", false),
                fails("set k abc 0 1\r\n", "CLIENT_ERROR bad command line format", false),
                fails("set k 4294967296 0 1\r\n", "CLIENT_ERROR bad command line format", false),
                fails("set k -1 0 1\r\n", "CLIENT_ERROR bad command line format", false),
                fails("set k 0 2147483648 1\r\n", "CLIENT_ERROR bad command line format", false),
                fails("set k 0 0 -1\r\n", "CLIENT_ERROR bad command line format", false),
                fails("set k 0 0 1x\r\n", "CLIENT_ERROR bad command line format", false),
                fails("set k 0 0 +1\r\n", "CLIENT_ERROR bad command line format", false),
                fails("set k 0 0 2147483648\r\n", "CLIENT_ERROR bad command line format", false),
                fails("set k 0 0 -1 noreply\r\n", "CLIENT_ERROR bad command line format", true),
                fails("set k 0 0 noreply\r\n", "CLIENT_ERROR bad command line format", true),
                fails("cas k 0 0 1 -5\r\n", "CLIENT_ERROR bad command line format", false),
                fails("cas k 0 0 1 18446744073709551616\r\n", "CLIENT_ERROR bad command line format", false),
                fails("incr k -1\r\n", "CLIENT_ERROR invalid numeric delta argument", false),
                fails("incr k abc noreply\r\n", "CLIENT_ERROR invalid numeric delta argument", true),
                fails("decr " + LONG_KEY + " 1\r\n", "CLIENT_ERROR bad command line format", false),
                fails("touch k x\r\n", "CLIENT_ERROR invalid exptime argument", false),
                fails("touch " + LONG_KEY + " 10 noreply\r\n", "CLIENT_ERROR bad command line format", true),
                fails("gat x a\r\n", "CLIENT_ERROR invalid exptime argument", false),
                fails("gat 1 " + LONG_KEY + "\r\n", "CLIENT_ERROR bad command line format", false),
                fails("flush_all x\r\n", "CLIENT_ERROR invalid exptime argument", false),
                fails("flush_all noreply noreply\r\n", "CLIENT_ERROR invalid exptime argument", true),
                fails("delete k 1\r\n", "CLIENT_ERROR bad command line format.  Usage: delete <key> [noreply]", false),
                fails("delete k x noreply\r\n", "CLIENT_ERROR bad command line format.  Usage: delete <key> [noreply]", true),
                fails("delete " + LONG_KEY + "\r\n", "CLIENT_ERROR bad command line format", false),
                fails("verbosity x\r\n", "CLIENT_ERROR bad command line format", false),
                fails("verbosity noreply\r\n", "CLIENT_ERROR bad command line format", true),
                fails("get foo", "CLIENT_ERROR bad command line termination", false),
                fails("", "CLIENT_ERROR bad command line termination", false),
                // data blocks: CLIENT_ERROR bad data chunk, consuming what memcached would read
                fails("set k 0 0 1 noreply\r\nxyz\r\n", "CLIENT_ERROR bad data chunk", true, 24),
                fails("set k 0 0 3\r\nabcd\r\n", "CLIENT_ERROR bad data chunk", false, 18),
                fails("set k 0 0 5\r\nabc\r\n", "CLIENT_ERROR bad data chunk", false),
                fails("set k 0 0 3\r\nabc", "CLIENT_ERROR bad data chunk", false),
                fails("set k 0 0 3\r\nabc\n\n", "CLIENT_ERROR bad data chunk", false),
                fails("cas k 0 0 3 1\r\nabc\r", "CLIENT_ERROR bad data chunk", false),
                // too large: SERVER_ERROR, swallowing the data block
                fails("set k 0 0 1048577\r\n", "SERVER_ERROR object too large for cache", false),
                fails("set k 0 0 1048577 noreply\r\n" + big + "x\r\nget k\r\n", "SERVER_ERROR object too large for cache", true,
                        27 + (1 << 20) + 3));
    }

    @ParameterizedTest(name = "{index}: {0}")
    @MethodSource("table")
    void parses(String input, ParseResult expected) {
        byte[] bytes = input.getBytes(StandardCharsets.ISO_8859_1);
        assertEquals(expected, new RequestParser().parse(bytes));
        assertEquals(expected, new RequestParser().parseBorrowing(bytes, 0, bytes.length));
        ParseResult reused = new RequestParser().parseReusing(bytes, 0, bytes.length);
        assertEquals(expected, switch (reused) {
            case ParseResult.BorrowedGet get -> get.copy();
            case ParseResult.BorrowedStore set -> set.copy();
            default -> reused;
        });
    }

    @Test
    void aReusedGetIsTheParsersOwnAndItsKeysAreWindowsOnTheMessage() {
        byte[] msg = bytes("##get a bb\r\ngets ccc\r\n##");
        RequestParser parser = new RequestParser();
        ParseResult first = parser.parseReusing(msg, 2, msg.length - 4);
        assertEquals(new Parsed(new Get(keys("a", "bb"), false), 10), ((ParseResult.BorrowedGet) first).copy());
        msg[8] = 'B';
        assertEquals(b("Bb"), ((ParseResult.BorrowedGet) first).keys().get(1));
        ParseResult second = parser.parseReusing(msg, 12, msg.length - 14);
        assertSame(first, second);
        assertEquals(new Parsed(new Get(keys("ccc"), true), 10), ((ParseResult.BorrowedGet) second).copy());
        assertEquals(b("ccc").hashCode(), ((ParseResult.BorrowedGet) second).keys().get(0).hashCode());
    }

    @Test
    void aBorrowedKeyAndValueAreWindowsOnTheMessage() {
        byte[] msg = bytes("##set key 0 0 5\r\nvalue\r\n##");
        Store set = (Store) ((Parsed) new RequestParser().parseBorrowing(msg, 2, msg.length - 4)).request();
        assertEquals(b("key"), set.key());
        assertEquals(b("value"), set.data());
        assertEquals(b("value").hashCode(), set.data().hashCode());
        msg[17] = 'V'; // the first byte of the value
        assertEquals(b("Value"), set.data());
    }

    @Test
    void aReusedStoreIsTheParsersOwnAndItsKeyAndValueAreWindowsOnTheMessage() {
        byte[] msg = bytes("##set key 1 2 5 noreply\r\nvalue\r\nappend k 0 0 1\r\nx\r\n##");
        RequestParser parser = new RequestParser();
        var first = (ParseResult.BorrowedStore) parser.parseReusing(msg, 2, msg.length - 4);
        assertEquals(new Parsed(new Store(StoreMode.SET, b("key"), 1, 2, b("value"), true), 30), first.copy());
        msg[25] = 'V'; // the first byte of the value
        assertEquals(b("Value"), first.data());
        assertSame(first, parser.parseReusing(msg, 32, msg.length - 34));
        assertEquals(new Parsed(new Store(StoreMode.APPEND, b("k"), 0, 0, b("x"), false), 19), first.copy());
    }

    @Test
    void itemSizeLimitIsConfigurable() {
        RequestParser parser = new RequestParser(10);
        assertEquals(new Parsed(new Store(StoreMode.SET, b("k"), 0, 0, b("0123456789"), false), 26),
                parser.parse(bytes("set k 0 0 10\r\n0123456789\r\n")));
        assertEquals(new ProtocolError(ProtocolError.Kind.SERVER_ERROR, "object too large for cache", false, 27),
                parser.parse(bytes("set k 0 0 11\r\n01234567890\r\n")));
    }

    @Test
    void parsesPipelinedRequestsAndRespectsOffsets() {
        byte[] msg = bytes("##get a\r\nset b 0 0 1\r\nx\r\nget c\r\n##");
        RequestParser parser = new RequestParser();
        ParseResult first = parser.parse(msg, 2, msg.length - 4);
        assertEquals(new Parsed(new Get(keys("a"), false), 7), first);
        ParseResult second = parser.parse(msg, 9, msg.length - 11);
        assertEquals(new Parsed(new Store(StoreMode.SET, b("b"), 0, 0, b("x"), false), 16), second);
        ParseResult third = parser.parse(msg, 25, 7);
        assertEquals(new Parsed(new Get(keys("c"), false), 7), third);
    }

    @Test
    void errorLinesAreMemcachedsReplies() {
        assertEquals("ERROR", ((ProtocolError) new RequestParser().parse(bytes("nope\r\n"))).line());
        assertEquals("CLIENT_ERROR bad data chunk", ((ProtocolError) new RequestParser().parse(bytes("set k 0 0 1\r\n"))).line());
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }
}
