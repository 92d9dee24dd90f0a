package org.overbook.perf.reproduce;

import java.util.List;

/**
 * Headline 3 (Tezuka et al.'s pin-down cache, Myrinet): a writer registers each message's buffer before
 * posting it; with one buffer every lookup in the registration cache hits, with four buffers cycling
 * through a two-entry cache every lookup misses and pays the registration and pinning.
 */
final class PinDownCachePreset {

    static final String NAME = "pin-down-cache";
    private static final String BUFFERS = "tenants[0].workload.params.buffers";
    private static final String GBPS = "workload.65536B.gbps";

    private PinDownCachePreset() {
    }

    static Preset preset() {
        return Preset.of(NAME, "registration per message through a pin-down cache: all lookups missing vs all hitting",
                "Tezuka, O'Carroll, Hori, Ishikawa, Pin-down Cache, IPPS/SPDP 1998",
                "Pin-down cache: bandwidth with every lookup missing ~ 72 % of all-hit (Tezuka, Myrinet)",
                List.of(new Figure("64 KiB write bandwidth: all miss / all hit", 0.72, Shape.below(1),
                        m -> gbps(m, "4") / gbps(m, "1"))));
    }

    private static double gbps(Measurements m, String buffers) {
        return m.point(BUFFERS, buffers).tenant("writer", GBPS);
    }
}
