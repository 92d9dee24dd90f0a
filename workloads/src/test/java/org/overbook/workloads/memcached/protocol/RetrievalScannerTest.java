package org.overbook.workloads.memcached.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.overbook.workloads.memcached.protocol.ParseResult.ProtocolError.Kind;
import org.overbook.workloads.memcached.protocol.RetrievalScanner.Outcome;

/** The in-place reading of retrieval replies: positions in the caller's bytes, and the same verdicts as the parser. */
class RetrievalScannerTest {

    private final RetrievalScanner scanner = new RetrievalScanner();

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }

    @Test
    void findsEachValueWhereItLies() {
        byte[] buf = bytes("..VALUE a 5 3\r\nabc\r\nVALUE bb 4294967295 2 9\r\nxy\r\nEND\r\nEND\r\n");
        assertEquals(Outcome.VALUES, scanner.scan(buf, 2, buf.length - 2));
        assertEquals("VALUE a 5 3\r\nabc\r\nVALUE bb 4294967295 2 9\r\nxy\r\nEND\r\n".length(), scanner.consumed());
        assertEquals(2, scanner.count());
        assertEquals(8, scanner.keyOffset(0));
        assertEquals(1, scanner.keyLength(0));
        assertEquals(5, scanner.flags(0));
        assertFalse(scanner.hasCas(0));
        assertEquals(15, scanner.dataOffset(0));
        assertEquals(3, scanner.dataLength(0));
        assertEquals("bb", new String(buf, scanner.keyOffset(1), scanner.keyLength(1), StandardCharsets.ISO_8859_1));
        assertEquals(-1, scanner.flags(1));
        assertTrue(scanner.hasCas(1));
        assertEquals(9, scanner.cas(1));
        assertEquals("xy", new String(buf, scanner.dataOffset(1), scanner.dataLength(1), StandardCharsets.ISO_8859_1));
    }

    @Test
    void manyValuesGrowTheTables() {
        StringBuilder reply = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            reply.append("VALUE k").append(i).append(" ").append(i).append(" 1\r\n").append((char) ('a' + i % 26)).append("\r\n");
        }
        byte[] buf = bytes(reply.append("END\r\n").toString());
        assertEquals(Outcome.VALUES, scanner.scan(buf, 0, buf.length));
        assertEquals(40, scanner.count());
        for (int i = 0; i < 40; i++) {
            assertEquals(i, scanner.flags(i));
            assertEquals('a' + i % 26, buf[scanner.dataOffset(i)]);
        }
    }

    @Test
    void errorsAndMalformedRepliesAreTheParsers() {
        byte[] error = bytes("SERVER_ERROR out of memory\r\n");
        assertEquals(Outcome.OTHER, scanner.scan(error, 0, error.length));
        assertEquals(new Response.Error(Kind.SERVER_ERROR, "out of memory"), scanner.other(error));
        assertEquals(error.length, scanner.consumed());
        byte[] late = bytes("VALUE a 0 1\r\na\r\nERROR\r\n");
        assertEquals(Outcome.OTHER, scanner.scan(late, 0, late.length));
        assertEquals(new Response.Malformed("unexpected line 'ERROR'"), scanner.other(late), "an error after a value is no error reply");
        byte[] badData = bytes("VALUE a 0 1\r\nab\r\nEND\r\n");
        assertEquals(Outcome.OTHER, scanner.scan(badData, 0, badData.length));
        assertEquals(new Response.Malformed("data block of 1 bytes not ended by \\r\\n"), scanner.other(badData));
        for (String line : new String[] {"VALUE  0 1", "VALUE a 0", "VALUE a 0 1 2 3", "VALUE a 4294967296 1", "VALUE a 0 1 x"}) {
            byte[] bad = bytes(line + "\r\nx\r\nEND\r\n");
            assertEquals(Outcome.OTHER, scanner.scan(bad, 0, bad.length), line);
            assertEquals(new Response.Malformed("bad VALUE line '" + line + "'"), scanner.other(bad), line);
            assertEquals(line.length() + 2, scanner.consumed(), line);
        }
    }

    @Test
    void aReplyCutAnywhereIsIncomplete() {
        byte[] buf = bytes("VALUE a 5 3\r\nabc\r\nVALUE b 1 2\r\nxy\r\nEND\r\n");
        for (int cut = 0; cut < buf.length; cut++) {
            assertEquals(Outcome.INCOMPLETE, scanner.scan(buf, 0, cut), "cut at " + cut);
        }
    }
}
