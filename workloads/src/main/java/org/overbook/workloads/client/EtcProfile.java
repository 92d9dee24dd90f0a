package org.overbook.workloads.client;

import java.util.random.RandomGenerator;
import org.overbook.guest.WorkloadParameters;
import org.overbook.workloads.dist.FacebookEtc;
import org.overbook.workloads.load.EtcStream;
import org.overbook.workloads.load.Operation;
import org.overbook.workloads.load.OperationStream;

/**
 * Facebook's ETC pool [1] ({@link EtcStream}): {@code keys} keys (100k) of GEV-distributed lengths,
 * generalized-Pareto values (clamped to the client's {@code value-size-limit}), GET:SET 30:1, and in
 * an open loop without a {@code rate}, the fitted generalized-Pareto inter-arrival gaps.
 *
 * <p>[1] Atikoglu et al., "Workload Analysis of a Large-Scale Key-Value Store", SIGMETRICS 2012.
 */
final class EtcProfile implements Profile {

    private final EtcStream stream;

    private EtcProfile(EtcStream stream) {
        this.stream = stream;
    }

    /** Reads {@code keys}, {@code get-proportion}, {@code key-prefix}. */
    static EtcProfile from(WorkloadParameters p) {
        long keys = p.integer("keys", 100_000, 1, 1L << 40);
        double gets = p.real("get-proportion", EtcStream.Config.DEFAULT_GET_PROPORTION, 0, 1);
        return new EtcProfile(new EtcStream(new EtcStream.Config(keys, gets, Profiles.keyFormat(p, ""))));
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
        return new Operation(Operation.Kind.SET, keyId, EtcStream.keyLength(keyId), FacebookEtc.sampleValueLength(random), 0);
    }

    @Override
    public boolean hasOwnArrivals() {
        return true;
    }

    @Override
    public long nextGapNanos(RandomGenerator random) {
        return stream.nextInterArrivalNanos(random);
    }
}
