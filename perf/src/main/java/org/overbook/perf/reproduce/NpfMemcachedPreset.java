package org.overbook.perf.reproduce;

import java.util.List;
import org.overbook.perf.run.Metrics;

/**
 * Headline 1 (ASPLOS 2017): memcached tenants under overcommit with network page faults (on-demand paging)
 * against the same tenants pinned. The figure reads the points by the memory-policy axis alone, so the
 * scenario may change anything else (sizes, load generators, linked fields) without touching this class.
 */
final class NpfMemcachedPreset {

    static final String NAME = "npf-memcached";

    private NpfMemcachedPreset() {
    }

    static Preset preset() {
        return Preset.of(NAME, "memcached under 2x overcommit: on-demand paging (NPF) vs pin-all, total throughput",
                "Lesokhin et al., Page Fault Support for Network Controllers, ASPLOS 2017",
                "NPF/on-demand vs pin-all, memcached tenants under overcommit: up to 1.9x throughput",
                List.of(new Figure("total throughput: on-demand / pin-all", 1.9, Shape.above(1),
                        m -> throughput(m, "on-demand") / throughput(m, "pin-all"))));
    }

    private static double throughput(Measurements m, String policy) {
        return m.point("nic.memory-policy", policy).total(Metrics.THROUGHPUT);
    }
}
