package org.overbook.guest;

import java.util.Arrays;

/**
 * A tenant's memory: a flat guest address space handed out in pages by the guest kernel's allocator.
 *
 * <p>The guest sees all of its memory; whether a page is resident, swapped out or never touched is
 * the host's business. An access to a page that is not resident takes a page fault whose cost is
 * charged to the vCPU, so the same code is fast or slow depending on what the host did to it. The
 * bytes are real: what was last written to an address is what a later read returns, however often
 * the page travelled to swap and back.
 *
 * <p>Addresses are byte addresses in {@code [0, size())}. Accesses may cross page boundaries. An
 * access outside the address space throws {@link IndexOutOfBoundsException}.
 */
public interface GuestMemory {

    /** The page size of guest memory, in bytes. */
    int PAGE_SIZE = 4096;

    /** Returns the size of the guest address space in bytes. */
    long size();

    /**
     * Allocates {@code bytes} rounded up to whole pages, contiguous in the guest address space, and
     * returns the page-aligned address of the first byte. Fresh pages read as zeros.
     *
     * @throws GuestOutOfMemoryException if no free range of that many pages is left
     */
    long allocate(long bytes);

    /** Returns the pages of a range returned by {@link #allocate(long)} to the guest allocator. */
    void free(long address, long bytes);

    /** Returns how many bytes the guest allocator has not handed out. */
    long freeBytes();

    /** Reads the byte at {@code address}. */
    byte readByte(long address);

    /** Writes {@code value} at {@code address}. */
    void writeByte(long address, byte value);

    /** Reads a little-endian {@code int}. */
    int readInt(long address);

    /** Writes a little-endian {@code int}. */
    void writeInt(long address, int value);

    /** Reads a little-endian {@code long}. */
    long readLong(long address);

    /** Writes a little-endian {@code long}. */
    void writeLong(long address, long value);

    /** Copies {@code length} bytes starting at {@code address} into {@code destination[offset..]}. */
    void read(long address, byte[] destination, int offset, int length);

    /** Copies {@code source[offset..offset+length)} into guest memory starting at {@code address}. */
    void write(long address, byte[] source, int offset, int length);

    /**
     * Returns whether the {@code length} bytes at {@code address} equal {@code expected[offset..offset+length)},
     * compared where they lie, without copying them out. It is a read of the whole range: every page of it
     * is accessed, in order, with the faults and accessed bits {@link #read} would take, even after a
     * difference is found.
     */
    default boolean contentEquals(long address, byte[] expected, int offset, int length) {
        byte[] copy = new byte[length];
        read(address, copy, 0, length);
        return Arrays.equals(copy, 0, length, expected, offset, offset + length);
    }

    /**
     * Reads the {@code length} bytes at {@code address} for the access alone, copying nothing: the same
     * faults and accessed bits as {@link #read} of the range. For a guest that reads bytes it already knows
     * (a key it has just compared), so the host sees the access the guest makes.
     */
    default void touch(long address, int length) {
        read(address, new byte[length], 0, length);
    }
}
