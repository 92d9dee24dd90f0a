package org.overbook.perf.reproduce;

import java.util.List;

/**
 * Headline 8 (CLUSTER 2005): a tenant streaming 4 MiB RDMA writes sweeps a shared NIC TLB and evicts the
 * translations of three memcached neighbours whose few buffer pages would otherwise stay cached; static
 * per-VF partitions give each its own sets, a per-set quota caps the hog's share of every set, and the
 * neighbours hear of each replaced entry through an upcall.
 */
final class TlbSharingPreset {

    static final String NAME = "tlb-sharing";
    private static final String PARTITION = "nic.tlb.partition";
    private static final String[] NEIGHBOURS = {"s1", "s2", "s3"};

    private TlbSharingPreset() {
    }

    static Preset preset() {
        return Preset.of(NAME, "a streaming tenant monopolises a shared NIC TLB; partitions and quotas restore the others",
                "Memory management support for multi-programmed RDMA systems, CLUSTER 2005",
                "CLUSTER 2005: one tenant's registrations monopolise a shared NIC TLB; partitions or upcalls restore the "
                        + "others' hit rate",
                List.of(new Figure("neighbours' NIC TLB hit rate: static / shared", Double.NaN, Shape.above(1),
                                m -> hitRate(m, "static") / hitRate(m, "shared")),
                        new Figure("neighbours' NIC TLB hit rate: quota / shared", Double.NaN, Shape.above(1),
                                m -> hitRate(m, "quota") / hitRate(m, "shared")),
                        new Figure("neighbours' NIC TLB hit rate under static partitions", Double.NaN, Shape.atLeast(0.95),
                                m -> hitRate(m, "static")),
                        new Figure("upcalls to the neighbours under the shared TLB", Double.NaN, Shape.atLeast(1),
                                m -> m.point(PARTITION, "shared").sum("upcalls", NEIGHBOURS))));
    }

    private static double hitRate(Measurements m, String partition) {
        return m.point(PARTITION, partition).tlbHitRate(NEIGHBOURS);
    }
}
