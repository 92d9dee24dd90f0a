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
        ConfigurationException garbage = assertThrows(ConfigurationException.class, () -> Units.bytes("host.memory", "lots"));
        assertTrue(garbage.getMessage().startsWith("host.memory: 'lots' is not a size"), garbage.getMessage());
        assertThrows(ConfigurationException.class, () -> Units.bytes("host.memory", "-4GiB"));
        assertThrows(ConfigurationException.class, () -> Units.bytes("host.memory", null));
    }
}
