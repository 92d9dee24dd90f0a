package org.overbook.workloads.client;

import java.util.Arrays;
import org.overbook.workloads.load.ValueBytes;

/**
 * The verify mode's memory of what was written: per key id, the version and length of the last set
 * sent, and the version of the last set the server refused.
 *
 * <p>A set of key {@code k} at version {@code v} writes {@link ValueBytes#of}{@code (k, v, length)}
 * with flags {@code v}. A get records, when it is sent, the version it must find; since every
 * request for a key goes over the same connection, and a server answers a connection's requests in
 * order, the value read must be exactly that version's bytes. A value that is some version's
 * bytes, just not the expected one, is {@link Check#STALE}; bytes that are no version's at all are
 * {@link Check#CORRUPT}. Both are mismatches. When the set of the expected version was refused
 * (the server had no memory for it), only the bytes' integrity can be checked.
 *
 * <p>Another client writing the same keys (same key prefix, same server) makes values look stale:
 * give each client its own {@code key-prefix} in verify mode.
 */
final class Verifier {

    /** What a value read turned out to be. */
    enum Check { OK, STALE, CORRUPT, UNVERIFIED }

    /**
     * Per key id, two ints side by side: eight bytes, so an entry lies in one cache line and a request
     * touches one line of a table much larger than the caches (and half as large as with the refused
     * versions beside them). A version is counted in 32 bits, as the flags that carry it are, skipping 0
     * (no version).
     */
    private static final int STRIDE = 2;
    /** the version of the last set sent, 0 if none, */
    private static final int VERSION = 0;
    /** and the length of that set's value. */
    private static final int LENGTH = 1;

    private int[] keys = new int[1024 * STRIDE];
    /**
     * Per key id, the version of the last set the server refused, 0 if none; a table of its own, made at
     * the first refusal, as most runs have none.
     */
    private int[] refusedVersions = new int[0];
    /** Recomputes the values read, to compare them. */
    private final ValueBytes.Words values = new ValueBytes.Words();
    /**
     * Whether any set was refused: until one is, no entry's refused version can equal an expected one (never
     * 0), and a check need not read the table again.
     */
    private boolean anyRefused;

    /** Returns the version a set of {@code keyId} with {@code length} bytes writes now, and remembers it. */
    long nextVersion(long keyId, int length) {
        int k = index(keyId);
        int version = keys[k + VERSION] + 1;
        if (version == 0) {
            version = 1;
        }
        keys[k + VERSION] = version;
        keys[k + LENGTH] = length;
        return Integer.toUnsignedLong(version);
    }

    /** Returns the version of the last set sent for {@code keyId}, 0 if none. */
    long version(long keyId) {
        int k = index(keyId); // before reading the field: indexing may grow the table
        return Integer.toUnsignedLong(keys[k + VERSION]);
    }

    /** Returns the value length of the last set sent for {@code keyId}. */
    int length(long keyId) {
        int k = index(keyId);
        return keys[k + LENGTH];
    }

    /** The server did not store version {@code version} of {@code keyId}. */
    void refused(long keyId, long version) {
        int k = checkedKey(keyId);
        if (k >= refusedVersions.length) {
            refusedVersions = Arrays.copyOf(refusedVersions, Math.max(k + 1, refusedVersions.length * 2));
        }
        refusedVersions[k] = (int) version;
        anyRefused = true;
    }

    /**
     * Checks a value read for {@code keyId} whose get expected {@code version} of {@code length} bytes:
     * the value is {@code src[offset, offset+dataLength)}, compared where it was received.
     */
    Check check(long keyId, long version, int length, int flags, byte[] src, int offset, int dataLength) {
        long found = Integer.toUnsignedLong(flags);
        boolean intact = values.firstMismatch(keyId, found, src, offset, dataLength) < 0;
        if (!intact) {
            return Check.CORRUPT;
        }
        if (version == 0) {
            return Check.UNVERIFIED;
        }
        if (anyRefused && keyId < refusedVersions.length && Integer.toUnsignedLong(refusedVersions[(int) keyId]) == version) {
            return Check.UNVERIFIED;
        }
        return found == version && dataLength == length ? Check.OK : Check.STALE;
    }

    /** Returns where {@code keyId}'s entry starts, growing the table to hold it. */
    private int index(long keyId) {
        int k = checkedKey(keyId) * STRIDE;
        if (k >= keys.length) {
            keys = Arrays.copyOf(keys, Math.max(k + STRIDE, keys.length * 2));
        }
        return k;
    }

    /** Returns {@code keyId} as an int, after checking that the verifier's tables can hold it. */
    private static int checkedKey(long keyId) {
        if (keyId < 0 || keyId >= (Integer.MAX_VALUE - 8) / STRIDE) {
            throw new IllegalArgumentException("key id out of the verifier's range: " + keyId);
        }
        return (int) keyId;
    }
}
