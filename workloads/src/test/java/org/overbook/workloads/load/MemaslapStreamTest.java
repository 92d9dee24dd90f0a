package org.overbook.workloads.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.overbook.workloads.testing.StatisticalAssertions.assertFollowsPmf;
import static org.overbook.workloads.testing.StatisticalAssertions.assertProportion;
import static org.overbook.workloads.testing.StatisticalAssertions.rng;

import java.util.Arrays;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

class MemaslapStreamTest {

    @Test
    void defaultsAreMemaslaps() {
        long seed = 81;
        int keys = 1_000;
        MemaslapStream stream = new MemaslapStream(MemaslapStream.Config.defaults(keys));
        RandomGenerator rng = rng(seed);
        int n = 100_000;
        long gets = 0;
        long[] keyCounts = new long[keys];
        for (int i = 0; i < n; i++) {
            Operation op = stream.next(rng);
            assertEquals(64, op.keyLength());
            keyCounts[(int) op.keyId()]++;
            if (op.kind() == Operation.Kind.GET) {
                gets++;
                assertEquals(0, op.valueLength());
            } else {
                assertEquals(Operation.Kind.SET, op.kind());
                assertEquals(1024, op.valueLength());
            }
        }
        assertProportion(gets, n, 0.9, seed, "memaslap GET share");
        double[] uniform = new double[keys];
        Arrays.fill(uniform, 1.0 / keys);
        assertFollowsPmf(uniform, keyCounts, seed, "memaslap key choice");
        assertEquals(64, stream.keyFormat().render(999, 64).length);
    }

    @Test
    void valueRangeIsUniformAndInclusive() {
        long seed = 82;
        MemaslapStream stream = new MemaslapStream(MemaslapStream.Config.defaults(100).withValueLengths(100, 109));
        RandomGenerator rng = rng(seed);
        long[] counts = new long[10];
        for (int i = 0; i < 200_000; i++) {
            Operation op = stream.next(rng);
            if (op.kind() == Operation.Kind.SET) {
                assertTrue(op.valueLength() >= 100 && op.valueLength() <= 109, "value length " + op.valueLength());
                counts[op.valueLength() - 100]++;
            }
        }
        double[] uniform = new double[10];
        Arrays.fill(uniform, 0.1);
        assertFollowsPmf(uniform, counts, seed, "memaslap value range");
    }

    @Test
    void sameSeedSameStream() {
        MemaslapStream a = new MemaslapStream(MemaslapStream.Config.defaults(500));
        MemaslapStream b = new MemaslapStream(MemaslapStream.Config.defaults(500));
        RandomGenerator ra = rng(83);
        RandomGenerator rb = rng(83);
        for (int i = 0; i < 1_000; i++) {
            assertEquals(a.next(ra), b.next(rb));
        }
    }

    @Test
    void rejectsImpossibleSettings() {
        assertThrows(IllegalArgumentException.class, () -> new MemaslapStream.Config(1_000, 2, 1, 1, 0.9, new KeyFormat("")));
        assertThrows(IllegalArgumentException.class, () -> MemaslapStream.Config.defaults(10).withValueLengths(0, 10));
        assertThrows(IllegalArgumentException.class, () -> MemaslapStream.Config.defaults(10).withValueLengths(10, 9));
        assertThrows(IllegalArgumentException.class, () -> new MemaslapStream.Config(10, 64, 1, 1, 1.5, new KeyFormat("")));
    }
}
