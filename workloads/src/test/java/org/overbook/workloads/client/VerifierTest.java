package org.overbook.workloads.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.overbook.workloads.load.ValueBytes;

/** The verifier's memory per key: any key id, first touched by a read, a write or a refusal, far beyond its first table. */
class VerifierTest {

    @Test
    void keysNeverWrittenReadAsVersionZeroWhereverTheyLie() {
        Verifier verifier = new Verifier();
        assertEquals(0, verifier.version(50_000), "a read is the first touch of a far key (a run without a load phase)");
        assertEquals(0, verifier.length(90_000));
        verifier.refused(200_000, 3);
        assertEquals(0, verifier.version(200_000));
    }

    @Test
    void checksWhatWasWrittenAndWhatWasRefused() {
        Verifier verifier = new Verifier();
        long version = verifier.nextVersion(123_456, 10);
        assertEquals(1, version);
        assertEquals(10, verifier.length(123_456));
        byte[] value = ValueBytes.of(123_456, version, 10);
        assertEquals(Verifier.Check.OK, verifier.check(123_456, version, 10, (int) version, value, 0, 10));
        assertEquals(Verifier.Check.STALE, verifier.check(123_456, 2, 10, (int) version, value, 0, 10));
        value[4] ^= 1;
        assertEquals(Verifier.Check.CORRUPT, verifier.check(123_456, version, 10, (int) version, value, 0, 10));
        byte[] second = ValueBytes.of(300_000, 1, 5);
        assertEquals(Verifier.Check.UNVERIFIED, verifier.check(300_000, 0, 0, 1, second, 0, 5), "nothing expected");
        verifier.refused(300_000, 1);
        assertEquals(Verifier.Check.UNVERIFIED, verifier.check(300_000, 1, 5, 1, second, 0, 5), "the expected set was refused");
    }
}
