package org.overbook.hypervisor.testing;

import java.util.random.RandomGenerator;
import org.overbook.guest.Guest;
import org.overbook.guest.GuestMemory;
import org.overbook.guest.Workload;

/**
 * A test workload: allocates {@code pages} pages and, every {@code thinkNanos}, writes a stamp to a
 * random page and checks the stamp it last wrote there, {@code steps} times. Counts mismatches.
 */
public final class PageToucher implements Workload {

    private final int pages;
    private final int steps;
    private final long thinkNanos;
    private Guest guest;
    private RandomGenerator random;
    private long base;
    private long[] lastStamp;
    private int done;
    private long mismatches;

    public PageToucher(int pages, int steps, long thinkNanos) {
        this.pages = pages;
        this.steps = steps;
        this.thinkNanos = thinkNanos;
    }

    @Override
    public void start(Guest guest) {
        this.guest = guest;
        this.random = guest.random();
        this.base = guest.memory().allocate((long) pages * GuestMemory.PAGE_SIZE);
        this.lastStamp = new long[pages];
        guest.schedule(thinkNanos, this::step);
    }

    private void step() {
        int page = random.nextInt(pages);
        int slot = random.nextInt(GuestMemory.PAGE_SIZE / Long.BYTES);
        long address = base + (long) page * GuestMemory.PAGE_SIZE + (long) slot * Long.BYTES;
        long first = base + (long) page * GuestMemory.PAGE_SIZE;
        if (guest.memory().readLong(first) != lastStamp[page]) {
            mismatches++;
        }
        long stamp = random.nextLong();
        guest.memory().writeLong(first, stamp);
        guest.memory().writeLong(address, stamp);
        lastStamp[page] = stamp;
        guest.charge(200);
        if (++done < steps) {
            guest.schedule(thinkNanos, this::step);
        }
    }

    public int stepsDone() {
        return done;
    }

    public long mismatches() {
        return mismatches;
    }
}
