package org.overbook.hypervisor.memory;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The bytes of host frames, real and off-heap: what a guest access or a DMA reads and writes once host
 * memory has given it a frame. Translation, faults and reclaim are {@link HostMemory}'s; this class only
 * moves bytes in and out of a frame, at an offset within its 4 KiB.
 */
public final class FrameBytes {

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

    /** Copies bytes of {@code source} into a frame. */
    public void copyIn(byte[] source, int sourceOffset, int frame, int offset, int length) {
        MemorySegment.copy(source, sourceOffset, frames.chunk(frame), ValueLayout.JAVA_BYTE,
                FramePool.offset(frame) + offset, length);
    }
}
