package org.overbook.guest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A decimal size that is a whole number of bytes is read as one, whatever a product of doubles would round it to. */
class UnitsDecimalSizesTest {

    @Test
    void decimalSizesThatComeToWholeBytesAreAccepted() {
        assertEquals(4_100_000, Units.bytes("f", "4.1MB")); // 4.1 * 1e6 is 4099999.9999999995 in doubles
        assertEquals(4_100_000_000L, Units.bytes("f", "4.1GB"));
        assertEquals(1_100, Units.bytes("f", "1.1KB"));
        assertEquals(1_572_864, Units.bytes("f", "1.5MiB"));
        assertEquals(Long.MAX_VALUE, Units.bytes("f", "9223372036854775807"));
    }

    @Test
    void fractionsOfAByteAreStillRefusedAndNamed() {
        ConfigurationException e = assertThrows(ConfigurationException.class, () -> Units.bytes("f", "4.1MiB"));
        assertTrue(e.getMessage().contains("'4.1MiB' is 4299161.6 bytes, not a whole number of bytes"), e.getMessage());
        assertThrows(ConfigurationException.class, () -> Units.bytes("f", "9223372036854775808"));
    }

    @Test
    void durationsAndRatesRoundToTheNearestUnitAsBefore() {
        assertEquals(4_100_000, Units.nanos("f", "4.1ms"));
        assertEquals(2, Units.nanos("f", "1.5ns"));
        assertEquals(4_100_000_000L, Units.bitsPerSecond("f", "4.1Gbps"));
    }

    @Test
    void numbersOfManyDigitsAreReadWithinTheirBoundsOrRefusedUnread() {
        String zeros = "0".repeat(1_000_000);
        assertEquals(1_024, Units.bytes("f", zeros + "1." + zeros + "KiB"), "leading and trailing zeros are no digits");
        assertEquals(1_500_000_000L, Units.nanos("f", "1.5" + zeros + "s"));
        ConfigurationException large = assertThrows(ConfigurationException.class, () -> Units.bytes("f", "1" + zeros));
        assertTrue(large.getMessage().contains("is too large; accepted: a size such as 4096"), large.getMessage().substring(0, 80));
        assertThrows(ConfigurationException.class, () -> Units.nanos("f", "99999999999999999999ns"), "20 digits: past 2^63");
        ConfigurationException decimals = assertThrows(ConfigurationException.class,
                () -> Units.bytes("f", "0." + "1".repeat(1_000_000) + "KiB"));
        assertEquals("f: '0." + "1".repeat(58) + "…' (1000005 characters) has 1000000 decimals; accepted: a size such as 4096,"
                + " 64KiB, 4GiB or 1.5MB, with at most 40 decimals", decimals.getMessage(), "quoted by its start and length");
        assertEquals(1, Units.bytes("f", "0.0000000000009094947017729282379150390625TiB"), "2^-40 TiB: a size of 40 decimals");
    }
}
