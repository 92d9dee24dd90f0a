package org.overbook.hypervisor;

import org.overbook.guest.ConfigurationException;
import org.overbook.hypervisor.memory.FaultKind;

/**
 * Every cost the model charges, in nanoseconds of virtual time, each with its source. Each is
 * overridable from a scenario; the defaults are DESIGN.md's "Cost model defaults".
 *
 * @param minorFaultNanos a fault on a never-touched page: the host populates a zeroed frame. The
 *                        software fault path measured by NP-RDMA is 3.5–5.7 µs; the default is the middle.
 * @param majorFaultNanos a fault on a swapped-out page: an SSD-class swap-in (NP-RDMA: 60 µs; a disk
 *                        is milliseconds).
 */
public record CostModel(long minorFaultNanos, long majorFaultNanos) {

    public CostModel {
        requireNonNegative("costs.minor-fault", minorFaultNanos);
        requireNonNegative("costs.major-fault", majorFaultNanos);
    }

    /** Returns DESIGN.md's defaults. */
    public static CostModel defaults() {
        return new CostModel(/* minorFaultNanos= */ 4_600, /* majorFaultNanos= */ 60_000);
    }

    /** Returns the stall a CPU access takes for a fault of this kind. */
    public long faultNanos(FaultKind kind) {
        return switch (kind) {
            case NONE -> 0;
            case MINOR -> minorFaultNanos;
            case MAJOR -> majorFaultNanos;
        };
    }

    private static void requireNonNegative(String field, long nanos) {
        if (nanos < 0) {
            throw new ConfigurationException(field, nanos + " ns is negative; a cost must be zero or more");
        }
    }
}
