package org.overbook.workloads.load;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class ValueBytesTest {

    /** One table for every value, as a generator uses it: a value's words never depend on the one before. */
    private final ValueBytes.Words words = new ValueBytes.Words();

    @Test
    void goldenBytesAreStable() {
        // Computed by an independent implementation of the documented SplitMix64 scheme; a change to
        // the scheme would strand values written by a previous build.
        assertArrayEquals(new byte[] {17, -108, -122, -93, -10, 61, 2, 56, -124, -80, 6, 26}, ValueBytes.of(42, 7, 12));
        assertEquals(0, ValueBytes.of(1, 1, 0).length);
    }

    @Property(tries = 500, seed = "2701")
    void fillByteAtAndMismatchAgree(@ForAll long keyId, @ForAll long version, @ForAll @IntRange(min = 0, max = 3000) int length) {
        byte[] v = ValueBytes.of(keyId, version, length);
        byte[] shifted = new byte[length + 5];
        words.fill(keyId, version, length, shifted, 5);
        assertArrayEquals(v, Arrays.copyOfRange(shifted, 5, length + 5));
        for (int i = 0; i < length; i++) {
            assertEquals(v[i], ValueBytes.byteAt(keyId, version, length, i), "byte " + i);
        }
        assertEquals(-1, words.firstMismatch(keyId, version, shifted, 5, length));
        if (length > 0) {
            int flip = Math.floorMod(keyId, length);
            shifted[5 + flip] ^= 1;
            assertEquals(flip, words.firstMismatch(keyId, version, shifted, 5, length));
        }
    }

    /** Two bytes changed anywhere (in one table of words or in two): the first is the one reported. */
    @Property(tries = 500, seed = "20261124")
    void firstMismatchFindsTheFirstOfTwo(@ForAll long keyId, @ForAll @IntRange(min = 2, max = 3000) int length,
                                         @ForAll @IntRange(min = 0, max = 2999) int a, @ForAll @IntRange(min = 0, max = 2999) int b) {
        int first = Math.min(a, b) % length;
        int second = Math.max(a, b) % length;
        byte[] v = ValueBytes.of(keyId, 3, length);
        v[first] ^= (byte) 0x80;
        v[second] ^= 1;
        assertEquals(Math.min(first, second), words.firstMismatch(keyId, 3, v, 0, length));
    }

    @Test
    void keyVersionAndLengthAllChangeTheBytes() {
        byte[] base = ValueBytes.of(1, 1, 64);
        assertFalse(Arrays.equals(base, ValueBytes.of(2, 1, 64)));
        assertFalse(Arrays.equals(base, ValueBytes.of(1, 2, 64)));
        assertFalse(Arrays.equals(base, Arrays.copyOf(ValueBytes.of(1, 1, 65), 64)), "a longer value is not an extension");
        assertEquals(-1, words.firstMismatch(1, 1, base, 0, 64));
        assertTrue(words.firstMismatch(1, 1, Arrays.copyOf(ValueBytes.of(1, 1, 65), 64), 0, 64) >= 0);
    }
}
