package org.overbook.workloads.memcached.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.overbook.workloads.memcached.protocol.ParseResult.ProtocolError.Kind;
import org.overbook.workloads.memcached.protocol.ResponseParser.Shape;

/** The client-side reply parser: every reply shape, errors, malformed bytes, and replies cut anywhere. */
class ResponseParserTest {

    private final ResponseParser parser = new ResponseParser();

    private Response parse(String text, Shape shape) {
        byte[] b = text.getBytes(StandardCharsets.ISO_8859_1);
        return parser.parse(b, 0, b.length, shape);
    }

    private static ByteString s(String text) {
        return ByteString.ofLatin1(text);
    }

    @Test
    void retrievals() {
        assertEquals(new Response.Values(List.of()), parse("END\r\n", Shape.RETRIEVAL));
        assertEquals(new Response.Values(List.of(new Response.Value(s("a"), 5, 0, false, s("abc")))),
                parse("VALUE a 5 3\r\nabc\r\nEND\r\nSTORED\r\n", Shape.RETRIEVAL));
        assertEquals("VALUE a 5 3\r\nabc\r\nEND\r\n".length(), parser.consumed());
        assertEquals(new Response.Values(List.of(new Response.Value(s("a"), -1, -1, true, s("\r\n\0")),
                        new Response.Value(s("b"), 0, 7, true, s("")))),
                parse("VALUE a 4294967295 3 18446744073709551615\r\n\r\n\0\r\nVALUE b 0 0 7\r\n\r\nEND\r\n", Shape.RETRIEVAL));
    }

    @Test
    void oneLineReplies() {
        assertEquals(new Response.Status(ResponseEncoder.Reply.STORED), parse("STORED\r\n", Shape.LINE));
        assertEquals(new Response.Status(ResponseEncoder.Reply.NOT_FOUND), parse("NOT_FOUND\r\n", Shape.LINE));
        assertEquals(new Response.Number(-1), parse("18446744073709551615\r\n", Shape.LINE));
        assertEquals(new Response.Number(15), parse("15\r\n", Shape.LINE));
        assertEquals(new Response.Version("1.6.0-overbook"), parse("VERSION 1.6.0-overbook\r\n", Shape.LINE));
        assertEquals(new Response.Stats(List.of(new Response.Stat("uptime", "3"), new Response.Stat("version", "1.6 x"))),
                parse("STAT uptime 3\r\nSTAT version 1.6 x\r\nEND\r\n", Shape.STATS));
    }

    @Test
    void errors() {
        assertEquals(new Response.Error(Kind.ERROR, ""), parse("ERROR\r\n", Shape.LINE));
        assertEquals(new Response.Error(Kind.CLIENT_ERROR, "bad data chunk"), parse("CLIENT_ERROR bad data chunk\r\n", Shape.LINE));
        assertEquals(new Response.Error(Kind.SERVER_ERROR, "out of memory writing get response"),
                parse("SERVER_ERROR out of memory writing get response\r\n", Shape.RETRIEVAL));
        assertEquals(new Response.Error(Kind.ERROR, ""), parse("ERROR\r\n", Shape.STATS));
    }

    @Test
    void malformedRepliesConsumeTheOffendingBytes() {
        assertInstanceOf(Response.Malformed.class, parse("END\r\n", Shape.LINE));
        assertInstanceOf(Response.Malformed.class, parse("STORED\n", Shape.LINE));
        assertInstanceOf(Response.Malformed.class, parse("99999999999999999999\r\n", Shape.LINE));
        assertInstanceOf(Response.Malformed.class, parse("VALUE a x 3\r\nabc\r\nEND\r\n", Shape.RETRIEVAL));
        assertEquals("VALUE a x 3\r\n".length(), parser.consumed());
        assertInstanceOf(Response.Malformed.class, parse("VALUE a 0 3\r\nabcd\r\nEND\r\n", Shape.RETRIEVAL));
        assertEquals("VALUE a 0 3\r\nabcd\r".length(), parser.consumed());
        assertInstanceOf(Response.Malformed.class, parse("VALUE a 0 1\r\na\r\nSTORED\r\n", Shape.RETRIEVAL));
    }

    @Test
    void anIncompleteReplyIsNotParsedYet() {
        String reply = "VALUE a 5 3\r\nabc\r\nVALUE b 1 2\r\nxy\r\nEND\r\nSTORED\r\n";
        String first = "VALUE a 5 3\r\nabc\r\nVALUE b 1 2\r\nxy\r\nEND\r\n";
        for (int cut = 0; cut < first.length(); cut++) {
            assertNull(parse(reply.substring(0, cut), Shape.RETRIEVAL), "cut at " + cut);
        }
        assertInstanceOf(Response.Values.class, parse(reply, Shape.RETRIEVAL));
        assertEquals(first.length(), parser.consumed(), "the next reply is left for the next parse");
    }

    /** Whatever the encoder writes, the parser reads back, and no prefix of it parses. */
    @Property(tries = 200, seed = "7")
    void readsBackWhatTheEncoderWrites(@ForAll long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        MessageBuffer out = new MessageBuffer(64);
        List<Response.Value> values = new ArrayList<>();
        boolean cas = random.nextBoolean();
        for (int i = random.nextInt(4); i > 0; i--) {
            byte[] data = new byte[random.nextInt(300)];
            random.nextBytes(data);
            ByteString key = s("key" + random.nextInt(1000));
            int flags = random.nextInt();
            long unique = random.nextLong();
            if (cas) {
                ResponseEncoder.value(out, key, flags, data, 0, data.length, unique);
            } else {
                ResponseEncoder.value(out, key, flags, data, 0, data.length);
            }
            values.add(new Response.Value(key, flags, cas ? unique : 0, cas, ByteString.copyOf(data)));
        }
        ResponseEncoder.reply(out, ResponseEncoder.Reply.END);
        byte[] bytes = out.toByteArray();
        assertEquals(new Response.Values(values), parser.parse(bytes, 0, bytes.length, Shape.RETRIEVAL), "seed " + seed);
        assertEquals(bytes.length, parser.consumed());
        int cut = random.nextInt(bytes.length);
        assertNull(parser.parse(bytes, 0, cut, Shape.RETRIEVAL), "seed " + seed + ", cut at " + cut);
    }
}
