package org.overbook.workloads.load;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.overbook.workloads.memcached.protocol.ByteString;
import org.overbook.workloads.memcached.protocol.Request;

class KeyFormatTest {

    private static String render(KeyFormat f, long id, int length) {
        return new String(f.render(id, length), StandardCharsets.US_ASCII);
    }

    @Test
    void rendersPrefixAndZeroPaddedDigits() {
        KeyFormat f = new KeyFormat("key:");
        assertEquals("key:00000042", render(f, 42, 12));
        assertEquals("key:42", render(f, 42, 6));
        assertEquals("00042", render(f, 42, 5), "prefix dropped when it does not fit");
        assertEquals("42", render(f, 42, 2));
        assertEquals("0", render(new KeyFormat(""), 0, 1));
        assertEquals("user9223372036854775807", render(new KeyFormat("user"), Long.MAX_VALUE, 23));
        assertEquals(64, f.render(7, 64).length);
    }

    @Test
    void rendersIntoABufferAtAnOffset() {
        byte[] buf = new byte[10];
        new KeyFormat("k").render(5, 4, buf, 3);
        assertArrayEquals(new byte[] {0, 0, 0, 'k', '0', '0', '5', 0, 0, 0}, buf);
    }

    @Test
    void rejectsKeysTooShortForTheIdAndBadPrefixes() {
        assertThrows(IllegalArgumentException.class, () -> new KeyFormat("k").render(123, 2));
        assertThrows(IllegalArgumentException.class, () -> new KeyFormat("1k"));
        assertThrows(IllegalArgumentException.class, () -> new KeyFormat("a b"));
        assertThrows(IllegalArgumentException.class, () -> new KeyFormat("a\r"));
        assertThrows(IllegalArgumentException.class, () -> KeyFormat.minimumLength(-1));
    }

    @Test
    void minimumLengthCountsDigits() {
        assertEquals(1, KeyFormat.minimumLength(0));
        assertEquals(1, KeyFormat.minimumLength(9));
        assertEquals(2, KeyFormat.minimumLength(10));
        assertEquals(19, KeyFormat.minimumLength(Long.MAX_VALUE));
        long power = 1;
        for (int digits = 1; digits <= 18; digits++) {
            power *= 10;
            assertEquals(digits, KeyFormat.minimumLength(power - 1), "10^" + digits + " - 1");
            assertEquals(digits + 1, KeyFormat.minimumLength(power), "10^" + digits);
        }
    }

    @Property(tries = 500, seed = "20261122")
    void minimumLengthIsTheDecimalLength(@ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long id) {
        assertEquals(Long.toString(id).length(), KeyFormat.minimumLength(id));
    }

    @Test
    void parseRejectsForeignKeys() {
        KeyFormat f = new KeyFormat("key:");
        assertEquals(-1, parse(f, "user:12"));
        assertEquals(-1, parse(f, "key:"));
        assertEquals(-1, parse(f, "key:1x"));
        assertEquals(-1, parse(f, "key:99999999999999999999"));
        assertEquals(-1, parse(f, "000000042"), "a bare key this long would have been rendered with the prefix");
        assertEquals(42, parse(f, "00042"));
    }

    private static long parse(KeyFormat f, String key) {
        byte[] b = key.getBytes(StandardCharsets.US_ASCII);
        return f.parse(b, 0, b.length);
    }

    @Property(tries = 2000, seed = "8601")
    void renderIsDeterministicValidAndInvertible(@ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long id,
                                                 @ForAll @IntRange(min = 0, max = 250) int extra,
                                                 @ForAll("prefixes") String prefix) {
        KeyFormat f = new KeyFormat(prefix);
        int length = Math.min(250, KeyFormat.minimumLength(id) + extra);
        byte[] key = f.render(id, length);
        assertEquals(length, key.length);
        assertArrayEquals(key, f.render(id, length), "deterministic");
        assertTrue(Request.isValidKey(ByteString.copyOf(key)), "valid memcached key");
        assertEquals(id, f.parse(key, 0, key.length), "parse inverts render");
    }

    @Property(tries = 2000, seed = "9901")
    void distinctIdsGiveDistinctKeysOfOneLength(@ForAll @LongRange(min = 0, max = 1_000_000) long a,
                                                @ForAll @LongRange(min = 0, max = 1_000_000) long b,
                                                @ForAll @IntRange(min = 7, max = 12) int length) {
        KeyFormat f = new KeyFormat("key:");
        boolean same = java.util.Arrays.equals(f.render(a, length), f.render(b, length));
        assertEquals(a == b, same);
    }

    /** A key matches where it lies exactly when it is the rendering of that id and length; any changed byte breaks it. */
    @Property(tries = 2000, seed = "20261124")
    void matchesIsRenderCompared(@ForAll @LongRange(min = 0, max = 30) long a, @ForAll @LongRange(min = 0, max = 30) long b,
                                 @ForAll @IntRange(min = 4, max = 24) int lengthA, @ForAll @IntRange(min = 4, max = 24) int lengthB,
                                 @ForAll("prefixes") String prefix, @ForAll @IntRange(min = 0, max = 300) int flip) {
        KeyFormat f = new KeyFormat(prefix);
        int la = Math.max(lengthA, Math.min(250, prefix.length() + lengthA - 4));
        int lb = Math.max(lengthB, Math.min(250, prefix.length() + lengthB - 4));
        byte[] buf = new byte[lb + 3];
        f.render(b, lb, buf, 3);
        boolean same = la == lb && java.util.Arrays.equals(f.render(a, la), 0, la, buf, 3, 3 + lb);
        assertEquals(same, f.matches(a, la, buf, 3, lb), "a " + a + "/" + la + ", b " + b + "/" + lb);
        assertTrue(f.matches(b, lb, buf, 3, lb));
        buf[3 + flip % lb] ^= 1;
        assertEquals(false, f.matches(b, lb, buf, 3, lb), "byte " + flip % lb + " changed");
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<String> prefixes() {
        return net.jqwik.api.Arbitraries.of("", "k", "key:", "user", "memaslap-", "x".repeat(200));
    }
}
