package org.overbook.perf.sensitivity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.run.LocalPointExecutor;
import org.overbook.perf.run.Runner;
import org.overbook.perf.run.SmallScenarios;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.ScenarioLoader;

/**
 * The estimates are found where the reference file marks them, a variant changes exactly the input it names, and a
 * one-at-a-time study of a small memcached scenario moves its latency the way the physics says: more CPU per request,
 * a higher p50; written part way, its folder says what it measured and what not, and written again once it ends, the
 * folder is the one a single write of the whole study leaves.
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
    void aStudyOfASmallScenarioRanksTheEstimatesAndWritesItsFilesAsItGoes() throws Exception {
        ScenarioFile file = loader.parse(SmallScenarios.MEMCACHED, "small.yaml");
        List<Estimate> estimates = List.of(Estimate.parameter("memcached", "request-cost", "1us"), Estimate.field("costs.wqe", "100ns"));
        List<String> variants = new ArrayList<>();
        StudyProgress partway = null;
        StudyProgress whole;
        try (LocalPointExecutor executor = LocalPointExecutor.withThreads(Runner.standard(loader.registry()), directory.resolve(".work"), 2)) {
            Study study = new Sensitivity(estimates).study(List.of(Subject.of("small", file, 2)));
            while (!study.finished()) {
                study.runNext(executor, (subject, variant) -> variants.add(subject + ": " + variant));
                if (variants.size() == 3) {
                    partway = study.progress();
                }
            }
            whole = study.progress();
        }
        assertEquals(List.of("small: base", "small: memcached request-cost x0.5", "small: memcached request-cost x1.5",
                "small: costs.wqe x0.5", "small: costs.wqe x1.5"), variants);
        List<Sensitivity.Row> rows = whole.rows();
        assertEquals(2 * 3, rows.size(), "two estimates, three headlines each: " + rows);
        Sensitivity.Row p50 = rows.stream().filter(r -> r.estimate().name().equals("memcached request-cost")
                && r.headline().startsWith("p50")).findFirst().orElseThrow();
        assertTrue(p50.highChange() > 0 && p50.lowChange() < 0, "a request that costs more CPU takes longer: " + p50);
        assertEquals(2, p50.base().n());
        assertEquals(rows.subList(0, 3), partway.rows(), "the first estimate's rows, as the whole study gives them");

        Path asItWent = directory.resolve("as-it-went");
        SensitivityWriter writer = new SensitivityWriter(asItWent, "test");
        writer.write(partway);
        String md = Files.readString(asItWent.resolve(SensitivityWriter.MARKDOWN));
        assertTrue(md.startsWith("**INCOMPLETE: 3 of 5 variants have run"), md);
        assertTrue(md.contains("Measured, in the tables below:\n\n- small: memcached request-cost\n"), md);
        assertTrue(md.contains("Not measured:\n\n- small: costs.wqe\n"), md);
        assertTrue(md.contains("| memcached request-cost (1us) |") && !md.contains("| costs.wqe (100ns) |"), md);
        assertEquals(1 + 3, Files.readAllLines(asItWent.resolve(SensitivityWriter.CSV)).size(), "a header and the rows so far");

        List<String> failures = writer.write(whole);
        Path atOnce = directory.resolve("at-once");
        assertEquals(failures, new SensitivityWriter(atOnce, "test").write(whole));
        assertEquals(files(atOnce), files(asItWent), "written as it went, the folder ends as one written at once");
        md = Files.readString(atOnce.resolve(SensitivityWriter.MARKDOWN));
        assertTrue(md.startsWith("# Sensitivity to Overbook's estimates"), md);
        assertTrue(md.contains("| memcached request-cost (1us) |") && md.contains("| costs.wqe (100ns) |"), md);
        assertEquals(1 + rows.size(), Files.readAllLines(atOnce.resolve(SensitivityWriter.CSV)).size());
        Path chart = atOnce.resolve("tornado-small.png");
        assertTrue(failures.isEmpty() ? Files.size(chart) > 1000 : failures.getFirst().contains("chart not drawn"), failures.toString());

        // a study into an earlier one's folder: that study's subject had a chart this one has not
        Files.writeString(atOnce.resolve("tornado-other.png"), "an earlier study's chart");
        assertEquals(failures, new SensitivityWriter(atOnce, "test").write(whole));
        assertFalse(Files.exists(atOnce.resolve("tornado-other.png")), "the folder would mix two studies");
        assertEquals(failures.isEmpty(), Files.exists(chart), "this study's own chart: " + failures);
    }

    /** Returns every file of {@code folder} by name, with its bytes as a string (ISO-8859-1, so any byte survives). */
    private static Map<String, String> files(Path folder) throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> files = Files.list(folder)) {
            for (Path file : files.toList()) {
                out.put(file.getFileName().toString(), new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1));
            }
        }
        return out;
    }
}
