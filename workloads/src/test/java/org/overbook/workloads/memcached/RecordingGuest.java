package org.overbook.workloads.memcached;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import org.overbook.guest.Guest;
import org.overbook.guest.GuestMemory;
import org.overbook.guest.MemoryPressureListener;
import org.overbook.guest.verbs.Verbs;

/** A tenant's guest whose memory notes every range the workload reads; everything else is the tenant's own. */
final class RecordingGuest implements Guest {

    private final Guest guest;
    private final Memory memory;
    private final List<long[]> reads = new ArrayList<>();

    RecordingGuest(Guest guest) {
        this.guest = guest;
        this.memory = new Memory(guest.memory());
    }

    /** Forgets the reads noted so far. */
    void forgetReads() {
        reads.clear();
    }

    /** Returns whether one read since {@link #forgetReads} covered {@code [address, address + length)}. */
    boolean read(long address, int length) {
        return reads.stream().anyMatch(r -> r[0] <= address && address + length <= r[0] + r[1]);
    }

    @Override
    public String tenantName() {
        return guest.tenantName();
    }

    @Override
    public GuestMemory memory() {
        return memory;
    }

    @Override
    public long now() {
        return guest.now();
    }

    @Override
    public void charge(long nanos) {
        guest.charge(nanos);
    }

    @Override
    public void schedule(long delayNanos, Runnable task) {
        guest.schedule(delayNanos, task);
    }

    @Override
    public RandomGenerator random() {
        return guest.random();
    }

    @Override
    public RandomGenerator random(String stream) {
        return guest.random(stream);
    }

    @Override
    public Verbs verbs() {
        return guest.verbs();
    }

    @Override
    public void onMemoryPressure(MemoryPressureListener listener) {
        guest.onMemoryPressure(listener);
    }

    private final class Memory implements GuestMemory {

        private final GuestMemory memory;

        Memory(GuestMemory memory) {
            this.memory = memory;
        }

        private void note(long address, int length) {
            reads.add(new long[] {address, length});
        }

        @Override
        public long size() {
            return memory.size();
        }

        @Override
        public long allocate(long bytes) {
            return memory.allocate(bytes);
        }

        @Override
        public void free(long address, long bytes) {
            memory.free(address, bytes);
        }

        @Override
        public long freeBytes() {
            return memory.freeBytes();
        }

        @Override
        public byte readByte(long address) {
            note(address, 1);
            return memory.readByte(address);
        }

        @Override
        public void writeByte(long address, byte value) {
            memory.writeByte(address, value);
        }

        @Override
        public int readInt(long address) {
            note(address, Integer.BYTES);
            return memory.readInt(address);
        }

        @Override
        public void writeInt(long address, int value) {
            memory.writeInt(address, value);
        }

        @Override
        public long readLong(long address) {
            note(address, Long.BYTES);
            return memory.readLong(address);
        }

        @Override
        public void writeLong(long address, long value) {
            memory.writeLong(address, value);
        }

        @Override
        public void read(long address, byte[] destination, int offset, int length) {
            note(address, length);
            memory.read(address, destination, offset, length);
        }

        @Override
        public void write(long address, byte[] source, int offset, int length) {
            memory.write(address, source, offset, length);
        }

        @Override
        public boolean contentEquals(long address, byte[] expected, int offset, int length) {
            note(address, length);
            return memory.contentEquals(address, expected, offset, length);
        }

        @Override
        public void touch(long address, int length) {
            note(address, length);
            memory.touch(address, length);
        }
    }
}
