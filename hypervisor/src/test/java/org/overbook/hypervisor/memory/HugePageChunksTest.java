package org.overbook.hypervisor.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** Chunks of host frames read as zeros, hold what is written, and on Linux sit at a 2 MiB boundary. */
class HugePageChunksTest {

    private static final long CHUNK = 2L << 20;

    @Test
    void aChunkIsZeroedWritableAndFreedWithItsArena() {
        try (Arena arena = Arena.ofShared()) {
            MemorySegment first = HugePageChunks.allocate(arena, CHUNK);
            MemorySegment second = HugePageChunks.allocate(arena, CHUNK);
            assertEquals(CHUNK, first.byteSize());
            assertEquals(-1L, first.mismatch(MemorySegment.ofArray(new byte[(int) CHUNK])), "a fresh chunk reads as zeros");
            first.set(ValueLayout.JAVA_LONG, CHUNK - 8, 0x1122334455667788L);
            second.set(ValueLayout.JAVA_LONG, 0, 42L);
            assertEquals(0x1122334455667788L, first.get(ValueLayout.JAVA_LONG, CHUNK - 8));
            assertEquals(42L, second.get(ValueLayout.JAVA_LONG, 0));
            assertEquals(0L, second.get(ValueLayout.JAVA_LONG, 8), "chunks do not overlap");
        }
    }

    @Test
    void onLinuxWithNativeAccessAChunkStartsAtAHugePageBoundary() {
        assumeTrue(System.getProperty("os.name").toLowerCase(Locale.ROOT).startsWith("linux")
                && HugePageChunks.class.getModule().isNativeAccessEnabled());
        try (Arena arena = Arena.ofShared()) {
            assertEquals(0L, HugePageChunks.allocate(arena, CHUNK).address() % CHUNK);
        }
    }
}
