package org.overbook.workloads.client;

import java.util.random.RandomGenerator;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.WorkloadParameters;
import org.overbook.workloads.load.KeyFormat;
import org.overbook.workloads.load.MemaslapStream;
import org.overbook.workloads.load.Operation;
import org.overbook.workloads.load.OperationStream;

/**
 * memaslap's load [1]: {@code concurrency} connections (16), each with a window of {@code window}
 * keys (10k) of {@code key-size} bytes (64), values of {@code value-size} bytes (1024), or uniform
 * between {@code value-size} and {@code value-size-max}, GET:SET 9:1 ({@code get-proportion} 0.9),
 * keys uniform over the windows.
 *
 * <p>memaslap's window is the set of keys one concurrency works on; here the key space is
 * {@code concurrency × window} ids and key {@code i} belongs to connection {@code i mod concurrency},
 * so each connection works on its own window of keys, as in memaslap. memaslap's clients block on
 * each request (one outstanding per connection), which is {@code depth: 1}.
 *
 * <p>[1] libmemcached, memaslap(1): {@code --concurrency}, {@code --win_size}, {@code --cfg_cmd}.
 */
final class MemaslapProfile implements Profile {

    static final int DEFAULT_CONCURRENCY = 16;
    static final long DEFAULT_WINDOW = 10_000;

    private final MemaslapStream stream;

    private MemaslapProfile(MemaslapStream stream) {
        this.stream = stream;
    }

    /** Reads {@code window}, {@code key-size}, {@code value-size}, {@code value-size-max}, {@code get-proportion}, {@code key-prefix}. */
    static MemaslapProfile from(WorkloadParameters p, ClientSettings client) {
        long window = p.integer("window", DEFAULT_WINDOW, 1, 1L << 40);
        int keySize = (int) p.integer("key-size", MemaslapStream.Config.DEFAULT_KEY_LENGTH, 1, 250);
        int valueSize = (int) p.bytes("value-size", MemaslapStream.Config.DEFAULT_VALUE_LENGTH, 1, client.valueSizeLimit());
        int valueSizeMax = (int) p.bytes("value-size-max", valueSize, valueSize, client.valueSizeLimit());
        double gets = p.real("get-proportion", MemaslapStream.Config.DEFAULT_GET_PROPORTION, 0, 1);
        KeyFormat format = Profiles.keyFormat(p, "key:");
        long keys = window * client.connections();
        if (keySize < KeyFormat.minimumLength(keys - 1)) {
            throw new ConfigurationException(p.field("key-size"), keySize + " bytes cannot name " + keys + " keys");
        }
        return new MemaslapProfile(new MemaslapStream(new MemaslapStream.Config(keys, keySize, valueSize, valueSizeMax, gets, format)));
    }

    @Override
    public OperationStream stream() {
        return stream;
    }

    @Override
    public long keysToLoad() {
        return stream.config().keyCount();
    }

    @Override
    public Operation loadOperation(long keyId, RandomGenerator random) {
        MemaslapStream.Config c = stream.config();
        int length = c.minValueLength() == c.maxValueLength() ? c.minValueLength()
                : random.nextInt(c.minValueLength(), c.maxValueLength() + 1);
        return new Operation(Operation.Kind.SET, keyId, c.keyLength(), length, 0);
    }
}
