package org.overbook.perf.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.density.CurvePoint;
import org.overbook.perf.density.DensityCurve;
import org.overbook.perf.density.DensityExperiment;
import org.overbook.perf.density.Objective;
import org.overbook.perf.run.LocalPointExecutor;
import org.overbook.perf.run.Metrics;
import org.overbook.perf.run.PointCache;
import org.overbook.perf.run.PointExecutor;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.Runner;
import org.overbook.perf.run.SmallScenarios;
import org.overbook.perf.run.TimedResult;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

/**
 * {@code density.csv}'s {@code mismatches} counts every replication of a probe, as its verdict does: a probe whose
 * second replication read back values other than those written (its real run, told here to have counted 3) shows 3,
 * though its first replication counted none, and the runs the command's data-integrity verdict counts include it; its
 * total throughput is the mean of both replications'.
 */
class DensityMismatchesTest {

    @TempDir
    Path directory;

    @Test
    void aLaterReplicationsMismatchesAreCountedInTheCsvAndTheRunsTheVerdictCounts() {
        ScenarioLoader loader = ScenarioLoader.standard();
        ScenarioFile file = loader.parse("replications: 2\n" + SmallScenarios.DENSITY, "density-test");
        assertEquals(2, file.replications());
        DensityCurve curve;
        try (PointExecutor runs = new LaterReplicationMismatches(LocalPointExecutor.withThreads(Runner.standard(loader.registry()),
                directory.resolve("work"), 1), file.scenario().seed(), 3)) {
            DensityExperiment experiment = new DensityExperiment(file, loader.registry(), Objective.parse(List.of("p99=500us")), 1, 1);
            curve = experiment.run(new PointCache(runs, 64), 1, p -> { });
        }
        CurvePoint probe = curve.at(1);
        assertEquals(0, probe.timed().result().mismatches(), "the first replication, which the folder shows, counted none");
        assertEquals(1, probe.others().size(), "one other replication");
        assertFalse(probe.meets());
        assertTrue(probe.judgement().reason().endsWith(": 3 data mismatches"), probe.judgement().reason());
        assertEquals(3, probe.mismatches());

        List<String> csv = DensityWriter.csv(curve).lines().toList();
        assertEquals(2, csv.size(), "a header and the probe: " + csv);
        int column = DensityWriter.COLUMNS.indexOf("mismatches");
        assertEquals("3", csv.get(1).split(",", -1)[column], csv.get(1));
        double first = probe.timed().result().total().get(Metrics.THROUGHPUT).doubleValue();
        double second = probe.others().get(0).result().total().get(Metrics.THROUGHPUT).doubleValue();
        assertTrue(first != second, "the replications measured different throughputs: " + first);
        assertEquals(Columns.format((first + second) / 2), csv.get(1).split(",", -1)[DensityWriter.COLUMNS.indexOf("total_throughput_ops_per_s")],
                "the total throughput is the replications' mean");
        assertEquals(2, curve.results().size(), "both replications");
        assertEquals(3, curve.results().stream().mapToLong(run -> run.result().mismatches()).sum());
    }

    /** Runs points on {@code inner}; the result of every replication but the one under {@code firstSeed} counts {@code mismatches}. */
    private record LaterReplicationMismatches(PointExecutor inner, long firstSeed, long mismatches) implements PointExecutor {

        @Override
        public CompletableFuture<TimedResult> run(SweepPoint point, Runner.Progress progress) {
            return inner.run(point, progress).thenApply(timed -> timed.result().seed() == firstSeed ? timed
                    : timed.withResult(withMismatches(timed.result())));
        }

        private RunResult withMismatches(RunResult r) {
            Map<String, Number> total = new LinkedHashMap<>(r.total());
            total.put(Metrics.MISMATCHES, mismatches);
            return new RunResult(r.index(), r.label(), r.values(), r.scenario(), r.yaml(), r.events(), r.tenants(), total,
                    r.histograms(), r.timeSeries(), r.resources());
        }

        @Override
        public int parallelism() {
            return inner.parallelism();
        }

        @Override
        public String describe() {
            return inner.describe();
        }

        @Override
        public void close() {
            inner.close();
        }
    }
}
