package org.overbook.workloads.memcached;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The resumed hash equals FNV-1a and fmix64 computed from the first byte, whatever the previous key was. */
class KeyHasherTest {

    /** FNV-1a over the bytes, then MurmurHash3's fmix64: the hash as HashIndex defined it. */
    private static long reference(byte[] key, int length) {
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < length; i++) {
            h = (h ^ (key[i] & 0xFF)) * 0x100000001b3L;
        }
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return h;
    }

    @Test
    void knownValues() {
        KeyHasher hasher = new KeyHasher();
        byte[] key = "key:00000042".getBytes(StandardCharsets.US_ASCII);
        assertEquals(reference(key, key.length), hasher.hash(key, key.length));
        assertEquals(reference(key, 0), hasher.hash(key, 0));
        assertEquals(reference(key, 4), hasher.hash(key, 4));
        assertEquals(reference(key, key.length), hasher.hash(key, key.length));
        assertEquals(reference(key, key.length), hasher.hash(key, key.length));
    }

    @Test
    void equalsTheReferenceForKeysSharingPrefixesOrNot() {
        KeyHasher hasher = new KeyHasher();
        SplittableRandom random = new SplittableRandom(14);
        byte[] key = new byte[255];
        for (int n = 0; n < 20_000; n++) {
            int length = random.nextInt(256);
            int keep = random.nextInt(length + 1);
            for (int i = keep; i < length; i++) {
                key[i] = (byte) (random.nextBoolean() ? '0' + random.nextInt(2) : random.nextInt(256));
            }
            assertEquals(reference(key, length), hasher.hash(key, length), "key " + n + " of length " + length);
        }
    }

    @Test
    void aKeyChangedInPlaceIsHashedAfresh() {
        KeyHasher hasher = new KeyHasher();
        byte[] key = "key:00000001".getBytes(StandardCharsets.US_ASCII);
        hasher.hash(key, key.length);
        key[0] = 'K';
        assertEquals(reference(key, key.length), hasher.hash(key, key.length));
        key[key.length - 1] = '9';
        assertEquals(reference(key, key.length), hasher.hash(key, key.length));
    }
}
