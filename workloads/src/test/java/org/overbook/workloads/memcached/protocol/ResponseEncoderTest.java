package org.overbook.workloads.memcached.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.overbook.workloads.memcached.protocol.ResponseEncoder.Reply;

class ResponseEncoderTest {

    private static String encode(Consumer<MessageBuffer> writer) {
        MessageBuffer out = new MessageBuffer(4);
        writer.accept(out);
        return new String(out.array(), 0, out.length(), StandardCharsets.ISO_8859_1);
    }

    private static final ByteString KEY = ByteString.ofLatin1("foo");
    private static final byte[] DATA = "a\r\nb".getBytes(StandardCharsets.ISO_8859_1);

    @Test
    void valueLines() {
        assertEquals("VALUE foo 5 4\r\na\r\nb\r\n", encode(out -> ResponseEncoder.value(out, KEY, 5, DATA, 0, 4)));
        assertEquals("VALUE foo 4294967295 2 18446744073709551615\r\n\nb\r\n",
                encode(out -> ResponseEncoder.value(out, KEY, -1, DATA, 2, 2, -1L)));
        assertEquals("VALUE foo 0 0 7\r\n\r\n", encode(out -> ResponseEncoder.value(out, KEY, 0, DATA, 0, 0, 7)));
    }

    @Test
    void headerReserveAndEndOfDataEqualsValue() {
        String direct = encode(out -> {
            ResponseEncoder.value(out, KEY, 9, DATA, 0, 4, 12);
            ResponseEncoder.reply(out, Reply.END);
        });
        String staged = encode(out -> {
            ResponseEncoder.valueHeader(out, KEY, 9, 4, 12);
            int at = out.reserve(4);
            System.arraycopy(DATA, 0, out.array(), at, 4);
            ResponseEncoder.endOfData(out);
            ResponseEncoder.reply(out, Reply.END);
        });
        assertEquals("VALUE foo 9 4 12\r\na\r\nb\r\nEND\r\n", direct);
        assertEquals(direct, staged);
        assertEquals("VALUE foo 9 4\r\n", encode(out -> ResponseEncoder.valueHeader(out, KEY, 9, 4)));
    }

    @ParameterizedTest
    @EnumSource(Reply.class)
    void fixedReplies(Reply reply) {
        assertEquals(reply.name() + "\r\n", encode(out -> ResponseEncoder.reply(out, reply)));
    }

    @Test
    void numbersVersionStatsAndErrors() {
        assertEquals("0\r\n", encode(out -> ResponseEncoder.number(out, 0)));
        assertEquals("18446744073709551615\r\n", encode(out -> ResponseEncoder.number(out, -1L)));
        assertEquals("9223372036854775808\r\n", encode(out -> ResponseEncoder.number(out, Long.MIN_VALUE)));
        assertEquals("VERSION 1.6.21\r\n", encode(out -> ResponseEncoder.version(out, "1.6.21")));
        assertEquals("STAT pid 42\r\nSTAT version 1.6.21\r\nSTAT delta -3\r\n", encode(out -> {
            ResponseEncoder.stat(out, "pid", 42);
            ResponseEncoder.stat(out, "version", "1.6.21");
            ResponseEncoder.stat(out, "delta", -3);
        }));
        assertEquals("CLIENT_ERROR bad data chunk\r\n", encode(out -> ResponseEncoder.clientError(out, "bad data chunk")));
        assertEquals("SERVER_ERROR out of memory\r\n", encode(out -> ResponseEncoder.serverError(out, "out of memory")));
    }

    @Test
    void protocolErrorsAreWrittenAsTheirLines() {
        for (String input : new String[] {"nope\r\n", "get\r\n", "set k 0 0 1\r\nxy\r\n", "set k 0 0 2000000\r\n", "incr k x\r\n"}) {
            var error = (ParseResult.ProtocolError) new RequestParser().parse(input.getBytes(StandardCharsets.ISO_8859_1));
            assertEquals(error.line() + "\r\n", encode(out -> ResponseEncoder.protocolError(out, error)), input);
        }
    }

    @Test
    void bufferGrowsKeepsCallerStorageWhileItFitsAndClears() {
        byte[] storage = new byte[64];
        MessageBuffer out = new MessageBuffer(storage);
        ResponseEncoder.reply(out, Reply.STORED);
        assertSame(storage, out.array());
        out.clear();
        assertEquals(0, out.length());
        byte[] big = new byte[1000];
        ResponseEncoder.value(out, KEY, 0, big, 0, big.length);
        assertEquals("VALUE foo 0 1000\r\n".length() + 1002, out.length());
        assertEquals(out.length(), out.toByteArray().length);
    }

    @Test
    void signedAndUnsignedDecimals() {
        assertEquals("-9223372036854775808 9223372036854775807 -1 0",
                encode(out -> out.putDecimal(Long.MIN_VALUE).put((byte) ' ').putDecimal(Long.MAX_VALUE)
                        .put((byte) ' ').putDecimal(-1).put((byte) ' ').putDecimal(0)));
        for (long v : new long[] {1, 9, 10, 99, 100, 1L << 40, 999_999_999_999L, -2L}) {
            assertEquals(Long.toUnsignedString(v), encode(out -> out.putUnsignedDecimal(v)));
        }
    }
}
