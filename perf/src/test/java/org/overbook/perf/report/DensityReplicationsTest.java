package org.overbook.perf.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.density.CurvePoint;
import org.overbook.perf.density.DensityCurve;
import org.overbook.perf.density.DensityExperiment;
import org.overbook.perf.density.Objective;
import org.overbook.perf.run.PointCache;
import org.overbook.perf.run.Runner;
import org.overbook.perf.run.SmallScenarios;
import org.overbook.perf.run.TimedResult;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.ScenarioLoader;

/**
 * The {@code probes/} folder of a replicated density search holds every replication of every probe, as the folder of a
 * replicated {@code run} holds every replication of every point: {@code summary.csv} a row set per replication (told
 * apart by the seed) and each probe's statistics, {@code summary.json} each probe's intervals, which {@code show}
 * reads back; the density report says so.
 */
class DensityReplicationsTest {

    @TempDir
    Path directory;

    @Test
    void everyReplicationOfEveryProbeIsInTheProbesFolderAsInAReplicatedRun() throws Exception {
        ScenarioLoader loader = ScenarioLoader.standard();
        ScenarioFile file = loader.parse("replications: 2\n" + SmallScenarios.DENSITY, "density-test");
        DensityExperiment experiment = new DensityExperiment(file, loader.registry(), Objective.parse(List.of("p99=500us")), 1, 2);
        DensityCurve curve;
        ExecutorService executor = Executors.newFixedThreadPool(1);
        try {
            curve = experiment.run(new PointCache(Runner.standard(loader.registry()), directory.resolve("work"), executor, 64), 1,
                    p -> { });
        } finally {
            executor.shutdownNow();
        }
        assertEquals(2, curve.points().size(), curve.answer());
        Path folder = new DensityWriter(directory.resolve("density")).write(curve);
        Path probes = folder.resolve(DensityWriter.PROBES);

        ResultsFolder read = ResultsFolder.read(probes, "--out");
        assertEquals(2, read.points().size(), "a point per probe");
        for (PointFigures probe : read.points()) {
            assertEquals(2, probe.replicationCount(), "point " + probe.index() + " with the intervals of both replications");
        }
        List<String> csv = Files.readAllLines(probes.resolve(ResultsWriter.SUMMARY_CSV));
        for (CurvePoint probe : curve.points()) {
            int place = curve.points().indexOf(probe);
            for (TimedResult run : probe.runs()) {
                String rows = place + ",\"" + run.result().label() + "\"," + Long.toString(run.result().seed()) + ",total,";
                assertEquals(1, csv.stream().filter(line -> line.startsWith(rows)).count(),
                        "the total row of the probe of " + probe.tenants() + " tenants under seed " + run.result().seed());
            }
            for (String statistic : Replicated.STATISTICS) {
                assertEquals(1, csv.stream().filter(line -> line.startsWith(place + ",") && line.contains("," + statistic + ","))
                        .count(), statistic + " of the probe of " + probe.tenants() + " tenants");
            }
        }
        String report = Files.readString(folder.resolve(DensityWriter.REPORT));
        assertTrue(report.contains("Each probe ran 2 replications: as in a replicated `run`, `summary.csv` and `summary.json`"
                + " hold every replication's figures"), report);
    }
}
