package org.overbook.guest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

class WorkloadParametersTest {

    private final WorkloadParameters params = new WorkloadParameters("tenants[1].workload.params", Map.of(
            "pages", 12, "size", "64KiB", "think", "5us", "ratio", 0.9, "verify", true, "mode", "zipf", "bad", "x"));

    @Test
    void typedAccessorsReadValuesOrDefaults() {
        assertEquals(12, params.integer("pages", 1, 1, 100));
        assertEquals(65536, params.bytes("size", 0, 0, Long.MAX_VALUE));
        assertEquals(5_000, params.nanos("think", 0, 0, Long.MAX_VALUE));
        assertEquals(0.9, params.real("ratio", 0, 0, 1));
        assertTrue(params.flag("verify", false));
        assertEquals("zipf", params.choice("mode", "uniform", "uniform", "zipf"));
        assertEquals(7, params.integer("absent", 7, 0, 10));
    }

    @Test
    void errorsNameTheParameter() {
        ConfigurationException range = assertThrows(ConfigurationException.class, () -> params.integer("pages", 1, 1, 10));
        assertEquals("tenants[1].workload.params.pages", range.field());
        assertTrue(range.getMessage().contains("1 to 10"), range.getMessage());
        ConfigurationException choice = assertThrows(ConfigurationException.class, () -> params.choice("mode", "a", "a", "b"));
        assertTrue(choice.getMessage().contains("accepted: a, b"), choice.getMessage());
        assertThrows(ConfigurationException.class, () -> params.integer("bad", 1, 0, 10));
        assertThrows(ConfigurationException.class, () -> params.flag("mode", false));
        assertThrows(ConfigurationException.class, () -> params.integer("ratio", 1, 0, 10), "0.9 is not whole");
    }

    @Test
    void aBareDurationOrAFractionOfAByteIsRefusedNamingTheParameter() {
        WorkloadParameters p = new WorkloadParameters("clients[0].workload.params", Map.of(
                "miss-penalty", 100L, "zero", 0L, "value-size", 1.5, "big", 1e7, "ten", 10L));
        ConfigurationException bare = assertThrows(ConfigurationException.class, () -> p.nanos("miss-penalty", 0, 0, Long.MAX_VALUE));
        assertEquals("clients[0].workload.params.miss-penalty", bare.field());
        assertTrue(bare.getMessage().contains("'100' has no unit"), bare.getMessage());
        assertEquals(0, p.nanos("zero", 5, 0, 10));
        ConfigurationException half = assertThrows(ConfigurationException.class, () -> p.bytes("value-size", 0, 0, Long.MAX_VALUE));
        assertEquals("clients[0].workload.params.value-size", half.field());
        assertTrue(half.getMessage().contains("not a whole number of bytes"), half.getMessage());
        assertEquals(10_000_000, p.bytes("big", 0, 0, Long.MAX_VALUE), "1e7 is read in plain digits");
        assertEquals(10, p.bytes("ten", 0, 0, 100), "a bare size is bytes");
    }

    @Test
    void aSizeOrDurationOutOfRangeIsShownAsWrittenAndInTheUnitOfItsBounds() {
        WorkloadParameters p = new WorkloadParameters("clients[0].workload.params", Map.of(
                "value-size", "2MiB", "think", "2s", "window", 9000L, "key-size", 300L));
        ConfigurationException size = assertThrows(ConfigurationException.class, () -> p.bytes("value-size", 1024, 1, 7680));
        assertEquals("clients[0].workload.params.value-size: '2MiB' (2097152 bytes) is out of range; accepted: 1 to 7680 bytes",
                size.getMessage());
        ConfigurationException time = assertThrows(ConfigurationException.class, () -> p.nanos("think", 0, 0, 1_000_000_000L));
        assertEquals("clients[0].workload.params.think: '2s' (2000000000 ns) is out of range; accepted: 0 to 1000000000 ns",
                time.getMessage());
        ConfigurationException bare = assertThrows(ConfigurationException.class, () -> p.bytes("window", 0, 1, 8192));
        assertEquals("clients[0].workload.params.window: 9000 is out of range; accepted: 1 to 8192 bytes", bare.getMessage(),
                "a bare size is already in bytes: said once");
        ConfigurationException count = assertThrows(ConfigurationException.class, () -> p.integer("key-size", 64, 1, 250));
        assertEquals("clients[0].workload.params.key-size: 300 is out of range; accepted: 1 to 250", count.getMessage());
    }

