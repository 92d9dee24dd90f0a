package org.overbook.hypervisor;

import org.overbook.guest.ConfigurationException;

/**
 * The guest-side costs the model charges, in nanoseconds of virtual time, each with its source. Each is
 * overridable from a scenario; the defaults are in docs/COST-MODEL.md.
 *
 * @param minorFaultNanos       a fault on a never-touched page: the host populates a zeroed frame. The
 *                              software fault path measured by NP-RDMA is 3.5–5.7 µs; the default is the middle.
 * @param balloonPagesPerSecond how fast a balloon driver inflates or deflates, in 4 KiB pages per second.
 *                              VMware's Linux driver ({@code drivers/misc/vmw_balloon.c}) works once a
 *                              second and takes at most {@code VMW_BALLOON_NOSLEEP_ALLOC_MAX} = 16384 pages
 *                              per cycle while the guest has free memory, and frees at most
 *                              {@code VMW_BALLOON_RATE_FREE_MAX} = 16384 pages per cycle; Linux's
 *                              virtio-balloon has no explicit rate (batches of 256 pages back to back). The
 *                              default is VMware's 16384 pages/s (64 MiB/s), both ways.
 */
public record CostModel(long minorFaultNanos, long balloonPagesPerSecond) {

    /** VMware's balloon rate, pages per second (see {@link #balloonPagesPerSecond()}). */
    public static final long DEFAULT_BALLOON_PAGES_PER_SECOND = 16_384;

    public CostModel {
        requireNonNegative("costs.minor-fault", minorFaultNanos);
        if (balloonPagesPerSecond <= 0) {
            throw new ConfigurationException("costs.balloon-rate", balloonPagesPerSecond
                    + " pages/s; a balloon must move at least one page a second");
        }
    }

    /** Returns the defaults docs/COST-MODEL.md sources. */
    public static CostModel defaults() {
        return new CostModel(/* minorFaultNanos= */ 4_600, /* balloonPagesPerSecond= */ DEFAULT_BALLOON_PAGES_PER_SECOND);
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
