package org.overbook.perf.reproduce;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.SequencedMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.overbook.perf.run.Metrics;
import org.overbook.perf.scenario.TenantSpec;

/**
 * Headline 4 (NetVM): RDMA write latency (ping-pong) with the destination translated on demand against
 * statically pinned, at every message size measured, and the bandwidth of streamed 4 MiB writes against the
 * link's rate.
 *
 * <p>The latency figure is the mean over every write, none unmeasured, so that the network page faults of the
 * on-demand destination's first writes count: a p50 after a warm-up would compare two identical paths (once the
 * NIC has mapped the destination, on-demand and pinned writes do the same work) and could not fail. NetVM compares
 * the two approaches' write latency size by size, so the ratio is taken per size ({@link Parts}): the worst size
 * is judged against the paper's bound and every size is printed. Writes of different sizes are never merged into
 * one distribution, nor with the bandwidth stream's 4 MiB messages, which another client sends.
 */
final class NetVmPreset {

    static final String NAME = "netvm";
    private static final String POLICY = "nic.memory-policy";
    private static final Pattern LATENCY = Pattern.compile("workload\\.(\\d+)B\\.mean_us");

    private NetVmPreset() {
    }

    static Preset preset() {
        return Preset.of(NAME, "RDMA writes: on-demand translation vs static pinning (latency), 4 MiB writes vs the link",
                "NetVM: a network interface with virtual memory support (Myrinet LANai-9.2 thesis)",
                "NetVM: on-demand translation adds < 5 % write latency over static pinning; large writes reach >= 97 % of link",
                List.of(Figure.worstOf("mean write latency with faults: on-demand / pinned (worst size)", 1.05, Shape.below(1.05),
                                new Parts("by message size", NetVmPreset::latencyRatios)),
                        new Figure("4 MiB write bandwidth / link rate", 0.972, Shape.atLeast(0.97), m -> {
                            Measurements.Point onDemand = m.point(POLICY, "on-demand");
                            double linkGbps = onDemand.result().scenario().link().bitsPerSecond() / 1e9;
                            return onDemand.tenant("bw-client", "workload.4194304B.gbps") / linkGbps;
                        })));
    }

    /** Returns the on-demand / pinned ratio of mean write latency at each size the pinned point measured, smallest first. */
    private static SequencedMap<String, Double> latencyRatios(Measurements m) {
        Measurements.Point onDemand = m.point(POLICY, "on-demand");
        Measurements.Point pinned = m.point(POLICY, "pin-all");
        aloneOnTheLink(onDemand);
        aloneOnTheLink(pinned);
        List<Long> sizes = pinned.result().tenants().stream().filter(r -> r.name().equals("lat-client"))
                .flatMap(r -> r.metrics().keySet().stream()).map(LATENCY::matcher).filter(Matcher::matches)
                .map(k -> Long.parseLong(k.group(1))).sorted().toList();
        if (sizes.isEmpty()) {
            throw new Measurements.MissingMeasurement("netvm: lat-client measured no size (" + Metrics.WORKLOAD_PREFIX
                    + "<size>B.mean_us)");
        }
        SequencedMap<String, Double> ratios = new LinkedHashMap<>();
        for (long size : sizes) {
            String metric = Metrics.WORKLOAD_PREFIX + size + "B.mean_us";
            ratios.put(size(size), onDemand.tenant("lat-client", metric) / pinned.tenant("lat-client", metric));
        }
        return ratios;
    }

    /**
     * Checks that the ping-pong had the link to itself at {@code point}: it finished before the bandwidth stream
     * started, as perftest's {@code ib_write_lat} and {@code ib_write_bw} are run one after the other. Were they to
     * overlap, the stream's 4 MiB messages would queue ahead of the pings on the link and the latency ratio would
     * measure that queueing, not translation.
     */
    static void aloneOnTheLink(Measurements.Point point) {
        if (point.tenant("lat-client", Metrics.WORKLOAD_PREFIX + "finished") != 1) {
            throw new Measurements.MissingMeasurement("netvm: lat-client did not finish every size at " + point.result().label()
                    + "; raise duration");
        }
        double finishedMicros = point.tenant("lat-client", Metrics.WORKLOAD_PREFIX + "finished_at_us");
        TenantSpec stream = point.result().scenario().clients().stream().filter(c -> c.name().equals("bw-client")).findFirst()
                .orElseThrow(() -> new Measurements.MissingMeasurement("netvm: no bw-client in the scenario"));
        double streamStartMicros = stream.workload().parameters().nanos("start-delay", 10_000, 0, Long.MAX_VALUE / 4) / 1e3;
        if (finishedMicros > streamStartMicros) {
            throw new Measurements.MissingMeasurement(String.format(Locale.ROOT, "netvm: lat-client was still writing"
                    + " (until %.0f us) when bw-client's stream started (%.0f us) at %s; the latency would include the"
                    + " stream's queueing: raise bw-client's start-delay", finishedMicros, streamStartMicros, point.result().label()));
        }
    }

    /** Spells a message size as the paper's figures do: {@code 8 B}, {@code 4 KiB}, {@code 1 MiB}. */
    static String size(long bytes) {
        String[] units = {"B", "KiB", "MiB", "GiB"};
        int unit = 0;
        long value = bytes;
        while (unit < units.length - 1 && value >= 1024 && value % 1024 == 0) {
            value /= 1024;
            unit++;
        }
        return value + " " + units[unit];
    }
}
