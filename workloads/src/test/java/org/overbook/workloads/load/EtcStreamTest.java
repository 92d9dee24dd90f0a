package org.overbook.workloads.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.overbook.workloads.testing.StatisticalAssertions.assertFollowsPmf;
import static org.overbook.workloads.testing.StatisticalAssertions.assertProportion;
import static org.overbook.workloads.testing.StatisticalAssertions.rng;

import java.util.HashMap;
import java.util.Map;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

class EtcStreamTest {

    private static double keyCdf(double x) {
        double z = (x - 30.7984) / 8.20449;
        return Math.exp(-Math.pow(1 + 0.078688 * z, -1 / 0.078688));
    }

    @Test
    void mixAndSizesMatchEtc() {
        long seed = 91;
        EtcStream stream = new EtcStream(EtcStream.Config.defaults(100_000));
        RandomGenerator rng = rng(seed);
        int n = 200_000;
        long gets = 0;
        Map<Long, Integer> lengthOfKey = new HashMap<>();
        for (int i = 0; i < n; i++) {
            Operation op = stream.next(rng);
            assertTrue(op.keyId() >= 0 && op.keyId() < 100_000);
            assertTrue(op.keyLength() >= KeyFormat.minimumLength(op.keyId()) && op.keyLength() <= 250);
            Integer before = lengthOfKey.putIfAbsent(op.keyId(), op.keyLength());
            assertTrue(before == null || before == op.keyLength(), "key " + op.keyId() + " changed length");
            if (op.kind() == Operation.Kind.GET) {
                gets++;
            } else {
                assertEquals(Operation.Kind.SET, op.kind());
                assertTrue(op.valueLength() >= 1 && op.valueLength() <= 1 << 20);
            }
        }
        assertProportion(gets, n, 30.0 / 31.0, seed, "ETC GET share");
    }

    @Test
    void keyLengthsOverTheKeySpaceFollowTheGev() {
        int keys = 100_000;
        long[] counts = new long[251];
        for (long id = 0; id < keys; id++) {
            counts[EtcStream.keyLength(id)]++;
        }
        double[] p = new double[251];
        for (int len = 1; len <= 250; len++) {
            double hi = len == 250 ? 1 : keyCdf(len + 0.5);
            double lo = len == 1 ? 0 : keyCdf(len - 0.5);
            p[len] = hi - lo;
        }
        // The lengths are a fixed hash of the id, so "seed" here is the hash's salt: a fixed function.
        assertFollowsPmf(p, counts, 0, "ETC key lengths over ids 0.." + (keys - 1));
    }

    @Test
    void keyLengthsNeverHideDigits() {
        for (long id : new long[] {0, 9, 10_000_000_000L, Long.MAX_VALUE}) {
            assertTrue(EtcStream.keyLength(id) >= KeyFormat.minimumLength(id));
        }
    }

    @Test
    void popularityIsSkewed() {
        long seed = 92;
        int keys = 10_000;
        EtcStream stream = new EtcStream(EtcStream.Config.defaults(keys));
        RandomGenerator rng = rng(seed);
        long[] counts = new long[keys];
        int n = 200_000;
        for (int i = 0; i < n; i++) {
            counts[(int) stream.next(rng).keyId()]++;
        }
        long max = java.util.Arrays.stream(counts).max().orElseThrow();
        assertTrue(max > 0.03 * n, "the hottest key should carry YCSB's ~3.8%, got " + max + " of " + n + " (seed " + seed + ")");
    }

    @Test
    void interArrivalIsNonNegativeNanoseconds() {
        EtcStream stream = new EtcStream(EtcStream.Config.defaults(10));
        RandomGenerator rng = rng(93);
        for (int i = 0; i < 10_000; i++) {
            assertTrue(stream.nextInterArrivalNanos(rng) >= 0);
        }
    }
}
