package org.overbook.guest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class UnitsTest {

    @Test
    void sizesParseWithBinaryAndDecimalUnits() {
        assertEquals(4096, Units.bytes("f", "4096"));
        assertEquals(4096, Units.bytes("f", "4KiB"));
        assertEquals(4L << 30, Units.bytes("f", "4GiB"));
        assertEquals(1_500_000, Units.bytes("f", "1.5MB"));
        assertEquals(3L << 20, Units.bytes("f", " 3 mib "));
    }

    /** An upper-case prefix with a lower-case b is bits, as networks write them: refused; the same letters all in one case are bytes. */
    @Test
    void aSizeInBitsIsRefusedAndItsBytesNamed() {
        ConfigurationException e = assertThrows(ConfigurationException.class, () -> Units.bytes("f", "1.5Kb"));
        assertEquals("f: '1.5Kb' is in bits (a lower-case b after the upper-case K, as network rates write them), 187.5 bytes;"
                + " accepted: a size in bytes (B), such as 1.5KB (powers of ten) or 1.5KiB (powers of two)", e.getMessage());
        assertThrows(ConfigurationException.class, () -> Units.bytes("f", "2 Tib"));
        assertEquals(64_000_000, Units.bytes("f", "64mb"));
        assertEquals(64_000_000, Units.bytes("f", "64MB"));
        assertEquals(64L << 20, Units.bytes("f", "64mib"));
        assertEquals(64, Units.bytes("f", "64b"));
    }

    @Test
    void durationsAndRatesParse() {
        assertEquals(200_000_000, Units.nanos("f", "200ms"));
        assertEquals(60_000, Units.nanos("f", "60us"));
        assertEquals(60_000, Units.nanos("f", "60µs"));
        assertEquals(1_500_000_000, Units.nanos("f", "1.5s"));
        assertEquals(56_000_000_000L, Units.bitsPerSecond("f", "56Gbps"));
    }

    @Test
    void mistakesNameTheFieldAndWhatIsAccepted() {
        ConfigurationException unit = assertThrows(ConfigurationException.class, () -> Units.nanos("clients[0].rto", "200 parsecs"));
        assertEquals("clients[0].rto", unit.field());
        assertTrue(unit.getMessage().contains("unknown unit 'parsecs'") && unit.getMessage().contains("200ms"), unit.getMessage());
        assertEquals("warm-up: unknown unit 'h' in '1h'; accepted: a duration such as 500ns, 60us, 200ms or 2s, in ns, us (or µs), ms, s, min",
                assertThrows(ConfigurationException.class, () -> Units.nanos("warm-up", "1h")).getMessage(),
                "an unknown unit lists every unit, so an hour is seen to be 60min");
        assertTrue(assertThrows(ConfigurationException.class, () -> Units.bytes("host.memory", "64MBs")).getMessage()
                .endsWith("in B, KB, MB, GB, TB (powers of ten), KiB, MiB, GiB, TiB (powers of two)"));
        assertTrue(assertThrows(ConfigurationException.class, () -> Units.bitsPerSecond("link.bandwidth", "56Gb")).getMessage()
                .endsWith("in bps, kbps, Mbps, Gbps"));
        ConfigurationException garbage = assertThrows(ConfigurationException.class, () -> Units.bytes("host.memory", "lots"));
        assertTrue(garbage.getMessage().startsWith("host.memory: 'lots' is not a size"), garbage.getMessage());
        ConfigurationException negative = assertThrows(ConfigurationException.class, () -> Units.bytes("host.memory", "-4GiB"));
        assertEquals("host.memory: '-4GiB' is negative; accepted: a size such as 4096, 64KiB, 4GiB or 1.5MB (0 or more)",
                negative.getMessage());
        assertTrue(assertThrows(ConfigurationException.class, () -> Units.nanos("duration", " - 5ms")).getMessage()
                .startsWith("duration: '- 5ms' is negative;"));
        assertThrows(ConfigurationException.class, () -> Units.bytes("host.memory", null));
    }

    @Test
    void aDurationOrRateNeedsItsUnitUnlessZeroWhileASizeMayBeBare() {
        assertEquals(0, Units.nanos("f", "0"));
        assertEquals(0, Units.bitsPerSecond("f", "0"));
        assertEquals(100, Units.bytes("f", "100"));
        ConfigurationException duration = assertThrows(ConfigurationException.class, () -> Units.nanos("duration", "10"));
        assertEquals("duration", duration.field());
        assertTrue(duration.getMessage().contains("'10' has no unit") && duration.getMessage().contains("nanoseconds"),
                duration.getMessage());
        ConfigurationException rate = assertThrows(ConfigurationException.class, () -> Units.bitsPerSecond("link.bandwidth", "56"));
        assertTrue(rate.getMessage().contains("'56' has no unit"), rate.getMessage());
    }

    @Test
    void bytesPerSecondAndFractionsOfAByteAreRefused() {
        ConfigurationException bytes = assertThrows(ConfigurationException.class, () -> Units.bitsPerSecond("link.bandwidth", "7GBps"));
        assertTrue(bytes.getMessage().contains("bytes per second") && bytes.getMessage().contains("7GBps is 56Gbps"),
                bytes.getMessage());
        assertEquals(7_000_000_000L, Units.bitsPerSecond("f", "7gbps"), "a lower-case b is bits, whatever the prefix's case");
        for (String written : new String[] {"7GBPS", "7gBps", "7GBpS"}) {
            ConfigurationException capital = assertThrows(ConfigurationException.class, () -> Units.bitsPerSecond("link.bandwidth", written),
                    written + " has an upper-case B, bytes, whatever the case of the rest");
            assertTrue(capital.getMessage().contains("bytes per second") && capital.getMessage().contains(written + " is 56Gbps"),
                    capital.getMessage());
        }
        assertTrue(assertThrows(ConfigurationException.class, () -> Units.bitsPerSecond("f", "1.5kBps")).getMessage()
                .contains("1.5kBps is 12kbps"));
        assertEquals(500, Units.bytes("f", "0.5KB"));
        ConfigurationException fraction = assertThrows(ConfigurationException.class, () -> Units.bytes("value-size", "0.3KiB"));
        assertTrue(fraction.getMessage().contains("'0.3KiB' is 307.2 bytes, not a whole number of bytes"), fraction.getMessage());
        ConfigurationException half = assertThrows(ConfigurationException.class, () -> Units.bytes("value-size", "1.5"));
        assertTrue(half.getMessage().contains("not a whole number of bytes"), half.getMessage());
        ConfigurationException large = assertThrows(ConfigurationException.class, () -> Units.bytes("host.memory", "9000000TiB"));
        assertTrue(large.getMessage().contains("too large; accepted:"), large.getMessage());
    }
}