    @Test
    void aListWhereOneValueIsAcceptedIsRefusedAndShownAsTheYamlListItWas() {
        WorkloadParameters p = new WorkloadParameters("clients[0].workload.params", Map.of("sizes", List.of("1", "2"),
                "range", Map.of("min", 1L)));
        List<Executable> oneValue = List.of(() -> p.integer("sizes", 0, 0, 10),
                () -> p.real("sizes", 0, 0, 10), () -> p.bytes("sizes", 0, 0, 10), () -> p.nanos("sizes", 0, 0, 10),
                () -> p.flag("sizes", false), () -> p.choice("sizes", "a", "a", "b"));
        for (Executable read : oneValue) {
            ConfigurationException e = assertThrows(ConfigurationException.class, read);
            assertEquals("clients[0].workload.params.sizes", e.field());
            assertTrue(e.getMessage().contains("sizes: a list [1, 2] was given where one value is accepted; accepted: "), e.getMessage());
        }
        assertTrue(assertThrows(ConfigurationException.class, () -> p.integer("sizes", 0, 0, 10)).getMessage()
                .endsWith("accepted: one whole number from 0 to 10"));
        assertEquals("1,2", p.string("sizes", null), "text reads a list comma-separated");
        ConfigurationException section = assertThrows(ConfigurationException.class, () -> p.bytes("range", 0, 0, 10));
        assertTrue(section.getMessage().contains("range: a section {min: 1} was given where one value is accepted"), section.getMessage());
        assertTrue(assertThrows(ConfigurationException.class, () -> p.string("range", null)).getMessage()
                .contains("range: a section {min: 1} was given where text is accepted"));
    }

    @Test
    void aRateIsReadPerSecondWithOrWithoutItsUnitAndThousandsMillionsOrBillions() {
        WorkloadParameters p = new WorkloadParameters("clients[0].workload.params", Map.of("bare", 20_000, "per-second", "20000/s",
                "thousands", "200k/s", "millions", "1.5M/s", "fraction", 0.5, "short", "2.2k", "billion", "1G/s"));
        assertEquals(20_000, p.rate("bare", 0, 0, 1e10), "a bare number is a rate a second, as the built-in rate: reads it");
        assertEquals(20_000, p.rate("per-second", 0, 0, 1e10));
        assertEquals(200_000, p.rate("thousands", 0, 0, 1e10));
        assertEquals(1_500_000, p.rate("millions", 0, 0, 1e10));
        assertEquals(0.5, p.rate("fraction", 0, 0, 1e10));
        assertEquals(2_200, p.rate("short", 0, 0, 1e10), "exactly, not 2200.0000000000005");
        assertEquals(1e9, p.rate("billion", 0, 0, 1e10));
        assertEquals(7, p.rate("absent", 7, 0, 10));
    }

    @Test
    void aRateThatIsNoneOrOutOfRangeIsRefusedNamingTheParameter() {
        WorkloadParameters p = new WorkloadParameters("clients[0].workload.params", Map.of("ms", "5/ms", "words", "fast",
                "negative", "-5/s", "high", "300k/s", "bits", "10Gbps",
                "plain", "300000/s", "bare", 300000));
        assertEquals("clients[0].workload.params.ms: unknown unit '/ms' in '5/ms'; accepted: a rate such as 20000/s, 200k/s or"
                + " 1.5M/s, in /s, k/s, M/s, G/s (thousands, millions, billions a second)",
                assertThrows(ConfigurationException.class, () -> p.rate("ms", 0, 0, 1e6)).getMessage());
        assertEquals("clients[0].workload.params.words: 'fast' is not a rate such as 20000/s, 200k/s or 1.5M/s",
                assertThrows(ConfigurationException.class, () -> p.rate("words", 0, 0, 1e6)).getMessage());
        assertEquals("clients[0].workload.params.negative: '-5/s' is negative; accepted: a rate such as 20000/s, 200k/s or 1.5M/s"
                + " (0 or more)", assertThrows(ConfigurationException.class, () -> p.rate("negative", 0, 0, 1e6)).getMessage());
        assertEquals("clients[0].workload.params.high: '300k/s' (300000/s) is out of range; accepted: 1/s to 100000/s",
                assertThrows(ConfigurationException.class, () -> p.rate("high", 1, 1, 1e5)).getMessage(),
                "as written, then converted, as a size's or a duration's");
        assertEquals("clients[0].workload.params.plain: 300000/s is out of range; accepted: 1/s to 100000/s",
                assertThrows(ConfigurationException.class, () -> p.rate("plain", 1, 1, 1e5)).getMessage(), "written as converted");
        assertEquals("clients[0].workload.params.bare: 300000/s is out of range; accepted: 1/s to 100000/s",
                assertThrows(ConfigurationException.class, () -> p.rate("bare", 1, 1, 1e5)).getMessage(), "a bare number is a second's");
        assertTrue(assertThrows(ConfigurationException.class, () -> p.rate("bits", 0, 0, 1e6)).getMessage()
                .startsWith("clients[0].workload.params.bits: unknown unit 'Gbps' in '10Gbps'"));
    }

    @Test
    void aLowercaseMIsMilliAndRefusedNotReadAsMillions() {
        WorkloadParameters p = new WorkloadParameters("clients[0].workload.params", Map.of("milli", "500m/s", "bare-m", "1.5m",
                "thousands", "200K/s"));
        assertEquals("clients[0].workload.params.milli: '500m/s' writes m, which is milli, not millions; accepted: a rate such as"
                + " 20000/s, 200k/s or 1.5M/s (M for millions; 0.5/s for one every two seconds)",
                assertThrows(ConfigurationException.class, () -> p.rate("milli", 0, 0, 1e10)).getMessage());
        assertTrue(assertThrows(ConfigurationException.class, () -> p.rate("bare-m", 0, 0, 1e10)).getMessage()
                .startsWith("clients[0].workload.params.bare-m: '1.5m' writes m, which is milli"));
        assertEquals(200_000, p.rate("thousands", 0, 0, 1e10), "K is thousands, as k is");
    }

