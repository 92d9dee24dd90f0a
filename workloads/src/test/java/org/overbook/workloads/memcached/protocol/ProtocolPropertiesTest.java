package org.overbook.workloads.memcached.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;

/**
 * Properties of the codec: the parser survives any bytes, and every request survives encoding then
 * parsing unchanged. jqwik prints the seed of a failing run.
 */
class ProtocolPropertiesTest {

    private final RequestParser parser = new RequestParser();

    @Property(tries = 3000, seed = "2501")
    void parserNeverThrowsOnArbitraryBytes(@ForAll @Size(max = 600) byte[] bytes) {
        checkSane(bytes);
    }

    /** Near-miss input: protocol words, numbers, separators and stray bytes, to reach the deep paths. */
    @Property(tries = 5000, seed = "3101")
    void parserNeverThrowsOnNearMissRequests(@ForAll("nearMiss") byte[] bytes) {
        checkSane(bytes);
    }

    private void checkSane(byte[] bytes) {
        ParseResult r = parser.parse(bytes, 0, bytes.length);
        assertTrue(r.consumed() >= 0 && r.consumed() <= bytes.length, "consumed " + r.consumed() + " of " + bytes.length);
        assertTrue(bytes.length == 0 || r.consumed() > 0, "a non-empty message must make progress");
        if (r instanceof ParseResult.ProtocolError e) {
            MessageBuffer out = new MessageBuffer(16);
            ResponseEncoder.protocolError(out, e);
            String line = new String(out.toByteArray(), StandardCharsets.ISO_8859_1);
            assertTrue(line.matches("(ERROR|CLIENT_ERROR [ -~]+|SERVER_ERROR [ -~]+)\r\n"), line);
        } else {
            // A parsed request re-encodes to a request that parses to itself.
            Request request = ((ParseResult.Parsed) r).request();
            byte[] again = RequestEncoder.encode(request);
            assertEquals(new ParseResult.Parsed(request, again.length), parser.parse(again));
        }
    }

    @Property(tries = 3000, seed = "5301")
    void encodeThenParseIsIdentity(@ForAll("requests") Request request) {
        byte[] wire = RequestEncoder.encode(request);
        assertEquals(new ParseResult.Parsed(request, wire.length), parser.parse(wire), () -> new String(wire, StandardCharsets.ISO_8859_1));
        // Encoding is canonical: the parsed request encodes to the same bytes.
        assertArrayEquals(wire, RequestEncoder.encode(((ParseResult.Parsed) parser.parse(wire)).request()));
    }

    @Provide
    Arbitrary<byte[]> nearMiss() {
        Arbitrary<String> word = Arbitraries.oneOf(
                Arbitraries.of("get", "gets", "gat", "gats", "set", "add", "replace", "append", "prepend", "cas", "delete",
                        "incr", "decr", "touch", "flush_all", "version", "stats", "verbosity", "quit", "noreply", "0", "-1",
                        "4294967295", "4294967296", "18446744073709551615", "18446744073709551616", "2147483648", "1048577"),
                Arbitraries.integers().between(-5, 40).map(String::valueOf),
                Arbitraries.of(" ", "  ", "\r\n", "\n", "\r", "\t", "\u0000", "\u00ff"),
                Arbitraries.strings().withCharRange('\u0000', '\u00ff').ofMaxLength(8),
                Arbitraries.strings().withChars('k').ofMinLength(249).ofMaxLength(252));
        return word.list().ofMaxSize(14).map(words -> String.join(" ", words).getBytes(StandardCharsets.ISO_8859_1));
    }

    @Provide
    Arbitrary<Request> requests() {
        Arbitrary<ByteString> key = Arbitraries.integers().between(0x21, 0xFE)
                .map(c -> c > 0x7E ? c + 1 : c)                      // skip DEL; 0x80..0xFF allowed
                .list().ofMinSize(1).ofMaxSize(250)
                .map(cs -> {
                    byte[] b = new byte[cs.size()];
                    for (int i = 0; i < b.length; i++) {
                        b[i] = (byte) (int) cs.get(i);
                    }
                    return ByteString.copyOf(b);
                });
        Arbitrary<List<ByteString>> keys = key.list().ofMinSize(1).ofMaxSize(5);
        Arbitrary<ByteString> data = Arbitraries.bytes().array(byte[].class).ofMaxSize(300).map(ByteString::copyOf);
        Arbitrary<Integer> anyInt = Arbitraries.integers();
        Arbitrary<Long> anyLong = Arbitraries.longs();
        Arbitrary<Boolean> bool = Arbitraries.of(true, false);
        Arbitrary<String> statArg = Arbitraries.strings().withCharRange('!', '\u00ff').ofMinLength(1).ofMaxLength(12);
        return Arbitraries.oneOf(
                Combinators.combine(keys, bool).as(Request.Get::new),
                Combinators.combine(anyInt, key.list().ofMaxSize(4), bool).as(Request.GetAndTouch::new),
                Combinators.combine(Arbitraries.of(StoreMode.class), key, anyInt, anyInt, data, bool).as(Request.Store::new),
                Combinators.combine(key, anyInt, anyInt, anyLong, data, bool).as(Request.CompareAndSwap::new),
                Combinators.combine(key, bool).as(Request.Delete::new),
                Combinators.combine(bool, key, anyLong, bool).as(Request.Arithmetic::new),
                Combinators.combine(key, anyInt, bool).as(Request.Touch::new),
                Combinators.combine(anyInt, bool).as(Request.FlushAll::new),
                Arbitraries.just(new Request.Version()),
                statArg.list().ofMaxSize(4).map(Request.Stats::new),
                Combinators.combine(anyInt, bool).as(Request.Verbosity::new),
                Arbitraries.just(new Request.Quit()));
    }
}
