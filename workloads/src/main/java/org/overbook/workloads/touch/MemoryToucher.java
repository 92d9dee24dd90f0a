package org.overbook.workloads.touch;

import java.util.random.RandomGenerator;
import org.overbook.guest.Guest;
import org.overbook.guest.GuestMemory;
import org.overbook.guest.Workload;
import org.overbook.guest.WorkloadMetrics;
import org.overbook.guest.WorkloadParameters;

/**
 * Touches a working set of pages, one access every {@code think}: with probability
 * {@code hot-probability} a page of the hot set (the first {@code hot-fraction} of the working set),
 * otherwise any page. Each access reads the page's stamp and checks it against the stamp last
 * written there; with probability {@code write-ratio} it then writes a new one. A wrong stamp is a
 * data-integrity mismatch (must stay zero however the host pages the tenant).
 *
 * <p>The hot/cold split is the classic two-level locality model (as in Denning's working-set
 * experiments): with the hot sets of all tenants inside host RAM and the cold parts outside it,
 * reclaim keeps the hot pages and faults on the cold ones.
 */
public final class MemoryToucher implements Workload {

    /** The name scenarios use. */
    public static final String NAME = "memory-toucher";

    private final long workingSetBytes;
    private final double hotFraction;
    private final double hotProbability;
    private final double writeRatio;
    private final long thinkNanos;
    private final long computeNanos;

    private Guest guest;
    private RandomGenerator random;
    private long base;
    private int pages;
    private int hotPages;
    private long[] expected;
    private long accesses;
    private long writes;
    private long mismatches;

    public MemoryToucher(WorkloadParameters parameters) {
        this.workingSetBytes = parameters.bytes("working-set", 16L << 20, GuestMemory.PAGE_SIZE, Long.MAX_VALUE);
        parameters.requireFitsGuest("working-set", workingSetBytes);
        this.hotFraction = parameters.real("hot-fraction", 0.2, 0.0, 1.0);
        this.hotProbability = parameters.real("hot-probability", 0.9, 0.0, 1.0);
        this.writeRatio = parameters.real("write-ratio", 0.3, 0.0, 1.0);
        this.thinkNanos = parameters.nanos("think", 2_000, 1, Long.MAX_VALUE);
        this.computeNanos = parameters.nanos("compute", 100, 0, Long.MAX_VALUE);
    }

    @Override
    public void start(Guest guest) {
        this.guest = guest;
        this.random = guest.random();
        if (workingSetBytes > guest.memory().size()) {
            throw new IllegalArgumentException("working-set " + workingSetBytes + " bytes exceeds the guest's "
                    + guest.memory().size() + " bytes");
        }
        this.base = guest.memory().allocate(workingSetBytes);
        this.pages = (int) ((workingSetBytes + GuestMemory.PAGE_SIZE - 1) / GuestMemory.PAGE_SIZE);
        this.hotPages = Math.max(1, (int) (pages * hotFraction));
        this.expected = new long[pages];
        guest.schedule(thinkNanos, this::touch);
    }

    private void touch() {
        int page = random.nextDouble() < hotProbability ? random.nextInt(hotPages) : random.nextInt(pages);
        long address = base + (long) page * GuestMemory.PAGE_SIZE;
        GuestMemory memory = guest.memory();
        if (memory.readLong(address) != expected[page]) {
            mismatches++;
        }
        if (random.nextDouble() < writeRatio) {
            long stamp = random.nextLong() | 1; // never zero, so a lost page (reads as zero) is caught
            memory.writeLong(address, stamp);
            expected[page] = stamp;
            writes++;
        }
        accesses++;
        guest.charge(computeNanos);
        guest.schedule(thinkNanos, this::touch);
    }

    @Override
    public void report(WorkloadMetrics metrics) {
        metrics.counter("accesses", accesses);
        metrics.counter("writes", writes);
        metrics.counter("mismatches", mismatches);
    }
}
