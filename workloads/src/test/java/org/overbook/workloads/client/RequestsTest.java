package org.overbook.workloads.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.overbook.workloads.load.KeyFormat;
import org.overbook.workloads.load.MemaslapStream;
import org.overbook.workloads.load.Operation;
import org.overbook.workloads.load.OperationStream;
import org.overbook.workloads.load.ValueBytes;
import org.overbook.workloads.memcached.protocol.ByteString;
import org.overbook.workloads.memcached.protocol.MessageBuffer;
import org.overbook.workloads.memcached.protocol.Request;
import org.overbook.workloads.memcached.protocol.RequestEncoder;
import org.overbook.workloads.memcached.protocol.ResponseParser;
import org.overbook.workloads.memcached.protocol.StoreMode;

/** Requests written in place are, byte for byte, what the protocol's encoder writes for the same request. */
class RequestsTest {

    private static final int CONNECTIONS = 3;

    /** A key space of {@code keys} ids and the given key format, nothing else. */
    private record TestProfile(long keys, KeyFormat format) implements Profile {
        @Override
        public OperationStream stream() {
            return new MemaslapStream(new MemaslapStream.Config(keys, 20, 1, 1, 0.5, format));
        }

        @Override
        public KeyFormat keyFormat() {
            return format;
        }

        @Override
        public long keysToLoad() {
            return keys;
        }

        @Override
        public Operation loadOperation(long keyId, RandomGenerator random) {
            throw new UnsupportedOperationException();
        }
    }

    @Property(tries = 300, seed = "20261124")
    void everyKindIsWhatTheEncoderWrites(@ForAll long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        KeyFormat format = new KeyFormat(random.nextBoolean() ? "key:" : "");
        long keys = 1 + random.nextInt(5_000);
        int valueLimit = 1 + random.nextInt(3_000);
        Verifier verifier = new Verifier();
        Requests requests = new Requests(new TestProfile(keys, format), verifier, CONNECTIONS, valueLimit, 100);
        MessageBuffer out = new MessageBuffer(16); // small: writing grows it
        for (int n = 0; n < 20; n++) {
            long id = random.nextLong(keys);
            int keyLength = KeyFormat.minimumLength(id) + random.nextInt(8);
            Operation op = switch (random.nextInt(4)) {
                case 0 -> new Operation(Operation.Kind.GET, id, keyLength, 0, 0);
                case 1 -> new Operation(Operation.Kind.SET, id, keyLength, 1 + random.nextInt(4_000), 0);
                case 2 -> new Operation(Operation.Kind.SCAN, id, keyLength, 0, 1 + random.nextInt(6));
                default -> new Operation(Operation.Kind.READ_MODIFY_WRITE, id, keyLength, 1 + random.nextInt(200), 0);
            };
            Pending pending = new Pending().start(op, false, 0);
            for (int phase = 0; phase < (op.kind() == Operation.Kind.READ_MODIFY_WRITE ? 2 : 1); phase++) {
                pending.phase = phase;
                long versionBefore = verifier.version(id);
                out.clear();
                requests.next(pending, out);
                byte[] expected = RequestEncoder.encode(expectedRequest(op, pending, format, keys, valueLimit, versionBefore));
                assertArrayEquals(expected, out.toByteArray(), "seed " + seed + ", " + op + " phase " + phase);
            }
        }
    }

    /** The request the operation means, built from its parts as a client without the in-place writer would. */
    private static Request expectedRequest(Operation op, Pending pending, KeyFormat format, long keys, int valueLimit, long versionBefore) {
        if (pending.writing()) {
            int length = Math.max(1, Math.min(op.valueLength(), valueLimit));
            long version = versionBefore + 1;
            assertEquals(version, pending.writtenVersion);
            assertEquals(ResponseParser.Shape.LINE, pending.shape);
            return new Request.Store(StoreMode.SET, key(format, op.keyId(), op.keyLength()), (int) version, 0,
                    ByteString.copyOf(ValueBytes.of(op.keyId(), version, length)), false);
        }
        List<ByteString> names = new ArrayList<>();
        int n = op.kind() == Operation.Kind.SCAN ? op.scanLength() : 1;
        for (int i = 0; i < n && op.keyId() + (long) i * CONNECTIONS < keys; i++) {
            names.add(key(format, op.keyId() + (long) i * CONNECTIONS, op.keyLength()));
        }
        assertEquals(names.size(), pending.keyCount);
        assertEquals(ResponseParser.Shape.RETRIEVAL, pending.shape);
        for (int i = 0; i < names.size(); i++) {
            byte[] name = names.get(i).toByteArray();
            assertTrue(format.matches(pending.keyId(i), Math.max(op.keyLength(), KeyFormat.minimumLength(pending.keyId(i))),
                    name, 0, name.length), "key " + i + " of " + op);
        }
        return new Request.Get(names, false);
    }

    private static ByteString key(KeyFormat format, long id, int length) {
        return ByteString.copyOf(format.render(id, Math.max(length, KeyFormat.minimumLength(id))));
    }
}
