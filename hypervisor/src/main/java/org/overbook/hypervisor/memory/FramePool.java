package org.overbook.hypervisor.memory;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Host RAM: frames of real bytes held off-heap, and which guest page owns each frame.
 *
 * <p>Bytes live in 2 MiB chunks allocated from a shared {@link Arena} the first time one of their
 * frames is handed out, so a large host costs real memory only as far as the model uses it; on Linux a
 * chunk is a huge page where the kernel allows ({@link HugePageChunks}). Free
 * frames are kept on a stack, lowest first at the start, so frames fill chunks densely and the frame
 * a page gets depends only on the order of allocations and frees: placement is deterministic.
 */
final class FramePool implements AutoCloseable {

    static final int PAGE_SHIFT = 12;
    static final int PAGE_SIZE = 1 << PAGE_SHIFT;
    private static final int CHUNK_SHIFT = 9; // 512 frames = 2 MiB per chunk
    private static final int CHUNK_MASK = (1 << CHUNK_SHIFT) - 1;

    static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private final Arena arena = Arena.ofShared();
    private final int total;
    private final MemorySegment[] chunks;
    private final int[] freeStack;
    private int freeCount;
    private final int[] ownerTenant;
    private final int[] ownerPage;

    FramePool(int total) {
        this.total = total;
        this.chunks = new MemorySegment[(total + CHUNK_MASK) >>> CHUNK_SHIFT];
        this.freeStack = new int[total];
        for (int i = 0; i < total; i++) {
            freeStack[i] = total - 1 - i;
        }
        this.freeCount = total;
        this.ownerTenant = new int[total];
        this.ownerPage = new int[total];
        Arrays.fill(ownerTenant, -1);
        Arrays.fill(ownerPage, -1);
    }

    int total() {
        return total;
    }

    int free() {
        return freeCount;
    }

    /** Takes a free frame for (tenant, page); {@code zero} clears it. The pool must not be empty. */
    int allocate(int tenant, int page, boolean zero) {
        int frame = freeStack[--freeCount];
        MemorySegment chunk = chunks[frame >>> CHUNK_SHIFT];
        if (chunk == null) {
            chunks[frame >>> CHUNK_SHIFT] = HugePageChunks.allocate(arena, (long) PAGE_SIZE << CHUNK_SHIFT); // zeroed
        } else if (zero) {
            chunk.asSlice(offset(frame), PAGE_SIZE).fill((byte) 0);
        }
        ownerTenant[frame] = tenant;
        ownerPage[frame] = page;
        return frame;
    }

    void release(int frame) {
        ownerTenant[frame] = -1;
        ownerPage[frame] = -1;
        freeStack[freeCount++] = frame;
    }

    boolean isFree(int frame) {
        return ownerTenant[frame] < 0;
    }

    int ownerTenant(int frame) {
        return ownerTenant[frame];
    }

    int ownerPage(int frame) {
        return ownerPage[frame];
    }

    MemorySegment chunk(int frame) {
        return chunks[frame >>> CHUNK_SHIFT];
    }

    static long offset(int frame) {
        return (long) (frame & CHUNK_MASK) << PAGE_SHIFT;
    }

    /** Returns the free list's frames, for invariant checks. */
    int[] freeFrames() {
        return Arrays.copyOf(freeStack, freeCount);
    }

    @Override
    public void close() {
        arena.close();
    }
}
