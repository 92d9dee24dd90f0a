package org.overbook.live.gateway;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ReplyScannerTest {

    private static int complete(String bytes, ReplyShape shape) {
        byte[] b = bytes.getBytes(StandardCharsets.ISO_8859_1);
        return ReplyScanner.complete(b, 0, b.length, shape);
    }

    @Test
    void findsTheEndOfEachReplyShapeAndWaitsForTheRest() {
        assertEquals(8, complete("STORED\r\nEXTRA", ReplyShape.LINE));
        assertEquals(-1, complete("STOR", ReplyShape.LINE));
        String values = "VALUE a 0 4\r\nEND\r\r\nVALUE b 5 2 99\r\nxy\r\nEND\r\n";
        assertEquals(values.length(), complete(values + "VALUE", ReplyShape.RETRIEVAL), "END inside a value is data");
        assertEquals(-1, complete(values.substring(0, 20), ReplyShape.RETRIEVAL));
        assertEquals(-1, complete("VALUE a 0 4\r\nEND", ReplyShape.RETRIEVAL));
        assertEquals(42, complete("SERVER_ERROR out of memory writing get response\r\n".substring(0, 40) + "\r\n", ReplyShape.RETRIEVAL));
        String stats = "STAT pid 1\r\nSTAT uptime 2\r\nEND\r\n";
        assertEquals(stats.length(), complete(stats + "STAT", ReplyShape.STATS));
        assertEquals(7, complete("ERROR\r\n", ReplyShape.STATS));
    }
}
