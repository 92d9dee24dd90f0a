package org.overbook.hypervisor.guest;

import java.util.Arrays;
import java.util.Objects;
import org.overbook.guest.GuestMemory;
import org.overbook.guest.GuestOutOfMemoryException;
import org.overbook.guest.Units;
import org.overbook.hypervisor.memory.FaultCharges;
import org.overbook.hypervisor.memory.FaultKind;
import org.overbook.hypervisor.memory.FrameBytes;
import org.overbook.hypervisor.memory.HostMemory;
import org.overbook.hypervisor.memory.PageState;
import org.overbook.hypervisor.memory.SecondLevelTable;
import org.overbook.hypervisor.sim.Vcpu;

/**
 * A tenant's {@link GuestMemory}: guest addresses translated through the tenant's second-level table
 * to host frames, page by page. A page that is not resident faults; the stall is charged to the
 * tenant's vCPU. A read of a never-touched page returns zeros without taking a frame.
 */
public final class TenantMemory implements GuestMemory {

    private static final int PAGE_SHIFT = 12;
    private static final int OFFSET_MASK = PAGE_SIZE - 1;
    private static final int ZERO_PAGE = -2;

    private final String tenant;
    private final HostMemory host;
    private final FrameBytes bytes;
    private final SecondLevelTable table;
    private final Vcpu vcpu;
    private final FaultCharges faults;
    private final GuestPageAllocator allocator;
    private final long size;
    private long minorFaults;
    private long majorFaults;
    private long faultStallNanos;

    /** @param tenant the tenant's name, for the error that says its memory ran out */
    public TenantMemory(String tenant, HostMemory host, SecondLevelTable table, Vcpu vcpu, FaultCharges faults) {
        this.tenant = Objects.requireNonNull(tenant, "tenant");
        this.host = host;
        this.bytes = host.bytes();
        this.table = table;
        this.vcpu = vcpu;
        this.faults = faults;
        this.allocator = new GuestPageAllocator(table.pages());
        this.size = (long) table.pages() << PAGE_SHIFT;
    }

    /** Returns minor faults taken by this guest's CPU. */
    public long minorFaults() {
        return minorFaults;
    }

    /** Returns major faults taken by this guest's CPU. */
    public long majorFaults() {
        return majorFaults;
    }

    /** Returns the vCPU time spent stalled on page faults. */
    public long faultStallNanos() {
        return faultStallNanos;
    }

    /** Returns the second-level table behind this memory. */
    public SecondLevelTable table() {
        return table;
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public long allocate(long bytes) {
        if (bytes <= 0) {
            throw new IllegalArgumentException("cannot allocate " + bytes + " bytes");
        }
        long count = (bytes + OFFSET_MASK) >>> PAGE_SHIFT;
        int first = count > Integer.MAX_VALUE ? -1 : allocator.allocate((int) count);
        if (first < 0) {
            String asked = count > Integer.MAX_VALUE ? bytes + " bytes" : count + " pages (" + Units.bytes(count << PAGE_SHIFT) + ")";
            throw new GuestOutOfMemoryException(tenant, "tenant " + tenant + " ran out of guest memory: an allocation needs a "
                    + "free run of " + asked + ", and its memory of " + Units.bytes(size) + " (" + table.pages() + " pages) has "
                    + allocator.freePages() + " pages free in all");
        }
        return (long) first << PAGE_SHIFT;
    }

    @Override
    public void free(long address, long bytes) {
        if ((address & OFFSET_MASK) != 0 || bytes <= 0 || address < 0 || address > size - bytes) {
            throw new IllegalArgumentException("free(" + address + ", " + bytes + "): not an allocated range of the guest's "
                    + size + " bytes");
        }
        allocator.free((int) (address >>> PAGE_SHIFT), (int) ((bytes + OFFSET_MASK) >>> PAGE_SHIFT));
    }

    @Override
    public long freeBytes() {
        return (long) allocator.freePages() << PAGE_SHIFT;
    }

    /** Takes one free page from the guest allocator (the balloon driver's way in); -1 if none. */
    public int allocatePage() {
        return allocator.allocate(1);
    }

    /** Returns one page to the guest allocator. */
    public void freePage(int page) {
        allocator.free(page, 1);
    }

    @Override
    public byte readByte(long address) {
        check(address, 1);
        int frame = frame(address, /* write= */ false);
        return frame == ZERO_PAGE ? 0 : bytes.readByte(frame, (int) (address & OFFSET_MASK));
    }

    @Override
    public void writeByte(long address, byte value) {
        check(address, 1);
        bytes.writeByte(frame(address, /* write= */ true), (int) (address & OFFSET_MASK), value);
    }

    @Override
    public int readInt(long address) {
        check(address, Integer.BYTES);
        int offset = (int) (address & OFFSET_MASK);
        if (offset <= PAGE_SIZE - Integer.BYTES) {
            int frame = frame(address, /* write= */ false);
            return frame == ZERO_PAGE ? 0 : bytes.readInt(frame, offset);
        }
        return (int) readSpanning(address, Integer.BYTES);
    }

    @Override
    public void writeInt(long address, int value) {
        check(address, Integer.BYTES);
        int offset = (int) (address & OFFSET_MASK);
        if (offset <= PAGE_SIZE - Integer.BYTES) {
            bytes.writeInt(frame(address, /* write= */ true), offset, value);
        } else {
            writeSpanning(address, value, Integer.BYTES);
        }
    }

    @Override
    public long readLong(long address) {
        check(address, Long.BYTES);
        int offset = (int) (address & OFFSET_MASK);
        if (offset <= PAGE_SIZE - Long.BYTES) {
            int frame = frame(address, /* write= */ false);
            return frame == ZERO_PAGE ? 0 : bytes.readLong(frame, offset);
        }
        return readSpanning(address, Long.BYTES);
    }

    @Override
    public void writeLong(long address, long value) {
        check(address, Long.BYTES);
        int offset = (int) (address & OFFSET_MASK);
        if (offset <= PAGE_SIZE - Long.BYTES) {
            bytes.writeLong(frame(address, /* write= */ true), offset, value);
        } else {
            writeSpanning(address, value, Long.BYTES);
        }
    }

    @Override
    public void read(long address, byte[] destination, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, destination.length);
        check(address, length);
        long at = address;
        int done = 0;
        while (done < length) {
            int inPage = (int) (at & OFFSET_MASK);
            int chunk = Math.min(length - done, PAGE_SIZE - inPage);
            int frame = frame(at, /* write= */ false);
            if (frame == ZERO_PAGE) {
                Arrays.fill(destination, offset + done, offset + done + chunk, (byte) 0);
            } else {
                bytes.copyOut(frame, inPage, destination, offset + done, chunk);
            }
            done += chunk;
            at += chunk;
        }
    }

