package org.overbook.workloads.load;

import java.util.random.RandomGenerator;
import org.overbook.workloads.dist.FacebookEtc;
import org.overbook.workloads.dist.ScrambledZipfianGenerator;
import org.overbook.workloads.dist.UnitInterval;

/**
 * The Facebook ETC pool [1] as an operation stream: GET:SET 30:1, key sizes GEV, value sizes and
 * inter-arrival gaps generalized Pareto ({@link FacebookEtc}).
 *
 * <h2>Choices the paper leaves open</h2>
 * <ul>
 *   <li>Key popularity: the paper reports a heavy-tailed, Zipf-like popularity without a fitted
 *       exponent. Keys are chosen by YCSB's scrambled zipfian (θ = 0.99) over the key space, so hot
 *       keys are scattered over the id space rather than clustered at low ids: a server that stores
 *       keys in id order (a preload) then spreads hot items over its slab pages, as real traffic
 *       does, instead of packing them into a few.</li>
 *   <li>Key size is a property of the key, as in mutilate [2]: key {@code i}'s length is the GEV
 *       quantile at a fixed hash of {@code i} (SplitMix64 mixed, mapped into (0, 1)), rounded and
 *       clamped as {@link FacebookEtc} documents, and raised if needed to the id's digit count so
 *       that distinct ids never render to the same key. Over many keys the lengths follow the fit.</li>
 *   <li>Value size is drawn afresh for every SET, as in mutilate; a verifier records what it wrote.</li>
 *   <li>The inter-arrival gap is a separate draw ({@link #nextInterArrivalNanos(RandomGenerator)}),
 *       used by an open-loop generator and ignored by a closed-loop one.</li>
 * </ul>
 *
 * <p>[1] B. Atikoglu et al. Workload Analysis of a Large-Scale Key-Value Store. SIGMETRICS 2012.
 * [2] J. Leverich, C. Kozyrakis. Reconciling High Server Utilization and Sub-millisecond
 * Quality-of-Service. EuroSys 2014 (the mutilate load generator, its {@code KeyGenerator}).
 */
public final class EtcStream implements OperationStream {

    /** Salt of the key-length hash, so key lengths are not correlated with other uses of mix64(id). */
    private static final long KEY_LENGTH_SALT = 0x6A09E667F3BCC909L;

    /**
     * ETC settings.
     *
     * @param keyCount      the size of the key space, at least 1
     * @param getProportion fraction of operations that are GETs, the rest SETs
     * @param keyFormat     how key ids become key bytes
     */
    public record Config(long keyCount, double getProportion, KeyFormat keyFormat) {

        /** ETC's GET share: GET:SET 30:1. */
        public static final double DEFAULT_GET_PROPORTION = FacebookEtc.GETS_PER_SET / (FacebookEtc.GETS_PER_SET + 1.0);

        public Config {
            if (keyCount < 1) {
                throw new IllegalArgumentException("key count must be at least 1: " + keyCount);
            }
            if (!(getProportion >= 0 && getProportion <= 1)) {
                throw new IllegalArgumentException("GET proportion must lie in [0, 1]: " + getProportion);
            }
            if (keyFormat == null) {
                throw new IllegalArgumentException("key format is required");
            }
        }

        /** Returns ETC's mix over {@code keyCount} keys, keys rendered as bare zero-padded ids (as mutilate). */
        public static Config defaults(long keyCount) {
            return new Config(keyCount, DEFAULT_GET_PROPORTION, new KeyFormat(""));
        }
    }

    private final Config config;
    private final ScrambledZipfianGenerator keys;

    /** Creates a stream with the given settings. */
    public EtcStream(Config config) {
        this.config = config;
        this.keys = new ScrambledZipfianGenerator(config.keyCount());
    }

    @Override
    public Operation next(RandomGenerator rng) {
        boolean get = rng.nextDouble() < config.getProportion();
        long keyId = keys.next(rng);
        int keyLength = keyLength(keyId);
        if (get) {
            return new Operation(Operation.Kind.GET, keyId, keyLength, 0, 0);
        }
        return new Operation(Operation.Kind.SET, keyId, keyLength, FacebookEtc.sampleValueLength(rng), 0);
    }

    /** Returns the gap before the next request in virtual nanoseconds, for an open-loop generator. */
    public long nextInterArrivalNanos(RandomGenerator rng) {
        return FacebookEtc.sampleInterArrivalNanos(rng);
    }

    /** Returns the length of key {@code keyId}: fixed per key, GEV over keys, never below its digit count. */
    public static int keyLength(long keyId) {
        double p = UnitInterval.open(UnitInterval.mix64(keyId ^ KEY_LENGTH_SALT));
        return Math.max(FacebookEtc.keyLengthAt(p), KeyFormat.minimumLength(keyId));
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
