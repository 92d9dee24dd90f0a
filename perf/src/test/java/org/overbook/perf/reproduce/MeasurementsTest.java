package org.overbook.perf.reproduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.SmallScenarios;
import org.overbook.perf.run.TenantRow;
import org.overbook.perf.run.TimeSeries;
import org.overbook.perf.scenario.Scenario;
import org.overbook.perf.scenario.ScenarioLoader;

/** How figures read points and metrics, what a missing one gives, and how figures are spelled. */
class MeasurementsTest {

    private static final Scenario SCENARIO = ScenarioLoader.standard().parse(SmallScenarios.MEMCACHED, "test").scenario();
    private static final String POLICY = "nic.memory-policy";

    private static RunResult point(int index, String policy, long hits, long misses, double throughput) {
        List<TenantRow> rows = List.of(
                new TenantRow("s0", "server", "memcached", Map.of("nic_tlb_hits", hits, "nic_tlb_misses", misses, "pinned_bytes", 4096L)),
                new TenantRow("s1", "server", "memcached", Map.of("nic_tlb_hits", 3 * hits, "nic_tlb_misses", 0L, "pinned_bytes", 8192L)),
                new TenantRow("c0", "client", "memaslap", Map.of("workload.throughput_ops_per_s", throughput)));
        return new RunResult(index, POLICY + "=" + policy, Map.of(POLICY, policy), SCENARIO, "", 1, rows,
                Map.of("workload.throughput_ops_per_s", throughput), new TreeMap<>(),
                new TimeSeries(0, List.of(), new long[] {0}, new long[0]));
    }

    private final Measurements measurements = new Measurements(Map.of("main",
            List.of(point(0, "pin-all", 10, 30, 100.0), point(1, "on-demand", 40, 0, 190.0))));

    @Test
    void aPointIsFoundByItsSweepValueOrItsPlace() {
        assertEquals(190.0, measurements.point(POLICY, "on-demand").total("workload.throughput_ops_per_s"));
        assertEquals(100.0, measurements.point("main", 0).tenant("c0", "workload.throughput_ops_per_s"));
        assertEquals(12288.0, measurements.point(POLICY, "pin-all").servers("pinned_bytes"), "server tenants summed");
        assertEquals(40.0 / 70, measurements.point(POLICY, "pin-all").tlbHitRate("s0", "s1"), 1e-12,
                "hits over lookups of the tenants together, not a mean of their rates");
        assertEquals(List.of(190.0), measurements.points(POLICY, "on-demand").stream()
                .map(p -> p.total("workload.throughput_ops_per_s")).toList(), "every point with the value, in order");
        assertEquals(100.0, measurements.point(Map.of(POLICY, "pin-all")).total("workload.throughput_ops_per_s"));
    }

    @Test
    void whatIsMissingIsNamed() {
        var noPoint = assertThrows(Measurements.MissingMeasurement.class, () -> measurements.point(POLICY, "prefault"));
        assertTrue(noPoint.getMessage().contains("0 points with nic.memory-policy=prefault"), noPoint.getMessage());
        var noPoints = assertThrows(Measurements.MissingMeasurement.class, () -> measurements.points(POLICY, "prefault"));
        assertTrue(noPoints.getMessage().contains("no point with nic.memory-policy=prefault"), noPoints.getMessage());
        var noTenant = assertThrows(Measurements.MissingMeasurement.class,
                () -> measurements.point(POLICY, "pin-all").tenant("s9", "pinned_bytes"));
        assertTrue(noTenant.getMessage().contains("no tenant 's9'; there are [s0, s1, c0]"), noTenant.getMessage());
        var noMetric = assertThrows(Measurements.MissingMeasurement.class,
                () -> measurements.point(POLICY, "pin-all").tenant("c0", "workload.4096B.gbps"));
        assertTrue(noMetric.getMessage().contains("did its workload finish?"), noMetric.getMessage());
    }

    @Test
    void aFigureComparesTheModelWithThePaperAndItsShape() {
        Preset preset = Presets.all().iterator().next();
        Figure speedup = new Figure("on-demand / pin-all", 1.9, Shape.above(1),
                m -> m.point(POLICY, "on-demand").total("workload.throughput_ops_per_s")
                        / m.point(POLICY, "pin-all").total("workload.throughput_ops_per_s"));
        FigureResult result = FigureResult.compute(preset, speedup, List.of(measurements));
        assertEquals(1.9, result.model(), 1e-12);
        assertEquals(1.0, result.ratio(), 1e-12);
        assertTrue(result.holds());
        assertEquals(Verdict.WITHIN, result.verdict());
        assertTrue(result.interval().isEmpty(), "one replication has no interval");

        Figure missing = new Figure("no such", Double.NaN, Shape.atLeast(0), m -> m.point(POLICY, "prefault").total("x"));
        FigureResult notComputed = FigureResult.compute(preset, missing, List.of(measurements));
        assertTrue(Double.isNaN(notComputed.model()) && Double.isNaN(notComputed.ratio()));
        assertFalse(notComputed.holds(), "a figure that could not be computed never has the shape");
        assertTrue(notComputed.problem().contains("prefault"), notComputed.problem());
        assertEquals(Verdict.NOT_COMPUTED, notComputed.verdict());
    }

