package org.overbook.hypervisor;

import org.overbook.guest.ConfigurationException;

/**
 * The guest-side costs the model charges, in nanoseconds of virtual time, each with its source. Each is
 * overridable from a scenario; the defaults are in docs/COST-MODEL.md.
 *
 * @param minorFaultNanos       a guest CPU's own fault on a never-touched page: the trap, the host populating a
 *                              zeroed frame, and the return. The software fault path measured by NP-RDMA is
 *                              3.5–5.7 µs; the default is the middle.
 * @param populatePageNanos     populating a never-touched page without a trap, for a pin or for the NIC (a
 *                              network page fault's service, a prefetch): the fault handler's core (a zeroed
 *                              page, its memory-cgroup charge, reverse map and LRU), which the kernel runs from
 *                              {@code get_user_pages} and {@code hmm_range_fault} without trapping. It comes on
 *                              top of the per-page work those paths charge anyway. Hildenbrand's
 *                              {@code MADV_POPULATE_(READ|WRITE)} patch (Linux 5.14) populated 4 GiB of private
 *                              anonymous 4 KiB pages through that path in 572.6 ms for writing and 124.3 ms for
 *                              reading, which maps the shared zero page; the difference over 1,048,576 pages,
 *                              428 ns, is what taking a zeroed frame adds, and the default.
 * @param balloonPagesPerSecond how fast a balloon driver inflates or deflates, in 4 KiB pages per second.
 *                              VMware's Linux driver ({@code drivers/misc/vmw_balloon.c}) works once a
 *                              second and takes at most {@code VMW_BALLOON_NOSLEEP_ALLOC_MAX} = 16384 pages
 *                              per cycle while the guest has free memory, and frees at most
 *                              {@code VMW_BALLOON_RATE_FREE_MAX} = 16384 pages per cycle; Linux's
 *                              virtio-balloon has no explicit rate (batches of 256 pages back to back). The
 *                              default is VMware's 16384 pages/s (64 MiB/s), both ways.
 */
public record CostModel(long minorFaultNanos, long populatePageNanos, long balloonPagesPerSecond) {

    /** VMware's balloon rate, pages per second (see {@link #balloonPagesPerSecond()}). */
    public static final long DEFAULT_BALLOON_PAGES_PER_SECOND = 16_384;

    public CostModel {
        requireNonNegative("costs.minor-fault", minorFaultNanos);
        requireNonNegative("costs.populate-page", populatePageNanos);
        if (balloonPagesPerSecond <= 0) {
            throw new ConfigurationException("costs.balloon-rate", balloonPagesPerSecond
                    + " pages/s; a balloon must move at least one page a second");
        }
    }

    /** Returns the defaults docs/COST-MODEL.md sources. */
    public static CostModel defaults() {
        return new CostModel(/* minorFaultNanos= */ 4_600, /* populatePageNanos= */ 428,
                /* balloonPagesPerSecond= */ DEFAULT_BALLOON_PAGES_PER_SECOND);
    }

    /** Returns how long a balloon takes to move {@code pages} pages, rounded up to a nanosecond. */
    public long balloonNanos(long pages) {
        return Math.ceilDiv(Math.multiplyExact(pages, 1_000_000_000L), balloonPagesPerSecond);
    }

    private static void requireNonNegative(String field, long nanos) {
        if (nanos < 0) {
            throw new ConfigurationException(field, nanos + " ns is negative; a cost must be zero or more");
        }
    }
}
