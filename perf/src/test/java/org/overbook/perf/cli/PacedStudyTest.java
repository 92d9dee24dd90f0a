package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.report.Interval;
import org.overbook.perf.run.PointExecutor;
import org.overbook.perf.run.SmallScenarios;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.sensitivity.Estimate;
import org.overbook.perf.sensitivity.Estimates;
import org.overbook.perf.sensitivity.Sensitivity;
import org.overbook.perf.sensitivity.SensitivityWriter;
import org.overbook.perf.sensitivity.Study;
import org.overbook.perf.sensitivity.Subject;

/**
 * A sensitivity study run a variant at a time with its folder written as it goes: a run that fails part way ends it
 * with that failure, and leaves the folder saying what had been measured and what not, with the rows measured so far,
 * even when the pace had held their write back.
 */
class PacedStudyTest {

    @TempDir
    Path directory;

    /** A subject whose figure is the number of the variant measuring it, and whose {@code failAt}th variant fails. */
    private static final class Counting implements Subject {

        private final ScenarioFile file = ScenarioLoader.standard().parse(SmallScenarios.MEMCACHED, "small.yaml");
        private final int failAt;
        private int measured;

        Counting(int failAt) {
            this.failAt = failAt;
        }

        @Override
        public String name() {
            return "small";
        }

        @Override
        public List<ScenarioFile> files() {
            return List.of(file);
        }

        @Override
        public Map<String, Interval> measure(UnaryOperator<ScenarioFile> change, PointExecutor executor) throws ExecutionException {
            if (++measured == failAt) {
                throw new ExecutionException(new IllegalStateException("point 0 stopped: the variant's run failed"));
            }
            return Map.of("figure", Interval.of(new double[] {measured, measured + 1}));
        }
    }

    private static List<Estimate> two() {
        List<Estimate> estimates = Estimates.of(ScenarioLoader.referenceText()).stream()
                .filter(e -> e.name().equals("memcached request-cost") || e.name().equals("costs.wqe")).toList();
        assertEquals(2, estimates.size(), estimates.toString());
        return estimates;
    }

    @Test
    void aStudyThatRunsToItsEndGivesEveryRowInTheStudysOrder() throws Exception {
        List<String> told = new ArrayList<>();
        Study study = new Sensitivity(two()).study(List.of(new Counting(0)));
        List<Sensitivity.Row> rows = PacedStudy.run(study, null, (subject, variant) -> told.add(variant),
                new SensitivityWriter(directory.resolve("results"), "test"));
        assertEquals(5, told.size(), told.toString());
        assertEquals(2, rows.size(), rows.toString());
        assertEquals(List.of(1.5, 1.5), rows.stream().map(r -> r.base().mean()).toList(), "the unchanged figure, the first variant's");
        assertEquals(List.of(2.5, 4.5), rows.stream().map(r -> r.low().mean()).toList());
        assertEquals(List.of(3.5, 5.5), rows.stream().map(r -> r.high().mean()).toList());
    }

    @Test
    void aRunThatFailsPartWayLeavesAFolderThatSaysWhatWasMeasured() throws Exception {
        Path folder = directory.resolve("results");
        Study study = new Sensitivity(two()).study(List.of(new Counting(4)));
        ExecutionException failure = assertThrows(ExecutionException.class, () -> PacedStudy.run(study, null,
                (subject, variant) -> { }, new SensitivityWriter(folder, "test")));
        assertEquals("point 0 stopped: the variant's run failed", failure.getCause().getMessage(), "the run's failure, as thrown");

        String md = Files.readString(folder.resolve(SensitivityWriter.MARKDOWN));
        assertTrue(md.startsWith("**INCOMPLETE: 3 of 5 variants have run"), md);
        String first = two().get(0).name();
        String second = two().get(1).name();
        assertTrue(md.contains("Measured, in the tables below:\n\n- small: " + first + "\n"), md);
        assertTrue(md.contains("Not measured:\n\n- small: " + second + "\n"), md);
        List<String> csv = Files.readAllLines(folder.resolve(SensitivityWriter.CSV));
        assertEquals(2, csv.size(), "a header and the one row measured: " + csv);
        assertTrue(csv.get(1).startsWith("small," + first.replace(' ', '.') + ","), csv.toString());
    }
}
