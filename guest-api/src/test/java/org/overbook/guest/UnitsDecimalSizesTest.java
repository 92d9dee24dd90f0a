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
}
