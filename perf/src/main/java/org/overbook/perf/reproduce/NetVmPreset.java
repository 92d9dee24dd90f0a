package org.overbook.perf.reproduce;

import java.util.List;
import java.util.regex.Pattern;
import org.overbook.perf.run.Metrics;

/**
 * Headline 4 (NetVM): RDMA write latency (ping-pong) with the destination translated on demand against
 * statically pinned, at every message size measured (the figure is the worst size), and the bandwidth of
 * streamed 4 MiB writes against the link's rate.
 *
 * <p>The latency figure is the mean over every write, none unmeasured, so that the network page faults of the
 * on-demand destination's first writes count: a p50 after a warm-up would compare two identical paths (once the
 * NIC has mapped the destination, on-demand and pinned writes do the same work) and could not fail.
 */
final class NetVmPreset {

    static final String NAME = "netvm";
    private static final String POLICY = "nic.memory-policy";
    private static final Pattern LATENCY = Pattern.compile("workload\\.\\d+B\\.mean_us");

    private NetVmPreset() {
    }

    static Preset preset() {
        return Preset.of(NAME, "RDMA writes: on-demand translation vs static pinning (latency), 4 MiB writes vs the link",
                "NetVM: a network interface with virtual memory support (Myrinet LANai-9.2 thesis)",
                "NetVM: on-demand translation adds < 5 % write latency over static pinning; large writes reach >= 97 % of link",
                List.of(new Figure("mean write latency with faults: on-demand / pinned (worst size)", 1.05, Shape.below(1.05),
                                NetVmPreset::worstLatencyRatio),
                        new Figure("4 MiB write bandwidth / link rate", 0.972, Shape.atLeast(0.97), m -> {
                            Measurements.Point onDemand = m.point(POLICY, "on-demand");
                            double linkGbps = onDemand.result().scenario().link().bitsPerSecond() / 1e9;
                            return onDemand.tenant("bw-client", "workload.4194304B.gbps") / linkGbps;
                        })));
    }

    /** Returns the largest on-demand / pinned ratio of mean write latency over the sizes both points measured. */
    private static double worstLatencyRatio(Measurements m) {
        Measurements.Point onDemand = m.point(POLICY, "on-demand");
        Measurements.Point pinned = m.point(POLICY, "pin-all");
        List<String> sizes = pinned.result().tenants().stream().filter(r -> r.name().equals("lat-client"))
                .flatMap(r -> r.metrics().keySet().stream()).filter(k -> LATENCY.matcher(k).matches()).toList();
        if (sizes.isEmpty()) {
            throw new Measurements.MissingMeasurement("netvm: lat-client measured no size (" + Metrics.WORKLOAD_PREFIX
                    + "<size>B.mean_us)");
        }
        double worst = 0;
        for (String size : sizes) {
            worst = Math.max(worst, onDemand.tenant("lat-client", size) / pinned.tenant("lat-client", size));
        }
        return worst;
    }
}
