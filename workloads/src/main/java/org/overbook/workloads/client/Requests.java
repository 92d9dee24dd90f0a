package org.overbook.workloads.client;

import java.nio.charset.StandardCharsets;
import org.overbook.workloads.load.KeyFormat;
import org.overbook.workloads.load.Operation;
import org.overbook.workloads.load.ValueBytes;
import org.overbook.workloads.memcached.protocol.MessageBuffer;
import org.overbook.workloads.memcached.protocol.ResponseParser;
import org.overbook.workloads.memcached.protocol.StoreMode;

/**
 * Turns operations into memcached requests, and records in the {@link Pending} what verify mode will
 * expect of the reply.
 *
 * <ul>
 *   <li>GET: {@code get <key>}. SET, UPDATE, INSERT: {@code set <key> <version> 0 <length>} with
 *       {@link ValueBytes} of (key, version, length), the version in the flags; the length clamped to
 *       {@code value-size-limit}.</li>
 *   <li>READ_MODIFY_WRITE: the get, then once it is answered the set (YCSB reads before it writes).</li>
 *   <li>SCAN: one multi-key get of up to {@code scanLength} keys {@code k, k+C, k+2C, ...} below the
 *       current key count, C the number of connections: the keys a connection owns, so that a scan
 *       stays on one connection and one server (a memcached client splits a multi-get by server).</li>
 * </ul>
 * Requests are written straight into the connection's message buffer, keys rendered and values
 * generated in place: nothing is allocated per request.
 */
final class Requests {

    private static final byte[] GET = "get".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SET = StoreMode.SET.command().getBytes(StandardCharsets.US_ASCII);

    private final Profile profile;
    private final KeyFormat keyFormat;
    private final Verifier verifier;
    private final int connections;
    private final int valueSizeLimit;
    private final int missFillSize;
    /** Generates the values of sets. */
    private final ValueBytes.Words values = new ValueBytes.Words();

    Requests(Profile profile, Verifier verifier, int connections, int valueSizeLimit, int missFillSize) {
        this.missFillSize = missFillSize;
        this.profile = profile;
        this.keyFormat = profile.keyFormat();
        this.verifier = verifier;
        this.connections = connections;
        this.valueSizeLimit = valueSizeLimit;
    }

    /** Returns the connection that owns {@code keyId}. */
    int owner(long keyId) {
        return (int) (keyId % connections);
    }

    /**
     * Writes the next request of {@code pending} into {@code out} (memcached's text protocol, as
     * {@link org.overbook.workloads.memcached.protocol.RequestEncoder} writes it), noting what its reply must hold.
     */
    void next(Pending pending, MessageBuffer out) {
        if (pending.writing()) {
            write(pending, out);
            return;
        }
        int n = 1;
        if (pending.kind == Operation.Kind.SCAN) {
            long beyond = (profile.keyCount() - 1 - pending.operationKey) / connections; // keys k + i*C below the key count
            n = (int) Math.max(1, Math.min(pending.scanLength, beyond + 1));
        }
        pending.keys(n);
        out.put(GET);
        for (int i = 0; i < n; i++) {
            long id = pending.operationKey + (long) i * connections;
            int keyLength = keyLength(id, pending);
            pending.key(i, id, keyLength, verifier.version(id), verifier.length(id));
            key(out.put((byte) ' '), id, keyLength);
        }
        out.putCrlf();
        pending.shape = ResponseParser.Shape.RETRIEVAL;
    }

    /** Returns whether {@code buf[offset, offset+length)} is key {@code i} of {@code pending}'s current request. */
    boolean isKey(Pending pending, int i, byte[] buf, int offset, int length) {
        return keyFormat.matches(pending.keyId(i), pending.keyLength(i), buf, offset, length);
    }

    private void write(Pending pending, MessageBuffer out) {
        long id = pending.operationKey;
        int wanted = pending.kind != Operation.Kind.GET ? pending.valueLength       // a set of the operation
                : verifier.length(id) > 0 ? verifier.length(id) : missFillSize;     // a fill after a miss
        int length = Math.max(1, Math.min(wanted, valueSizeLimit));
        long version = verifier.nextVersion(id, length);
        pending.keys(1);
        int keyLength = keyLength(id, pending);
        pending.key(0, id, keyLength, /* version= */ 0, /* length= */ 0); // a set's reply carries no value to check
        pending.writtenVersion = version;
        pending.shape = ResponseParser.Shape.LINE;
        // set <key> <flags> <exptime> <bytes>, the version in the flags, then the data block
        key(out.put(SET).put((byte) ' '), id, keyLength).put((byte) ' ').putUnsignedDecimal(Integer.toUnsignedLong((int) version))
                .put((byte) ' ').putDecimal(/* exptime= */ 0).put((byte) ' ').putDecimal(length).putCrlf();
        int data = out.reserve(length); // before array(): reserving may move the contents to a larger array
        values.fill(id, version, length, out.array(), data);
        out.putCrlf();
    }

    /** Appends the key of {@code id}, {@code length} bytes, to {@code out}. */
    private MessageBuffer key(MessageBuffer out, long id, int length) {
        int at = out.reserve(length);
        keyFormat.render(id, length, out.array(), at);
        return out;
    }

    /** The operation's key length, longer for a scan's later key whose digits do not fit it. */
    private static int keyLength(long id, Pending pending) {
        // an operation's key length holds its own key's digits (Operation checks): counting them again is waste
        int length = pending.operationKeyLength;
        return id == pending.operationKey ? length : Math.max(length, KeyFormat.minimumLength(id));
    }
}
