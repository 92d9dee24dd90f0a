package org.overbook.workloads.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.overbook.workloads.testing.StatisticalAssertions.assertFollowsPmf;
import static org.overbook.workloads.testing.StatisticalAssertions.assertProportion;
import static org.overbook.workloads.testing.StatisticalAssertions.rng;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class YcsbStreamTest {

    private static final int RECORDS = 10_000;

    @ParameterizedTest
    @EnumSource(YcsbWorkload.class)
    void mixMatchesTheWorkload(YcsbWorkload workload) {
        long seed = 100 + workload.ordinal();
        YcsbStream stream = new YcsbStream(YcsbStream.Config.defaults(workload, RECORDS));
        RandomGenerator rng = rng(seed);
        int n = 100_000;
        Map<Operation.Kind, Long> counts = new EnumMap<>(Operation.Kind.class);
        for (int i = 0; i < n; i++) {
            Operation op = stream.next(rng);
            counts.merge(op.kind(), 1L, Long::sum);
            assertEquals(23, op.keyLength());
            assertEquals(op.kind().writes() ? 1000 : 0, op.valueLength(), op.toString());
            assertTrue(op.keyId() < stream.recordCount(), "chose a record not inserted yet: " + op);
        }
        assertProportion(counts.getOrDefault(Operation.Kind.GET, 0L), n, workload.readProportion(), seed, workload + " reads");
        assertProportion(counts.getOrDefault(Operation.Kind.UPDATE, 0L), n, workload.updateProportion(), seed, workload + " updates");
        assertProportion(counts.getOrDefault(Operation.Kind.INSERT, 0L), n, workload.insertProportion(), seed, workload + " inserts");
        assertProportion(counts.getOrDefault(Operation.Kind.SCAN, 0L), n, workload.scanProportion(), seed, workload + " scans");
        assertProportion(counts.getOrDefault(Operation.Kind.READ_MODIFY_WRITE, 0L), n, workload.readModifyWriteProportion(),
                seed, workload + " read-modify-writes");
        assertEquals(0, counts.getOrDefault(Operation.Kind.SET, 0L));
        assertEquals(RECORDS + counts.getOrDefault(Operation.Kind.INSERT, 0L), stream.recordCount());
    }

    @ParameterizedTest
    @EnumSource(value = YcsbWorkload.class, names = {"D", "E"})
    void insertsTakeConsecutiveNewKeys(YcsbWorkload workload) {
        // A small headroom so that workload E's zipfian space must grow during the run.
        YcsbStream.Config d = YcsbStream.Config.defaults(workload, 100);
        YcsbStream stream = new YcsbStream(new YcsbStream.Config(workload, 100, 10, 100, 23, 100,
                d.requestDistribution(), 10, d.keyFormat()));
        RandomGenerator rng = rng(110);
        long expectedNext = 100;
        for (int i = 0; i < 50_000; i++) {
            Operation op = stream.next(rng);
            if (op.kind() == Operation.Kind.INSERT) {
                assertEquals(expectedNext++, op.keyId());
            } else {
                assertTrue(op.keyId() < stream.recordCount(), op.toString());
            }
        }
        assertEquals(expectedNext, stream.recordCount());
        assertTrue(expectedNext > 100 + 2_000, "about 5% inserts (seed 110)");
    }

    @Test
    void workloadDReadsTheNewestRecords() {
        long seed = 111;
        YcsbStream stream = new YcsbStream(YcsbStream.Config.defaults(YcsbWorkload.D, 1_000));
        RandomGenerator rng = rng(seed);
        long newestReads = 0;
        long reads = 0;
        for (int i = 0; i < 50_000; i++) {
            Operation op = stream.next(rng);
            if (op.kind() == Operation.Kind.GET) {
                reads++;
                newestReads += op.keyId() == stream.recordCount() - 1 ? 1 : 0;
            }
        }
        // The newest record is zipfian rank 0 of about 3,500 records: 1/zeta(n) ≈ 11%.
        assertTrue(newestReads > 0.09 * reads && newestReads < 0.14 * reads,
                newestReads + " of " + reads + " reads hit the newest record (seed " + seed + ")");
    }

    @Test
    void workloadEScanLengthsAreUniformOneToHundred() {
        long seed = 112;
        YcsbStream stream = new YcsbStream(YcsbStream.Config.defaults(YcsbWorkload.E, RECORDS));
        RandomGenerator rng = rng(seed);
        long[] counts = new long[100];
        for (int i = 0; i < 100_000; i++) {
            Operation op = stream.next(rng);
            if (op.kind() == Operation.Kind.SCAN) {
                assertTrue(op.scanLength() >= 1 && op.scanLength() <= 100);
                counts[op.scanLength() - 1]++;
            }
        }
        double[] uniform = new double[100];
        Arrays.fill(uniform, 0.01);
        assertFollowsPmf(uniform, counts, seed, "workload E scan lengths");
    }

    @Test
    void recordSizeAndKeysAreConfigurable() {
        YcsbStream.Config d = YcsbStream.Config.defaults(YcsbWorkload.A, 50);
        YcsbStream stream = new YcsbStream(new YcsbStream.Config(YcsbWorkload.A, 50, 4, 25, 12, 100,
                YcsbWorkload.RequestDistribution.UNIFORM, 0, d.keyFormat()));
        RandomGenerator rng = rng(113);
        for (int i = 0; i < 1_000; i++) {
            Operation op = stream.next(rng);
            assertEquals(12, op.keyLength());
            assertEquals(op.kind() == Operation.Kind.UPDATE ? 100 : 0, op.valueLength());
            assertTrue(new String(stream.keyFormat().render(op.keyId(), 12), java.nio.charset.StandardCharsets.US_ASCII)
                    .startsWith("user0"));
        }
    }
}
