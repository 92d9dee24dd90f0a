package org.overbook.hypervisor.memory;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The bytes of host frames, real and off-heap: what a guest access or a DMA reads and writes once host
 * memory has given it a frame. Translation, faults and reclaim are {@link HostMemory}'s; this class only
 * moves bytes in and out of a frame, at an offset within its 4 KiB.
 */
public final class FrameBytes {

    private static final VarHandle ARRAY_LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final FramePool frames;

    FrameBytes(FramePool frames) {
        this.frames = frames;
    }

    public byte readByte(int frame, int offset) {
        return frames.chunk(frame).get(ValueLayout.JAVA_BYTE, FramePool.offset(frame) + offset);
    }

    public void writeByte(int frame, int offset, byte value) {
        frames.chunk(frame).set(ValueLayout.JAVA_BYTE, FramePool.offset(frame) + offset, value);
    }

    public int readInt(int frame, int offset) {
        return frames.chunk(frame).get(FramePool.INT, FramePool.offset(frame) + offset);
    }

    public void writeInt(int frame, int offset, int value) {
        frames.chunk(frame).set(FramePool.INT, FramePool.offset(frame) + offset, value);
    }

    public long readLong(int frame, int offset) {
        return frames.chunk(frame).get(FramePool.LONG, FramePool.offset(frame) + offset);
    }

    public void writeLong(int frame, int offset, long value) {
        frames.chunk(frame).set(FramePool.LONG, FramePool.offset(frame) + offset, value);
    }

    /** Copies bytes of a frame into {@code destination}. */
    public void copyOut(int frame, int offset, byte[] destination, int destinationOffset, int length) {
        MemorySegment.copy(frames.chunk(frame), ValueLayout.JAVA_BYTE, FramePool.offset(frame) + offset,
                destination, destinationOffset, length);
    }

    /** Returns whether {@code length} bytes of a frame equal {@code expected[expectedOffset..]}, compared in place. */
    public boolean contentEquals(int frame, int offset, byte[] expected, int expectedOffset, int length) {
        MemorySegment chunk = frames.chunk(frame);
        long base = FramePool.offset(frame) + offset;
        int i = 0;
        for (; i <= length - Long.BYTES; i += Long.BYTES) {
            if (chunk.get(FramePool.LONG, base + i) != (long) ARRAY_LONG.get(expected, expectedOffset + i)) {
                return false;
            }
        }
        for (; i < length; i++) {
            if (chunk.get(ValueLayout.JAVA_BYTE, base + i) != expected[expectedOffset + i]) {
                return false;
            }
        }
        return true;
    }

    /** Copies bytes of {@code source} into a frame. */
    public void copyIn(byte[] source, int sourceOffset, int frame, int offset, int length) {
        MemorySegment.copy(source, sourceOffset, frames.chunk(frame), ValueLayout.JAVA_BYTE,
                FramePool.offset(frame) + offset, length);
    }
}
