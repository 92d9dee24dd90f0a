package org.overbook.workloads.memcached;

import java.util.Arrays;

/**
 * The hash of {@link HashIndex}'s keys: 64-bit FNV-1a over the key bytes followed by MurmurHash3's
 * {@code fmix64} finaliser, so the low bits that pick the bucket depend on every byte.
 *
 * <p>FNV-1a folds the bytes left to right, one multiply per byte, each waiting for the last: a 64-byte key is
 * 64 multiplies in a chain. Keys a load generator renders share long prefixes ({@code key:000000…} then a few
 * digits), so this hasher keeps the key it hashed last and the FNV state after each of its bytes, and
 * resumes from the state after the longest prefix the new key shares with it. The hash is the same function
 * of the bytes either way; only the host's work differs. Its arrays grow to the longest key hashed (a tenant's
 * keys are one or a few lengths), so a tenant pays ~9 bytes of heap per byte of its longest key.
 */
final class KeyHasher {

    private static final long OFFSET_BASIS = 0xcbf29ce484222325L;
    private static final long PRIME = 0x100000001b3L;

    private byte[] last = new byte[0];
    /** {@code states[i]}: the FNV state after the first {@code i} bytes of {@link #last}. */
    private long[] states = {OFFSET_BASIS};
    private int lastLength;

    /** Returns the 64-bit hash of {@code key[0, length)}. */
    long hash(byte[] key, int length) {
        if (length > last.length) {
            last = Arrays.copyOf(last, length);
            states = Arrays.copyOf(states, length + 1);
        }
        int shared = Arrays.mismatch(last, 0, lastLength, key, 0, length);
        if (shared < 0) {
            shared = length; // the key hashed last
        }
        long h = states[shared];
        for (int i = shared; i < length; i++) {
            h = (h ^ (key[i] & 0xFF)) * PRIME;
            states[i + 1] = h;
        }
        System.arraycopy(key, shared, last, shared, length - shared);
        lastLength = length;
        return finish(h);
    }

    private static long finish(long fnv) {
        long h = fnv;
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return h;
    }
}
