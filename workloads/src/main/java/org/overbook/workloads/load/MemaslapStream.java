package org.overbook.workloads.load;

import java.util.random.RandomGenerator;
import org.overbook.workloads.dist.UniformGenerator;

/**
 * memaslap's default load [1]: fixed-size keys (64 B), values of a fixed size (1024 B) or uniform
 * over a range, GET:SET 9:1, keys chosen uniformly from a fixed key space.
 *
 * <p>memaslap draws random key strings; here key {@code i} is rendered from its id by
 * {@link KeyFormat} so a verifier can tell which key a reply belongs to. Concurrency and the
 * per-connection window are the load generator's business, not the stream's.
 *
 * <p>[1] libmemcached, memaslap(1): {@code --cfg_cmd}, key 64 B, value 1024 B, set proportion 0.1.
 */
public final class MemaslapStream implements OperationStream {

    /**
     * memaslap settings.
     *
     * @param keyCount       the size of the key space
     * @param keyLength      bytes per key; at least the digits of {@code keyCount - 1}, at most 250
     * @param minValueLength smallest value in bytes, at least 1
     * @param maxValueLength largest value in bytes; equal to the minimum for a fixed size
     * @param getProportion  fraction of operations that are GETs, the rest SETs
     * @param keyFormat      how key ids become key bytes
     */
    public record Config(long keyCount, int keyLength, int minValueLength, int maxValueLength,
                         double getProportion, KeyFormat keyFormat) {

        /** memaslap's default key length. */
        public static final int DEFAULT_KEY_LENGTH = 64;
        /** memaslap's default value length. */
        public static final int DEFAULT_VALUE_LENGTH = 1024;
        /** memaslap's default GET share: GET:SET 9:1. */
        public static final double DEFAULT_GET_PROPORTION = 0.9;

        public Config {
            if (keyCount < 1 || keyLength < KeyFormat.minimumLength(keyCount - 1) || keyLength > 250) {
                throw new IllegalArgumentException("key count " + keyCount + " does not fit keys of " + keyLength + " bytes");
            }
            if (minValueLength < 1 || maxValueLength < minValueLength) {
                throw new IllegalArgumentException("value lengths must satisfy 1 <= min <= max: " + minValueLength + ", " + maxValueLength);
            }
            if (!(getProportion >= 0 && getProportion <= 1)) {
                throw new IllegalArgumentException("GET proportion must lie in [0, 1]: " + getProportion);
            }
            if (keyFormat == null) {
                throw new IllegalArgumentException("key format is required");
            }
        }

        /** Returns memaslap's defaults over {@code keyCount} keys: 64 B keys, 1024 B values, GET:SET 9:1. */
        public static Config defaults(long keyCount) {
            return new Config(keyCount, DEFAULT_KEY_LENGTH, DEFAULT_VALUE_LENGTH, DEFAULT_VALUE_LENGTH,
                    DEFAULT_GET_PROPORTION, new KeyFormat("key:"));
        }

        /** Returns these settings with values uniform over {@code [min, max]} bytes. */
        public Config withValueLengths(int min, int max) {
            return new Config(keyCount, keyLength, min, max, getProportion, keyFormat);
        }
    }

    private final Config config;
    private final UniformGenerator keys;

    /** Creates a stream with the given settings. */
    public MemaslapStream(Config config) {
        this.config = config;
        this.keys = new UniformGenerator(config.keyCount());
    }

    @Override
    public Operation next(RandomGenerator rng) {
        boolean get = rng.nextDouble() < config.getProportion();
        long keyId = keys.next(rng);
        if (get) {
            return new Operation(Operation.Kind.GET, keyId, config.keyLength(), 0, 0);
        }
        int valueLength = config.minValueLength() == config.maxValueLength()
                ? config.minValueLength()
                : rng.nextInt(config.minValueLength(), config.maxValueLength() + 1);
        return new Operation(Operation.Kind.SET, keyId, config.keyLength(), valueLength, 0);
    }

    @Override
    public KeyFormat keyFormat() {
        return config.keyFormat();
    }

    /** Returns the settings. */
    public Config config() {
        return config;
    }
}
