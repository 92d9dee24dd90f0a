package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.guest.Guest;
import org.overbook.guest.Workload;
import org.overbook.guest.WorkloadFactory;
import org.overbook.guest.WorkloadMetrics;
import org.overbook.guest.WorkloadRegistry;
import org.overbook.perf.density.DensityExperiment;
import org.overbook.perf.density.Objective;
import org.overbook.perf.report.DensityWriter;
import org.overbook.perf.report.ResultsFolder;
import org.overbook.perf.run.LocalPointExecutor;
import org.overbook.perf.run.PointCache;
import org.overbook.perf.run.PointExecutor;
import org.overbook.perf.run.RunFailure;
import org.overbook.perf.run.Runner;
import org.overbook.perf.run.SmallScenarios;
import org.overbook.perf.run.TimedResult;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

/**
 * A density search whose probe fails ends with that failure, and leaves its folder with the probes judged before it,
 * marked INCOMPLETE and naming the probe that failed, even when the pace of writes had held their write back. A probe
 * whose run fails inside the model is named as the search numbers its probes.
 */
class DensityFailedProbeTest {

    @TempDir
    Path directory;

    /** Runs every point here, but fails a point of two tenants or more as a run that failed would. */
    private static final class FailingFromTwo implements PointExecutor {

        private final LocalPointExecutor local;

        FailingFromTwo(LocalPointExecutor local) {
            this.local = local;
        }

        @Override
        public CompletableFuture<TimedResult> run(SweepPoint point, Runner.Progress progress) {
            return point.scenario().tenants().size() >= 2
                    ? CompletableFuture.failedFuture(new IllegalStateException("the probe's run failed"))
                    : local.run(point, progress);
        }

        @Override
        public int parallelism() {
            return 1;
        }

        @Override
        public String describe() {
            return "1 thread";
        }

        @Override
        public void close() {
            local.close();
        }
    }

    @Test
    void aProbeThatFailsEndsTheSearchWithTheProbesBeforeItWrittenThoughThePaceHeldThemBack() throws Exception {
        ScenarioLoader loader = ScenarioLoader.standard();
        ScenarioFile file = loader.parse(SmallScenarios.DENSITY, "density.yaml");
        DensityExperiment experiment = new DensityExperiment(file, loader.registry(), Objective.parse(List.of("p99=500us")), 1, 4);
        Path folder = directory.resolve("density");
        PacedWrites stopped = new PacedWrites(() -> 0L); // a clock that never moves: the pace allows no write
        try (PointExecutor executor = new FailingFromTwo(LocalPointExecutor.withThreads(Runner.standard(loader.registry()),
                directory.resolve("work"), 1))) {
            IllegalStateException failure = assertThrows(IllegalStateException.class, () -> DensityCommand.search(experiment,
                    new PointCache(executor, 16), 1, p -> { }, new DensityWriter(folder), stopped));
            assertEquals("the probe's run failed", failure.getMessage(), "the probe's own failure, to report");
        }
        String report = Files.readString(folder.resolve(DensityWriter.REPORT));
        assertTrue(report.startsWith("**INCOMPLETE: 1 probe judged; the probe of 2 tenants failed, which ended this density"
                + " search.**\n"), "the report names the probe that failed: " + report);
        assertEquals(2, Files.readAllLines(folder.resolve(DensityWriter.CSV)).size(), "a header and the probe of one tenant");
        assertEquals("1 probe of an unfinished density search has run; the probe of 2 tenants failed",
                ResultsFolder.read(folder.resolve(DensityWriter.PROBES), "DIR").incomplete(), "and so does show DIR/probes");
    }

    /** Memcached, but the server tenant {@code s1} throws as it starts: a search fails at its first probe of two tenants. */
    private static WorkloadRegistry failingInSecondTenant() {
        WorkloadRegistry registry = WorkloadRegistry.discover();
        WorkloadFactory memcached = registry.factory("tenants.template.workload.name", "memcached");
        return registry.register("memcached-but-s1", "memcached, whose tenant s1 throws as it starts", p -> {
            Workload server = memcached.create(p);
            return new Workload() {
                @Override
                public void start(Guest guest) {
                    if (guest.tenantName().equals("s1")) {
                        throw new IllegalStateException("s1's own bug");
                    }
                    server.start(guest);
                }

                @Override
                public void report(WorkloadMetrics metrics) {
                    server.report(metrics);
                }
            };
        });
    }

    @Test
    void aProbeWhoseRunFailsInTheModelIsNamedByItsStepWithItsTenantsAsTheTerminalNamesIt() throws Exception {
        ScenarioLoader loader = new ScenarioLoader(failingInSecondTenant());
        ScenarioFile file = loader.parse(SmallScenarios.DENSITY.replace("workload: {params: {memory-limit: 8MiB}}",
                "workload: {name: memcached-but-s1, params: {memory-limit: 8MiB}}"), "density.yaml");
        DensityExperiment experiment = new DensityExperiment(file, loader.registry(), Objective.parse(List.of("p99=500us")), 1, 4);
        List<String> probes = new java.util.ArrayList<>();
        try (PointExecutor executor = LocalPointExecutor.withThreads(Runner.standard(loader.registry()), directory.resolve("work"), 1)) {
            RunFailure failure = assertThrows(RunFailure.class, () -> DensityCommand.search(experiment, new PointCache(executor, 16),
                    1, p -> probes.add("probe " + p.step() + ": " + p.tenants()), new DensityWriter(directory.resolve("density")),
                    new PacedWrites(() -> 0L)));
            assertEquals(List.of("probe 1: 1"), probes, "one probe judged before the one that failed");
            assertTrue(failure.getMessage().startsWith("probe 2 (tenants.count=2, clients.count=2) stopped at 0 ns of virtual time: "
                    + "IllegalStateException: s1's own bug (at "), "the probe's step, as the terminal's probe lines number it, "
                    + "and its tenants, not point 0: " + failure.getMessage());
            assertEquals("s1's own bug", failure.getCause().getMessage(), "the model's exception, for OVERBOOK_DEBUG");
        }
    }
}