    @Test
    void aRequiredParameterLeftOutIsAnErrorNamingItAndWhatItTakes() {
        WorkloadParameters p = new WorkloadParameters("clients.template.workload.params", Map.of("size", "4KiB", "blank", " ",
                "mode", "open", "rate", "2k/s", "think", "5us", "count", 3, "share", 0.25, "targets", List.of("s0", "s1")));
        assertEquals(4096, p.requireBytes("size", 1, 1 << 20));
        assertEquals(2_000, p.requireRate("rate", 1, 1e6));
        assertEquals(5_000, p.requireNanos("think", 0, Long.MAX_VALUE));
        assertEquals(3, p.requireInteger("count", 1, 10));
        assertEquals(0.25, p.requireReal("share", 0, 1));
        assertEquals("open", p.requireChoice("mode", "closed", "open"));
        assertEquals("s0,s1", p.requireString("targets", "the server tenants"));

        Map<Executable, String> missing = new java.util.LinkedHashMap<>();
        missing.put(() -> p.requireBytes("buffer", 1, 1 << 20), "buffer: missing; expected one size such as 4096 or 64KiB");
        missing.put(() -> p.requireRate("load", 1, 1e6), "load: missing; expected one rate such as 20000/s, 200k/s or 1.5M/s");
        missing.put(() -> p.requireNanos("delay", 0, 10), "delay: missing; expected one duration such as 200ms or 60us");
        missing.put(() -> p.requireInteger("depth", 1, 64), "depth: missing; expected one whole number from 1 to 64");
        missing.put(() -> p.requireReal("skew", 0, 1), "skew: missing; expected one number from 0.0 to 1.0");
        missing.put(() -> p.requireChoice("loop", "closed", "open"), "loop: missing; expected one of closed, open");
        missing.put(() -> p.requireString("target", "the memcached tenant's name"),
                "target: missing; expected the memcached tenant's name");
        missing.put(() -> p.requireString("blank", "the memcached tenant's name"), "blank: blank; expected the memcached tenant's name");
        missing.forEach((read, expected) -> assertEquals("clients.template.workload.params." + expected,
                assertThrows(ConfigurationException.class, read).getMessage()));

        assertEquals("clients.template.workload.params.size: '4KiB' (4096 bytes) is out of range; accepted: 1 to 100 bytes",
                assertThrows(ConfigurationException.class, () -> p.requireBytes("size", 1, 100)).getMessage(),
                "a value given is checked as the accessor with a default checks it");
        p.rejectUnread(); // every key tried counts as read, so none of the missing ones is also called unknown
    }

    @Test
    void unreadParametersAreRejected() {
        WorkloadParameters p = new WorkloadParameters("w", Map.of("a", 1, "typo", 2));
        p.integer("a", 0, 0, 5);
        ConfigurationException e = assertThrows(ConfigurationException.class, p::rejectUnread);
        assertEquals("w.typo", e.field());
        assertTrue(e.getMessage().contains("accepted: a"), e.getMessage());
        assertFalse(e.getMessage().contains("did you mean"), "nothing read is near 'typo': " + e.getMessage());
    }

    @Test
    void aMisspeltParameterGetsTheNearestAcceptedOne() {
        WorkloadParameters p = new WorkloadParameters("clients.template.workload.params", Map.of("windw", 100, "rate", 5));
        p.integer("window", 0, 0, 1000);
        p.integer("rate", 0, 0, 1000);
        ConfigurationException e = assertThrows(ConfigurationException.class, p::rejectUnread);
        assertEquals("clients.template.workload.params.windw: unknown parameter; accepted: rate, window (did you mean window?)",
                e.getMessage());
    }

    @Test
    void theRegistryRefusesDuplicateNames() {
        WorkloadRegistry registry = new WorkloadRegistry().register("x", "one", p -> g -> { });
        assertThrows(IllegalArgumentException.class, () -> registry.register("x", "two", p -> g -> { }));
        assertEquals(Map.of("x", "one"), registry.descriptions());
    }

    /** A copy to read afresh: what the original read does not count, what it declared accepted still does. */
    @Test
    void unreadParametersForgetTheReadsButKeepTheDeclaredNames() {
        Parameters given = new Parameters("p", Map.of("a", 1, "b", 2, "c", 3));
        given.accepts("b");
        assertEquals(1, given.integer("a", 0, 0, 9));
        assertEquals(3, given.integer("c", 0, 0, 9));
        given.rejectUnread();

        Parameters again = given.unread();
        assertEquals(3, again.integer("c", 0, 0, 9));
        ConfigurationException e = assertThrows(ConfigurationException.class, again::rejectUnread);
        assertEquals("p.a", e.field(), "read by the original alone");
        assertTrue(e.getMessage().contains("accepted: b, c"), e.getMessage());
    }
}
