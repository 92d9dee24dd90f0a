package org.overbook.workloads;

import org.overbook.guest.WorkloadProvider;
import org.overbook.guest.WorkloadRegistry;
import org.overbook.workloads.touch.MemoryToucher;

/** Registers the workloads that ship with Overbook. */
public final class BuiltinWorkloads implements WorkloadProvider {

    @Override
    public void registerWorkloads(WorkloadRegistry registry) {
        registry.register(MemoryToucher.NAME, "touches a working set with a hot/cold skew and checks every stamp it reads",
                MemoryToucher::new);
    }
}
