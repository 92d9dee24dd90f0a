package org.overbook.guest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A value quoted into an error is cut to its start and its length once it is long, so that the error stays a line; a
 * number given as a number is quoted as it reads ({@code 1.0E308}), not in its digits; an ordinary value is as it was.
 */
class QuotedTest {

    private static String refused(Runnable parse) {
        return assertThrows(ConfigurationException.class, parse::run).getMessage();
    }

    @Test
    void aShortValueIsQuotedWholeAndALongOneByItsStartAndLength() {
        assertEquals("'pin-some'", Quoted.of("pin-some"));
        assertEquals("'" + "a".repeat(80) + "'", Quoted.of("a".repeat(80)), "80 characters are quoted whole");
        assertEquals("'" + "a".repeat(60) + "…' (81 characters)", Quoted.of("a".repeat(81)));
        assertEquals("'" + "a".repeat(60) + "…' (1048576 characters)", Quoted.of("a".repeat(1 << 20)));
        String emoji = "a".repeat(59) + "\uD83D\uDE00".repeat(30);
        assertEquals("'" + "a".repeat(59) + "…' (89 characters)", Quoted.of(emoji), "a surrogate pair is not split, and counts once");
        assertEquals("a".repeat(60) + "…", Quoted.excerpt("a".repeat(100)));
        assertEquals("short", Quoted.excerpt("short"));
        assertEquals("'null'", Quoted.of(null), "a name left out reads as it did before");
    }

    @Test
    void aUnitsErrorQuotesALongTextShortAndAnOrdinaryOneAsBefore() {
        assertEquals("f: '" + "9".repeat(60) + "…' (400 characters) is too large; accepted: a size such as 4096, 64KiB, 4GiB or"
                + " 1.5MB, less than 2^63 bytes", refused(() -> Units.bytes("f", "9".repeat(400))));
        assertEquals("f: unknown unit '" + "x".repeat(60) + "…' (100 characters) in '1" + "x".repeat(59) + "…' (101 characters);"
                + " accepted: a duration such as 500ns, 60us, 200ms or 2s, in ns, us (or µs), ms, s, min",
                refused(() -> Units.nanos("f", "1" + "x".repeat(100))));
        assertEquals("f: '10' has no unit; accepted: a duration such as 500ns, 60us, 200ms or 2s (a bare number other than 0 is"
                + " refused, as it would be read in nanoseconds)", refused(() -> Units.nanos("f", " 10 ")));
    }

    @Test
    void aNumberIsQuotedAsItReadsNotInItsDigits() {
        assertEquals("f: '1.0E308' is too large; accepted: a size such as 4096, 64KiB, 4GiB or 1.5MB, less than 2^63 bytes",
                refused(() -> Units.bytesOf("f", 1e308)));
        assertEquals("f: '1.0E30' is too large; accepted: a rate in bits per second such as 10Gbps, 56Gbps or 100Mbps, less"
                + " than 2^63 bits per second", refused(() -> Units.bitsPerSecondOf("f", 1e30)));
        assertEquals("f: '5.0' has no unit; accepted: a duration such as 500ns, 60us, 200ms or 2s (a bare number other than 0 is"
                + " refused, as it would be read in nanoseconds)", refused(() -> Units.nanosOf("f", 5.0)));
        assertEquals("f: '0.5' is 0.5 bytes, not a whole number of bytes; accepted: a size such as 4096, 64KiB, 4GiB or 1.5MB"
                + " that comes to whole bytes", refused(() -> Units.bytesOf("f", 0.5)));
        assertEquals(10_000_000, Units.bytesOf("f", 1e7), "read in its digits");
        assertEquals(1.5, Units.perSecondOf("f", 1.5));
        assertEquals(0, Units.nanosOf("f", 0));
    }

    @Test
    void aWorkloadParameterIsQuotedTheSameWay() {
        WorkloadParameters p = new WorkloadParameters("clients[0].workload.params", Map.of("size", 1e308,
                "mode", "m".repeat(200)));
        assertEquals("clients[0].workload.params.size: '1.0E308' is too large; accepted: a size such as 4096, 64KiB, 4GiB or"
                + " 1.5MB, less than 2^63 bytes", refused(() -> p.bytes("size", 1, 1, 100)));
        assertEquals("clients[0].workload.params.mode: unknown value '" + "m".repeat(60) + "…' (200 characters); accepted: a, b",
                refused(() -> p.choice("mode", "a", "a", "b")));
    }
}
