package org.overbook.perf.reproduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.TenantRow;
import org.overbook.perf.run.TimeSeries;
import org.overbook.perf.scenario.Scenario;
import org.overbook.perf.scenario.ScenarioLoader;

/**
 * NetVM's latency figure is taken size by size, as the paper compares the two approaches: the worst size is
 * judged and every size is reported, and neither the other sizes nor the bandwidth stream's 4 MiB messages are
 * merged into it.
 */
class NetVmPresetTest {

    /** The preset's own scenario (its first point): bw-client's stream starts at 500 ms. */
    private static final Scenario SCENARIO = netvm();
    private static final String POLICY = "nic.memory-policy";

    private static Scenario netvm() {
        try (InputStream in = NetVmPreset.class.getResourceAsStream("netvm.yaml")) {
            String yaml = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return ScenarioLoader.standard().parse(yaml, "netvm").points().getFirst().scenario();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A point whose lat-client measured {@code means} (µs by size in bytes) and whose bw-client streamed 4 MiB. */
    private static RunResult point(int index, String policy, Map<Long, Double> means, double streamMicros) {
        return point(index, policy, means, streamMicros, 1, 42_000.0);
    }

    /** As {@link #point(int, String, Map, double)}, with lat-client's {@code finished} counter and the time it finished. */
    private static RunResult point(int index, String policy, Map<Long, Double> means, double streamMicros, long finished,
                                   double finishedAtMicros) {
        Map<String, Number> latency = new LinkedHashMap<>();
        latency.put("workload.finished", finished);
        latency.put("workload.finished_at_us", finishedAtMicros);
        means.forEach((size, mean) -> latency.put("workload." + size + "B.mean_us", mean));
        latency.put("latency_p99_ns", 2_500_000L);
        List<TenantRow> rows = List.of(new TenantRow("lat-client", "client", "rdma-write-latency", latency),
                new TenantRow("bw-client", "client", "rdma-write-bandwidth",
                        Map.of("workload.4194304B.message_mean_us", streamMicros, "workload.4194304B.gbps", 55.0)));
        return new RunResult(index, POLICY + "=" + policy, Map.of(POLICY, policy), SCENARIO, "", 1, rows,
                Map.of("latency_p99_ns", 5_000_000L), new TreeMap<>(), new TimeSeries(0, List.of(), new long[] {0}, new long[0]));
    }

    private static Measurements measurements() {
        // keys in the order a metrics map may hold them, not by size
        Map<Long, Double> pinned = new LinkedHashMap<>(Map.of(1_048_576L, 306.0, 4096L, 5.37, 65_536L, 14.2, 8L, 4.0));
        Map<Long, Double> onDemand = new LinkedHashMap<>(Map.of(1_048_576L, 153.0, 4096L, 5.37, 65_536L, 170.4, 8L, 7.0));
        return new Measurements(Map.of(NetVmPreset.NAME,
                List.of(point(0, "pin-all", pinned, 4800), point(1, "on-demand", onDemand, 4700))));
    }

    @Test
    void theLatencyFigureIsTheWorstSizeAndEverySizeIsReported() {
        Preset preset = NetVmPreset.preset();
        Figure latency = preset.figures().getFirst();
        FigureResult result = FigureResult.compute(preset, latency, List.of(measurements(), measurements()));
        assertEquals(12.0, result.model(), 1e-9, "64 KiB: 170.4 / 14.2, the worst size");
        assertEquals(List.of("8 B", "4 KiB", "64 KiB", "1 MiB"), List.copyOf(result.parts().keySet()), "smallest first");
        assertEquals(List.of(1.75, 1.0, 12.0, 0.5), result.parts().values().stream().map(v -> Math.round(v * 1e6) / 1e6).toList(),
                "each size on its own: the 8 B pings are not averaged with the 1 MiB ones, nor with the 4 MiB stream");
        assertEquals(Verdict.OUTSIDE_AND_SHAPE_FAILS, result.verdict());

        List<Reproduction.PresetResult> results = List.of(new Reproduction.PresetResult(preset, Map.of(), List.of(), List.of(result)));
        String note = "netvm, mean write latency with faults: on-demand / pinned (worst size): by message size: "
                + "8 B 1.75, 4 KiB 1.00, 64 KiB 12.0, 1 MiB 0.500";
        assertEquals(List.of(note), ReproduceReport.notes(results));
        assertTrue(ReproduceReport.table(results).contains("- " + note + "\n"), ReproduceReport.table(results));
    }

    @Test
    void theLatencyIsNotJudgedWhenThePingPongSharedTheLinkWithTheStream() {
        Map<Long, Double> means = Map.of(8L, 4.0, 4096L, 5.37);
        Measurements.Point alone = new Measurements.Point(NetVmPreset.NAME, point(0, "pin-all", means, 4800, 1, 499_999.0));
        NetVmPreset.aloneOnTheLink(alone); // finished before the stream's 500 ms start-delay

        Measurements.Point overlapping = new Measurements.Point(NetVmPreset.NAME, point(0, "pin-all", means, 4800, 1, 500_001.0));
        Measurements.MissingMeasurement late = assertThrows(Measurements.MissingMeasurement.class,
                () -> NetVmPreset.aloneOnTheLink(overlapping));
        assertTrue(late.getMessage().contains("lat-client was still writing (until 500001 us) when bw-client's stream"
                + " started (500000 us)"), late.getMessage());

        Measurements.Point unfinished = new Measurements.Point(NetVmPreset.NAME, point(0, "pin-all", means, 4800, 0, 0));
        Measurements.MissingMeasurement cut = assertThrows(Measurements.MissingMeasurement.class,
                () -> NetVmPreset.aloneOnTheLink(unfinished));
        assertTrue(cut.getMessage().contains("lat-client did not finish every size"), cut.getMessage());
    }

    @Test
    void sizesAreSpelledAsThePaperDoes() {
        assertEquals("8 B", NetVmPreset.size(8));
        assertEquals("4 KiB", NetVmPreset.size(4096));
        assertEquals("1 MiB", NetVmPreset.size(1 << 20));
        assertEquals("1536 B", NetVmPreset.size(1536));
    }
}
