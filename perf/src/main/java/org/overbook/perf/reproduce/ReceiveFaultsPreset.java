package org.overbook.perf.reproduce;

import java.util.List;
import org.overbook.perf.run.Metrics;

/**
 * Headline 2 (ASPLOS 2017): on an Ethernet-like transport a receive that faults is either dropped (the
 * sender's retransmission timeout, 200 ms) or parked in the pinned backup ring and copied once the fault
 * is resolved (tens of microseconds). The figure is the clients' p99 latency under each.
 */
final class ReceiveFaultsPreset {

    static final String NAME = "receive-faults";

    private ReceiveFaultsPreset() {
    }

    static Preset preset() {
        return Preset.of(NAME, "Ethernet receive faults: drop + retransmit timeout vs the pinned backup ring, p99 latency",
                "Lesokhin et al., Page Fault Support for Network Controllers, ASPLOS 2017",
                "Ethernet receive faults: backup ring vs drop + RTO: orders of magnitude in tail latency",
                List.of(new Figure("client p99 latency: drop / backup-ring", Double.NaN, Shape.atLeast(100),
                        m -> p99(m, "drop") / p99(m, "backup-ring"))));
    }

    private static double p99(Measurements m, String policy) {
        return m.point("nic.receive-fault-policy", policy).total(Metrics.P99);
    }
}
