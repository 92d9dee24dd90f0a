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
    void aLineCutsAWholeNumberPastFortyDigitsToItsEndsAndItsLength() {
        String forty = "9".repeat(40);
        assertEquals("f: " + forty + " is out of range", Quoted.line("f: " + forty + " is out of range"), "40 digits are given whole");
        assertEquals("f: 1234…7890 (41 digits) is out of range", Quoted.line("f: 1234" + "5".repeat(33) + "7890 is out of range"));
        assertEquals("f: -9999…9999 (500 digits) is out of range; accepted: a whole number from -9223372036854775808 to"
                + " 9223372036854775807", Quoted.line("f: -" + "9".repeat(500) + " is out of range; accepted: a whole number"
                + " from -9223372036854775808 to 9223372036854775807"));
        assertEquals("(at sweep point tenants.count=9999…9999 (50 digits), seed 1)",
                Quoted.line("(at sweep point tenants.count=" + "9".repeat(50) + ", seed 1)"), "a number inside a word");
        String excerpt = Quoted.of("9".repeat(400));
        assertEquals("f: " + excerpt + " is too large", Quoted.line("f: " + excerpt + " is too large"),
                "a value Quoted.of has cut already is left as it is");
        assertEquals("1.0E300 is out of range", Quoted.line("1.0E300 is out of range"));
        assertEquals(null, Quoted.line(null));
    }

    @Test
    void aLineCutsAWordPastOneHundredTwentyCharactersToItsEndsAndItsLength() {
        String path = "/tmp/" + "d".repeat(115) + ".yaml";
        assertEquals(path.length(), 125);
        assertEquals("/tmp/" + "d".repeat(35) + "…" + "d".repeat(35) + ".yaml (125 characters): cannot read the scenario file",
                Quoted.line(path + ": cannot read the scenario file"));
        String fits = "/tmp/" + "d".repeat(110) + ".yaml";
        assertEquals(fits + " is not a folder", Quoted.line(fits + " is not a folder"), "120 characters are kept whole");
        assertEquals("unknown metric 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' (502 characters)",
                Quoted.line("unknown metric '" + "x".repeat(500) + "'"));
        String emoji = "\uD83D\uDE00";
        assertEquals(emoji.repeat(120), Quoted.line(emoji.repeat(120)), "120 characters, each of two chars, are kept whole");
        assertEquals(emoji.repeat(40) + "…" + emoji.repeat(40) + " (200 characters)", Quoted.line(emoji.repeat(200)),
                "no surrogate pair is split, and each counts once");
        assertEquals("a short line stays as it is", Quoted.line("a short line stays as it is"));
    }

    @Test
    void aConfigurationErrorIsOneReadableLineAndKeepsItsPartsWhole() {
        String digits = "9".repeat(500);
        ConfigurationException e = new ConfigurationException("tenants.count", digits + " is out of range; accepted: 1 to 64");
        assertEquals("tenants.count: 9999…9999 (500 digits) is out of range; accepted: 1 to 64", e.getMessage());
        assertEquals(digits + " is out of range; accepted: 1 to 64", e.problem(), "the problem as it was given");
        assertEquals("tenants.count", e.field());
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
