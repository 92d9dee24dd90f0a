package org.overbook.workloads.client;

import java.util.List;
import org.overbook.workloads.load.KeyFormat;
import org.overbook.workloads.load.Operation;
import org.overbook.workloads.load.ValueBytes;
import org.overbook.workloads.memcached.protocol.ByteString;
import org.overbook.workloads.memcached.protocol.Request;
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
 */
final class Requests {

    private final Profile profile;
    private final KeyFormat keyFormat;
    private final Verifier verifier;
    private final int connections;
    private final int valueSizeLimit;
    private final int missFillSize;

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

    /** Returns the next request of {@code pending}, noting what its reply must hold. */
    Request next(Pending pending) {
        Operation op = pending.operation;
        if (pending.writing()) {
            return write(pending, op);
        }
        int n = 1;
        if (op.kind() == Operation.Kind.SCAN) {
            long beyond = (profile.keyCount() - 1 - op.keyId()) / connections; // keys k + i*C below the key count
            n = (int) Math.max(1, Math.min(op.scanLength(), beyond + 1));
        }
        pending.keyIds = new long[n];
        pending.keys = new ByteString[n];
        pending.expectedVersions = new long[n];
        pending.expectedLengths = new int[n];
        for (int i = 0; i < n; i++) {
            long id = op.keyId() + (long) i * connections;
            pending.keyIds[i] = id;
            pending.keys[i] = key(id, op.keyLength());
            pending.expectedVersions[i] = verifier.version(id);
            pending.expectedLengths[i] = verifier.length(id);
        }
        pending.shape = ResponseParser.Shape.RETRIEVAL;
        return new Request.Get(List.of(pending.keys), /* returnCas= */ false);
    }

    private Request write(Pending pending, Operation op) {
        long id = op.keyId();
        int wanted = op.kind() != Operation.Kind.GET ? op.valueLength()            // a set of the operation
                : verifier.length(id) > 0 ? verifier.length(id) : missFillSize;     // a fill after a miss
        int length = Math.max(1, Math.min(wanted, valueSizeLimit));
        long version = verifier.nextVersion(id, length);
        ByteString key = key(id, op.keyLength());
        pending.keyIds = new long[] {id};
        pending.keys = new ByteString[] {key};
        pending.writtenVersion = version;
        pending.shape = ResponseParser.Shape.LINE;
        return new Request.Store(StoreMode.SET, key, (int) version, /* exptime= */ 0,
                ByteString.ofFresh(ValueBytes.of(id, version, length)), /* noreply= */ false);
    }

    private ByteString key(long id, int length) {
        return ByteString.ofFresh(keyFormat.render(id, Math.max(length, KeyFormat.minimumLength(id))));
    }
}
