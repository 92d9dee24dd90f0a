package org.overbook.nic.vf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PayloadBuffersTest {

    @Test
    void aBufferHoldsTheLengthAskedForInAPowerOfTwoSize() {
        PayloadBuffers buffers = new PayloadBuffers();
        assertEquals(0, buffers.take(0).length);
        assertEquals(64, buffers.take(1).length);
        assertEquals(64, buffers.take(64).length);
        assertEquals(128, buffers.take(65).length);
        assertEquals(2048, buffers.take(1100).length);
        assertEquals(65536, buffers.take(65536).length);
        assertEquals(65537, buffers.take(65537).length);
    }

    @Test
    void aBufferGivenBackIsTakenAgainByAMessageOfItsSizeLastInFirstOut() {
        PayloadBuffers buffers = new PayloadBuffers();
        byte[] first = buffers.take(1000);
        byte[] second = buffers.take(1000);
        assertNotSame(first, second);
        buffers.give(first);
        buffers.give(second);
        assertSame(second, buffers.take(900));
        assertSame(first, buffers.take(1024));
        assertTrue(buffers.take(1000) != first);
    }

    @Test
    void buffersOfAnotherSizeOrBeyondTheLargestAreNotMixedUp() {
        PayloadBuffers buffers = new PayloadBuffers();
        byte[] small = buffers.take(100);
        byte[] huge = buffers.take(100_000);
        buffers.give(small);
        buffers.give(huge);
        assertEquals(256, buffers.take(200).length);
        assertNotSame(huge, buffers.take(100_000));
        assertSame(small, buffers.take(128));
    }

    @Test
    void atMostAFixedNumberOfIdleBuffersIsKeptPerSize() {
        PayloadBuffers buffers = new PayloadBuffers();
        byte[][] taken = new byte[PayloadBuffers.KEPT_PER_SIZE + 10][];
        for (int i = 0; i < taken.length; i++) {
            taken[i] = buffers.take(64);
        }
        for (byte[] buffer : taken) {
            buffers.give(buffer);
        }
        for (int i = PayloadBuffers.KEPT_PER_SIZE - 1; i >= 0; i--) {
            assertSame(taken[i], buffers.take(64), "buffer " + i);
        }
        byte[] fresh = buffers.take(64);
        for (byte[] buffer : taken) {
            assertNotSame(buffer, fresh);
        }
    }
}
