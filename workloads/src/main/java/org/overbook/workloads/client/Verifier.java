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

    private long[] versions = new long[1024];
    private int[] lengths = new int[1024];
    private long[] refused = new long[1024];

    /** Returns the version a set of {@code keyId} with {@code length} bytes writes now, and remembers it. */
    long nextVersion(long keyId, int length) {
        int k = index(keyId);
        long version = versions[k] + 1;
        versions[k] = version;
        lengths[k] = length;
        return version;
    }

    /** Returns the version of the last set sent for {@code keyId}, 0 if none. */
    long version(long keyId) {
        int k = index(keyId);
        return versions[k];
    }

    /** Returns the value length of the last set sent for {@code keyId}. */
    int length(long keyId) {
        return lengths[index(keyId)];
    }

    /** The server did not store version {@code version} of {@code keyId}. */
    void refused(long keyId, long version) {
        refused[index(keyId)] = version;
    }

    /**
     * Checks a value read for {@code keyId} whose get expected {@code version} of {@code length} bytes:
     * the value is {@code src[offset, offset+dataLength)}, compared where it was received.
     */
    Check check(long keyId, long version, int length, int flags, byte[] src, int offset, int dataLength) {
        long found = Integer.toUnsignedLong(flags);
        boolean intact = ValueBytes.firstMismatch(keyId, found, src, offset, dataLength) < 0;
        if (!intact) {
            return Check.CORRUPT;
        }
        if (version == 0 || refused[index(keyId)] == version) {
            return Check.UNVERIFIED;
        }
        return found == version && dataLength == length ? Check.OK : Check.STALE;
    }

    private int index(long keyId) {
        if (keyId < 0 || keyId >= Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("key id out of the verifier's range: " + keyId);
        }
        int k = (int) keyId;
        if (k >= versions.length) {
            int size = Math.max(k + 1, versions.length * 2);
            versions = Arrays.copyOf(versions, size);
            lengths = Arrays.copyOf(lengths, size);
            refused = Arrays.copyOf(refused, size);
        }
        return k;
    }
}
