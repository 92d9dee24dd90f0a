package org.overbook.perf.sensitivity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.report.TornadoChart;
import org.overbook.perf.run.LocalPointExecutor;
import org.overbook.perf.run.Runner;
import org.overbook.perf.run.SmallScenarios;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.ScenarioLoader;

/**
 * The estimates are found where the reference file marks them, a variant changes exactly the input it names, and a
 * one-at-a-time study of a small memcached scenario moves its latency the way the physics says: more CPU per request,
 * a higher p50.
 */
class SensitivityTest {

    private final ScenarioLoader loader = ScenarioLoader.standard();

    @TempDir
    Path directory;

    @Test
    void theReferenceFilesMarkedEstimatesAreFoundWithTheirValues() {
        Map<String, String> estimates = Estimates.of(ScenarioLoader.referenceText()).stream()
                .collect(Collectors.toMap(Estimate::name, Estimate::defaultValue));
        assertEquals("4us", estimates.get("costs.interrupt"), estimates.toString());
        assertEquals("100ns", estimates.get("costs.wqe"), estimates.toString());
        assertEquals("100ns", estimates.get("host.reclaim.scan-cost"), estimates.toString());
        assertEquals("2us", estimates.get("host.reclaim.evict-cost"), estimates.toString());
        assertEquals("1us", estimates.get("memcached request-cost"), estimates.toString());
        assertTrue(estimates.keySet().stream().noneMatch(name -> name.equals("costs.register")), "a sourced cost is not an estimate");
    }

    @Test
    void aFieldIsMarkedOnlyByTheCommentJustAboveIt() {
        String reference = """
                a:
                  # A guess. (Overbook's estimate)
                  b: 3us
                  # Measured.
                  c: 4us
                d:
                  e:
                    # (Overbook's estimate)
                    f: 10ns
                """;
        List<Estimate> found = Estimates.of(reference);
        assertEquals(List.of("a.b", "d.e.f"), found.stream().map(Estimate::name).toList());
    }

    @Test
    void aVariantChangesTheFieldOrEveryMemcachedTenantsParameter() {
        ScenarioFile file = loader.parse(SmallScenarios.MEMCACHED, "small.yaml");
        Estimate interrupt = Estimate.field("costs.interrupt", "4us");
        ScenarioFile halved = interrupt.scaled(file, 0.5).orElseThrow();
        assertEquals("2000ns", interrupt.valueIn(halved));
        assertEquals(2_000, halved.scenario().nic().costs().interruptNanos());
        Estimate request = Estimate.parameter("memcached", "request-cost", "1us");
        ScenarioFile slower = request.scaled(file, 1.5).orElseThrow();
        assertEquals("1500ns", request.valueIn(slower));
        assertTrue(slower.yaml().contains("request-cost: 1500ns"), slower.yaml());
        Estimate absent = Estimate.parameter("no-such-workload", "x", "1us");
        assertTrue(absent.scaled(file, 1.5).isEmpty(), "a file that runs no such workload does not use the estimate");
    }

    @Test
    void aStudyOfASmallScenarioRanksTheEstimatesAndWritesItsFiles() throws Exception {
        ScenarioFile file = loader.parse(SmallScenarios.MEMCACHED, "small.yaml");
        List<Estimate> estimates = List.of(Estimate.parameter("memcached", "request-cost", "1us"), Estimate.field("costs.wqe", "100ns"));
        List<Sensitivity.Row> rows;
        try (LocalPointExecutor executor = LocalPointExecutor.withThreads(Runner.standard(loader.registry()), directory.resolve(".work"), 2)) {
            rows = new Sensitivity(estimates).run(List.of(Subject.of("small", file, 2)), executor, (subject, variant) -> { });
        }
        assertEquals(2 * 3, rows.size(), "two estimates, three headlines each: " + rows);
        Sensitivity.Row p50 = rows.stream().filter(r -> r.estimate().name().equals("memcached request-cost")
                && r.headline().startsWith("p50")).findFirst().orElseThrow();
        assertTrue(p50.highChange() > 0 && p50.lowChange() < 0, "a request that costs more CPU takes longer: " + p50);
        assertEquals(2, p50.base().n());
        SensitivityReport.write(directory, rows, "test", List.of());
        String csv = Files.readString(directory.resolve(SensitivityReport.CSV));
        assertEquals(1 + rows.size(), csv.lines().count(), csv);
        assertTrue(Files.readString(directory.resolve(SensitivityReport.MARKDOWN)).contains("| memcached request-cost (1us) |"));
        String failure = TornadoChart.write(directory, "t.png", "small", rows.stream()
                .map(r -> new TornadoChart.Bar(r.estimate().name() + ": " + r.headline(), r.lowChange(), r.highChange())).toList());
        assertTrue(failure.isEmpty() ? Files.size(directory.resolve("t.png")) > 1000 : failure.contains("chart not drawn"), failure);
    }
}