    @Override
    public void write(long address, byte[] source, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, source.length);
        check(address, length);
        long at = address;
        int done = 0;
        while (done < length) {
            int inPage = (int) (at & OFFSET_MASK);
            int chunk = Math.min(length - done, PAGE_SIZE - inPage);
            bytes.copyIn(source, offset + done, frame(at, /* write= */ true), inPage, chunk);
            done += chunk;
            at += chunk;
        }
    }

    @Override
    public boolean contentEquals(long address, byte[] expected, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, expected.length);
        check(address, length);
        boolean equal = true;
        long at = address;
        int done = 0;
        while (done < length) {
            int inPage = (int) (at & OFFSET_MASK);
            int chunk = Math.min(length - done, PAGE_SIZE - inPage);
            int frame = frame(at, /* write= */ false); // every page is read, as read(...) would, equal or not
            if (equal) {
                equal = frame == ZERO_PAGE ? isZero(expected, offset + done, chunk)
                        : bytes.contentEquals(frame, inPage, expected, offset + done, chunk);
            }
            done += chunk;
            at += chunk;
        }
        return equal;
    }

    @Override
    public void touch(long address, int length) {
        check(address, length);
        long at = address;
        long end = address + length;
        while (at < end) {
            frame(at, /* write= */ false);
            at = (at | OFFSET_MASK) + 1;
        }
    }

    private static boolean isZero(byte[] array, int from, int length) {
        for (int i = from; i < from + length; i++) {
            if (array[i] != 0) {
                return false;
            }
        }
        return true;
    }

    private long readSpanning(long address, int bytes) {
        long value = 0;
        for (int i = 0; i < bytes; i++) {
            value |= (readByte(address + i) & 0xffL) << (8 * i);
        }
        return value;
    }

    private void writeSpanning(long address, long value, int bytes) {
        for (int i = 0; i < bytes; i++) {
            writeByte(address + i, (byte) (value >>> (8 * i)));
        }
    }

    /** Returns the frame for an access at {@code address}, faulting if needed; ZERO_PAGE for a read of an untouched page. */
    private int frame(long address, boolean write) {
        int page = (int) (address >>> PAGE_SHIFT);
        int frame = host.frameFor(table, page, write);
        if (frame >= 0) {
            return frame;
        }
        if (!write && table.state(page) == PageState.NOT_POPULATED) {
            return ZERO_PAGE;
        }
        FaultKind kind = host.fault(table, page, write);
        if (kind != FaultKind.NONE) {
            faultStallNanos += faults.charge(vcpu, kind);
            if (kind == FaultKind.MINOR) {
                minorFaults++;
            } else {
                majorFaults++;
            }
        }
        return table.frame(page);
    }

    private void check(long address, int length) {
        if (address < 0 || length < 0 || address > size - length) {
            throw new IndexOutOfBoundsException("guest access [" + address + ", " + (address + length)
                    + ") is outside the guest's " + size + " bytes");
        }
    }
}