    @Test
    void aFigureWithAPaperValueIsJudgedTwoSidedAndOneByConstructionIsNotJudged() {
        Figure above = new Figure("x", 2, Shape.above(1), m -> 0);
        assertEquals(Verdict.WITHIN, Verdict.of(above, 1.5), "0.75x the paper is the band's lower edge");
        assertEquals(Verdict.WITHIN, Verdict.of(above, 2.5), "1.25x, the upper edge");
        assertEquals(Verdict.OUTSIDE, Verdict.of(above, 1.49), "above 1, the old one-sided shape, but under the band");
        assertEquals(Verdict.OUTSIDE, Verdict.of(above, 2.51), "over the band");
        Figure bound = new Figure("x", 1.05, Shape.below(1.05), m -> 0);
        assertEquals(Verdict.SHAPE_FAILS, Verdict.of(bound, 1.1), "in the band but past the paper's bound");
        assertEquals(Verdict.WITHIN, Verdict.of(bound, 1.0));
        assertEquals(Verdict.OUTSIDE, Verdict.of(bound, 0.5), "under the band, within the bound");
        assertEquals(Verdict.OUTSIDE_AND_SHAPE_FAILS, Verdict.of(bound, 12.2), "over the band and past the bound: both named");
        assertEquals(Verdict.OUTSIDE_AND_SHAPE_FAILS, Verdict.of(above, 0.9), "under the band and the trend the wrong way");
        Figure shape = new Figure("x", Double.NaN, Shape.atLeast(100), m -> 0);
        assertEquals(Verdict.SHAPE_HOLDS, Verdict.of(shape, 100));
        assertEquals(Verdict.SHAPE_FAILS, Verdict.of(shape, 99));
        Figure constructed = new Figure("x", 2, Shape.above(1), m -> 0, "4 / 2");
        assertEquals(Verdict.BY_CONSTRUCTION, Verdict.of(constructed, 7), "never judged, whatever its value");
        assertFalse(Verdict.BY_CONSTRUCTION.fails());
        assertTrue(Verdict.OUTSIDE.fails() && Verdict.SHAPE_FAILS.fails() && Verdict.NOT_COMPUTED.fails()
                && Verdict.OUTSIDE_AND_SHAPE_FAILS.fails());
        assertFalse(Verdict.WITHIN.fails() || Verdict.SHAPE_HOLDS.fails());
    }

    @Test
    void replicationsGiveTheFigureAsTheMeanOfItsValuesWithAnInterval() {
        Preset preset = Presets.all().iterator().next();
        double[] values = {1.8, 2.0, 2.2};
        int[] call = {0};
        Figure figure = new Figure("x", 2, Shape.above(1), m -> values[call[0]++]);
        FigureResult result = FigureResult.compute(preset, figure, List.of(measurements, measurements, measurements));
        assertEquals(2.0, result.model(), 1e-12);
        // t(0.975, 2) = 4.302653; sd = 0.2; half-width = 4.302653 * 0.2 / sqrt(3)
        assertEquals(2.0 - 4.302653 * 0.2 / Math.sqrt(3), result.interval().orElseThrow().low(), 1e-5);
        assertEquals(2.0 + 4.302653 * 0.2 / Math.sqrt(3), result.interval().orElseThrow().high(), 1e-5);
    }

    @Test
    void shapesAndNumbersAreSpelledTheSameEverywhere() {
        assertEquals(">= 0.97", Shape.atLeast(0.97).text());
        assertEquals("> 1", Shape.above(1).text());
        assertEquals("< 1.05", Shape.below(1.05).text());
        assertFalse(Shape.atLeast(0).holds(Double.NaN));
        assertEquals("0.619048", ReproduceReport.exact(13.0 / 21));
        assertEquals("10140", ReproduceReport.exact(10140.0));
        assertEquals("", ReproduceReport.exact(Double.NaN));
        assertEquals("0.619", ReproduceReport.shown(13.0 / 21));
        assertEquals("1.00", ReproduceReport.shown(1.0));
        assertEquals("10140", ReproduceReport.shown(10140.4));
        assertEquals("-", ReproduceReport.shown(Double.NaN));
    }
}
