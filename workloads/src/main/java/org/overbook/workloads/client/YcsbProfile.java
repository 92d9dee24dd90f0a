package org.overbook.workloads.client;

import java.util.Locale;
import java.util.random.RandomGenerator;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.WorkloadParameters;
import org.overbook.workloads.load.KeyFormat;
import org.overbook.workloads.load.Operation;
import org.overbook.workloads.load.OperationStream;
import org.overbook.workloads.load.YcsbStream;
import org.overbook.workloads.load.YcsbWorkload;

/**
 * A YCSB core workload A-F [1] ({@link YcsbStream}): {@code workload} (a), {@code records} loaded
 * (1000, YCSB's recordcount), {@code field-count} × {@code field-length} bytes a record (10 × 100),
 * {@code key-length} (23), {@code max-scan-length} (100), {@code request-distribution} (the
 * workload's own: zipfian, latest for D).
 *
 * <p>[1] Cooper et al., "Benchmarking Cloud Serving Systems with YCSB", SoCC 2010.
 */
final class YcsbProfile implements Profile {

    private final YcsbStream stream;

    private YcsbProfile(YcsbStream stream) {
        this.stream = stream;
    }

    static YcsbProfile from(WorkloadParameters p, ClientSettings client) {
        YcsbWorkload workload = YcsbWorkload.valueOf(p.choice("workload", "a", "a", "b", "c", "d", "e", "f").toUpperCase(Locale.ROOT));
        long records = p.integer("records", 1_000, 1, 1L << 40);
        int fieldCount = (int) p.integer("field-count", YcsbStream.Config.DEFAULT_FIELD_COUNT, 1, 1 << 16);
        int fieldLength = (int) p.integer("field-length", YcsbStream.Config.DEFAULT_FIELD_LENGTH, 1, client.valueSizeLimit());
        if ((long) fieldCount * fieldLength > client.valueSizeLimit()) {
            throw new ConfigurationException(p.field("field-count"), fieldCount + " × " + fieldLength
                    + " bytes a record exceeds value-size-limit (" + client.valueSizeLimit() + " bytes)");
        }
        int keyLength = (int) p.integer("key-length", YcsbStream.Config.DEFAULT_KEY_LENGTH, 1, 250);
        if (keyLength < KeyFormat.minimumLength(records - 1)) {
            throw new ConfigurationException(p.field("key-length"), keyLength + " bytes cannot name " + records + " records");
        }
        int maxScan = (int) p.integer("max-scan-length", YcsbStream.Config.DEFAULT_MAX_SCAN_LENGTH, 1, 10_000);
        String distribution = p.choice("request-distribution", workload.requestDistribution().name().toLowerCase(Locale.ROOT),
                "zipfian", "latest", "uniform");
        var config = new YcsbStream.Config(workload, records, fieldCount, fieldLength, keyLength, maxScan,
                YcsbWorkload.RequestDistribution.valueOf(distribution.toUpperCase(Locale.ROOT)), records,
                Profiles.keyFormat(p, "user"));
        return new YcsbProfile(new YcsbStream(config));
    }

    @Override
    public OperationStream stream() {
        return stream;
    }

    @Override
    public long keysToLoad() {
        return stream.config().recordCount();
    }

    @Override
    public long keyCount() {
        return stream.recordCount();
    }

    @Override
    public Operation loadOperation(long keyId, RandomGenerator random) {
        return new Operation(Operation.Kind.INSERT, keyId, stream.config().keyLength(), stream.config().recordLength(), 0);
    }
}
