package org.overbook.hypervisor.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Arrays;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

class RandomStreamsTest {

    private static long[] draw(RandomGenerator g, int n) {
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = g.nextLong();
        }
        return out;
    }

    @Test
    void aStreamDependsOnSeedAndNameOnly() {
        RandomStreams a = new RandomStreams(42);
        RandomStreams b = new RandomStreams(42);
        draw(b.stream("other"), 100); // creating and using another stream first changes nothing
        assertArrayEquals(draw(a.stream("tenant/t0"), 50), draw(b.stream("tenant/t0"), 50));
    }

    @Test
    void namesAndSeedsGiveDifferentStreams() {
        long[] base = draw(new RandomStreams(42).stream("tenant/t0"), 50);
        assertFalse(Arrays.equals(base, draw(new RandomStreams(42).stream("tenant/t1"), 50)));
        assertFalse(Arrays.equals(base, draw(new RandomStreams(43).stream("tenant/t0"), 50)));
    }

    @Test
    void theStreamIsPinnedAcrossVersions() {
        // A golden value: if the derivation changes, every published result changes with it.
        long first = new RandomStreams(1).stream("tenant/t0").nextLong();
        long again = new RandomStreams(1).provider("tenant/t0").nextLong();
        assertEquals(first, again);
        assertEquals(3761511226552000548L, first,
                "the derivation of random streams changed; results of earlier versions will not reproduce");
    }
}
