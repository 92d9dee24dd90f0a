package org.overbook.nic.vf;

import org.overbook.nic.tlb.TlbEvictionListener;

/**
 * The NIC's index of the VFs that have regions registered with a translation listener (CLUSTER 2005's
 * extended registration), and the NIC TLB's eviction listener: a replaced entry of a VF that watches
 * nothing (the common case) costs a look at one array slot, not a walk through that VF's state, which
 * with many tenants is cold. A VF that watches gets its replacements as {@link Upcalls#replaced} upcalls.
 */
public final class TranslationWatches implements TlbEvictionListener {

    private final Upcalls[] watching; // by VF number; null while the VF watches no region

    /** @param vfs how many VFs the NIC has (numbered from 0) */
    public TranslationWatches(int vfs) {
        this.watching = new Upcalls[vfs];
    }

    /** The NIC TLB replaced the translation of {@code page} of {@code vf}. */
    @Override
    public void evicted(int vf, long page) {
        Upcalls upcalls = watching[vf];
        if (upcalls != null) {
            upcalls.replaced((int) page);
        }
    }

    /** VF {@code vf} has begun (non-null) or stopped (null) watching translations. */
    void watching(int vf, Upcalls upcalls) {
        watching[vf] = upcalls;
    }
}
