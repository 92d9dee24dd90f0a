package org.overbook.workloads.memcached.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The word-at-a-time scan finds what a byte-by-byte scan finds, for every range and byte. */
class ByteScanTest {

    @Test
    void findsTheFirstMatchLikeAByteLoop() {
        SplittableRandom random = new SplittableRandom(7);
        byte[] alphabet = {' ', '\n', '\r', 0, 1, 0x1F, 0x21, 0x0B, 0x09, (byte) 0x80, (byte) 0xFF, (byte) 0xA0, 'a'};
        for (int round = 0; round < 2000; round++) {
            byte[] a = new byte[random.nextInt(1, 40)];
            for (int i = 0; i < a.length; i++) {
                a[i] = alphabet[random.nextInt(alphabet.length)];
            }
            int from = random.nextInt(a.length + 1);
            int to = random.nextInt(from, a.length + 1);
            for (byte b : alphabet) {
                assertEquals(naive(a, from, to, b), ByteScan.indexOf(a, from, to, b));
                byte c = alphabet[random.nextInt(alphabet.length)];
                int atB = naive(a, from, to, b);
                int atC = naive(a, from, to, c);
                int either = atB < 0 ? atC : atC < 0 ? atB : Math.min(atB, atC);
                assertEquals(either, ByteScan.indexOfEither(a, from, to, b, c));
            }
        }
    }

    private static int naive(byte[] a, int from, int to, byte b) {
        for (int i = from; i < to; i++) {
            if (a[i] == b) {
                return i;
            }
        }
        return -1;
    }
}
