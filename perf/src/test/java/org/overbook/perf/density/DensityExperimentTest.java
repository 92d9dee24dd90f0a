package org.overbook.perf.density;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.run.PointCache;
import org.overbook.perf.run.Runner;
import org.overbook.perf.run.SmallScenarios;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.ScenarioLoader;

/** A density search on a small host, run for real: its answer against every count probed one by one. */
class DensityExperimentTest {

    private static final int MAX = 5;

    @TempDir
    Path directory;

    @Test
    void theSearchFindsTheAnswerThatEveryCountProbedOneByOneConfirms() throws Exception {
        ScenarioLoader loader = ScenarioLoader.standard();
        ScenarioFile file = loader.parse(SmallScenarios.DENSITY, "density-test");
        Objective objective = Objective.parse(List.of("p99=500us"));
        DensityExperiment experiment = new DensityExperiment(file, loader.registry(), objective, 1, MAX);
        ExecutorService executor = Executors.newFixedThreadPool(2);
        try {
            PointCache cache = new PointCache(Runner.standard(loader.registry()), directory, executor, 64);
            List<CurvePoint> reported = new ArrayList<>();
            DensityCurve curve = experiment.run(cache, 1, reported::add);
            assertEquals(curve.points().size(), cache.runs(), "one thread: no speculation, one run per probe");
            assertEquals(curve.points().size(), reported.size());
            assertTrue(curve.bracket().answer().isPresent(), "some tenants fit: " + curve.answer());
            int answer = curve.bracket().answer().getAsInt();
            assertTrue(answer < MAX, "the small host cannot hold " + MAX + " tenants within 500 us: " + curve.answer());

            for (CurvePoint p : curve.points()) {
                assertEquals(p.tenants() <= answer, p.meets(), "every probe up to the answer meets it, every one above fails: "
                        + p.tenants());
                assertEquals(p.tenants(), p.clients(), "clients.count follows tenants.count");
                assertEquals(p.tenants() * 12.0 / 24.0, p.overcommit(), 1e-9, "12 MiB tenants on a 24 MiB host");
                assertEquals(p.meets(), p.judgement().worst(SloMetric.P99) <= 500_000 && p.timed().result().mismatches() == 0);
            }
            CurvePoint above = curve.at(answer + 1);
            assertNotNull(above, "answer + 1 was probed");
            assertFalse(above.meets());
            assertTrue(curve.answer().startsWith(answer + " tenants"), curve.answer());
            assertEquals(curve.points().stream().map(CurvePoint::tenants).sorted().toList(),
                    curve.points().stream().map(CurvePoint::tenants).toList(), "the curve is in order of tenants");
            for (int i = 0; i < curve.points().size(); i++) {
                assertEquals(i, curve.points().get(i).timed().result().index(), "each run is numbered by its place");
            }

            // Every count from 1 to MAX, one by one, through the same cache: the search's probes are not run again.
            long runsBefore = cache.runs();
            long unprobed = 0;
            for (int n = 1; n <= MAX; n++) {
                DensityExperiment single = new DensityExperiment(file, loader.registry(), objective, n, n);
                DensityCurve one = single.run(cache, 1, p -> { });
                unprobed += curve.at(n) == null ? 1 : 0;
                assertEquals(n <= answer, one.points().getFirst().meets(), "exhaustive probe of " + n + " agrees with the answer "
                        + answer + " under monotonicity");
                if (curve.at(n) != null) {
                    assertEquals(curve.at(n).judgement(), one.points().getFirst().judgement(), "same scenario, same result");
                }
            }
            assertEquals(runsBefore + unprobed, cache.runs(), "a probe asked twice is run once");
        } finally {
            executor.shutdownNow();
        }
    }
}
