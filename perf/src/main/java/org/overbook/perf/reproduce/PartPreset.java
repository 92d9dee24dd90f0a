package org.overbook.perf.reproduce;

import java.util.List;

/**
 * Headline 6 (PART, after the Psistakis thesis): one 4 MiB RDMA write from a buffer registered just for
 * it, timed from registration to completion: pinning its pages at registration against registering on
 * demand, with the NIC translating through the IOMMU (PART's SMMU), which walks the process's own page
 * table, so that the resident buffer needs no per-page work at all.
 */
final class PartPreset {

    static final String NAME = "part";
    private static final String TIME = "workload.4194304B.time_us";

    private PartPreset() {
    }

    static Preset preset() {
        return Preset.of(NAME, "one 4 MiB write with its registration: pin-on-register vs on-demand through the IOMMU, time",
                "PART (page-fault-aware RDMA transfers, after Psistakis, Handling of Memory Page Faults during Virtual-Address RDMA)",
                "PART: a 4 MB transfer 1.46x faster than pinning (registration cost included)",
                List.of(new Figure("4 MiB transfer time: pin-on-register / on-demand", 1.46, Shape.above(1),
                        m -> time(m, "pin-on-register") / time(m, "on-demand"))));
    }

    private static double time(Measurements m, String policy) {
        return m.point("nic.memory-policy", policy).tenant("writer", TIME);
    }
}
