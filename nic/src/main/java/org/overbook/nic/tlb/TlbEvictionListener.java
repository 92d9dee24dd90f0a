package org.overbook.nic.tlb;

/**
 * Hears, synchronously, of every valid NIC TLB entry that an insert replaced. Invalidations are not
 * replacements and are never reported. This is the hook for the CLUSTER 2005 upcalls: the NIC maps the
 * page back to its registered region and schedules the region's listener after the upcall latency.
 */
@FunctionalInterface
public interface TlbEvictionListener {

    /** A listener that ignores every replacement. */
    TlbEvictionListener NONE = (vf, page) -> {};

    /**
     * Called once per replaced entry, after the insert that replaced it has completed, so the TLB is
     * consistent if the listener calls back into it.
     *
     * @param vf   the virtual function that owned the replaced entry
     * @param page the guest page number of the replaced entry
     */
    void evicted(int vf, long page);
}
