package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.report.ResultsWriter;
import org.overbook.perf.reproduce.Experiment;
import org.overbook.perf.reproduce.Preset;
import org.overbook.perf.reproduce.Presets;
import org.overbook.perf.reproduce.ReadmeBlock;
import org.overbook.perf.reproduce.ReproduceReport;
import org.overbook.perf.reproduce.Verdict;

/**
 * The reproduce verb: every preset runs at reduced size and writes its files, an unknown name is a
 * configuration error, and the figures are the same bytes whatever the parallelism. Every figure's verdict at
 * reduced size is pinned in {@value #VERDICTS} (a change that flips one fails here), and {@code --strict} exits 1
 * exactly when a verdict is a failure.
 *
 * <p><b>Updating the verdicts.</b> A change meant to flip a verdict (a preset's model, a paper value) rewrites the
 * file with {@code OVERBOOK_UPDATE_GOLDEN=1 ./build test -pl perf -am -Dtest=ReproduceCommandTest
 * -Dsurefire.failIfNoSpecifiedTests=false} (the test still fails once, to show what changed); review it with
 * {@code git diff} and commit it with the reason.
 */
class ReproduceCommandTest {

    private final CommandRun command = new CommandRun();
    private final StringWriter out = command.out;
    private final StringWriter err = command.err;

    @TempDir
    Path directory;

    static final String VERDICTS = "org/overbook/perf/reproduce/quick-verdicts.csv";
    private static final int VERDICT = 8;

    /** Returns the rows of reproduce.csv by "preset: figure", each its columns. */
    static Map<String, String[]> figures(Path folder) throws Exception {
        List<String> lines = Files.readAllLines(folder.resolve(ReproduceReport.CSV));
        assertEquals("preset,figure,paper,model,ci95_low,ci95_high,model_over_paper,check,verdict", lines.getFirst());
        Map<String, String[]> rows = new LinkedHashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",", -1);
            assertEquals(9, cells.length, "no figure name or check holds a comma: " + line);
            rows.put(cells[0] + ": " + cells[1], cells);
        }
        return rows;
    }

    @Test
    void everyPresetRunsAtReducedSizeWritesItsFilesAndGivesThePinnedVerdicts() throws Exception {
        Path folder = directory.resolve("quick");
        int exit = command.execute("reproduce", "--all", "--quick", "--strict", "--out", folder.toString(), "--threads", "2");
        Map<String, String[]> figures = figures(folder);
        List<String> failures = Arrays.stream(Verdict.values()).filter(Verdict::fails).map(Verdict::token).toList();
        boolean anyFails = figures.values().stream().anyMatch(row -> failures.contains(row[VERDICT]));
        assertEquals(anyFails ? 1 : 0, exit, "--strict exits 1 exactly when a verdict is a failure: " + err);
        if (anyFails) {
            assertTrue(err.toString().contains("--strict"), err.toString());
        }
        int expected = 0;
        for (Preset preset : Presets.all()) {
            expected += preset.figures().size();
            for (Experiment experiment : preset.experiments()) {
                Path results = preset.experiments().size() == 1 ? folder.resolve(preset.name())
                        : folder.resolve(preset.name()).resolve(experiment.name());
                assertTrue(Files.exists(results.resolve(ResultsWriter.SUMMARY_CSV)), results + " has its summary");
                assertTrue(Files.exists(results.resolve(ResultsWriter.REPORT)), results + " has its report");
            }
        }
        assertEquals(expected, figures.size(), "a row per figure of every preset: " + figures.keySet());
        for (Map.Entry<String, String[]> row : figures.entrySet()) {
            double model = Double.parseDouble(row.getValue()[3]); // an empty cell (not computed) fails here
            assertTrue(Double.isFinite(model) && model >= 0, row.getKey() + " = " + model);
            assertEquals("", row.getValue()[4], "one replication, no interval: " + row.getKey());
        }
        assertTrue(Files.readString(folder.resolve(ReproduceReport.MARKDOWN)).contains("| receive-faults |"));
        assertTrue(out.toString().contains("figures: "), out.toString());
        assertTrue(Files.notExists(folder.resolve(".work")), "work directories are cleaned up");

        StringBuilder verdicts = new StringBuilder("preset,figure,verdict\n");
        figures.values().forEach(row -> verdicts.append(row[0]).append(',').append(row[1]).append(',').append(row[VERDICT]).append('\n'));
        Golden.check(VERDICTS, verdicts.toString(), "ReproduceCommandTest");
    }

    @Test
    void markdownPrintsTheTableTheReadmeHoldsBetweenItsMarkers() throws Exception {
        assertEquals(0, command.execute("reproduce", "pin-down-cache", "--quick", "--markdown", "--out", directory.resolve("md").toString()),
                err.toString());
        assertTrue(out.toString().contains("| preset | figure | paper | model | 95 % CI | model/paper | check | verdict |\n"
                + "|---|---|--:|--:|--:|--:|---|---|\n| pin-down-cache | 64 KiB write bandwidth: all miss / all hit |"), out.toString());
        String readme = Files.readString(Path.of("../README.md"));
        assertTrue(ReadmeBlock.of(readme).startsWith("| preset | figure |"), "the README has the generated block, checked "
                + "against a full run by ReproduceFullSizeTest");
        assertEquals(readme, ReadmeBlock.replace(readme, ReadmeBlock.of(readme)));
    }

    @Test
    void anUnknownPresetIsOneLineListingTheNamesWithExitCode2() {
        Path folder = directory.resolve("never");
        assertEquals(2, command.execute("reproduce", "netvm", "no-such-preset", "--quick", "--out", folder.toString()));
        String message = err.toString().strip();
        assertEquals(1, message.lines().count(), message);
        assertTrue(message.startsWith("overbook: configuration error: NAME: unknown preset 'no-such-preset'"), message);
        for (String name : Presets.descriptions().keySet()) {
            assertTrue(message.contains(name), name + " in " + message);
        }
        assertFalse(message.contains("\tat "), "no stack trace: " + message);
        assertFalse(Files.exists(folder), "nothing runs, nothing is written");
    }

    @Test
    void namesAndAllTogetherOrNeitherAreConfigurationErrors() {
        assertEquals(2, command.execute("reproduce", "--out", directory.resolve("none").toString()));
        assertTrue(err.toString().contains("no preset named"), err.toString());
        assertEquals(2, command.execute("reproduce", "--all", "netvm", "--out", directory.resolve("both").toString()));
        assertTrue(err.toString().contains("names given with --all"), err.toString());
    }

    @Test
    void oneThreadOrTwoWriteTheSameBytes() throws Exception {
        Path serial = directory.resolve("serial");
        Path parallel = directory.resolve("parallel");
        assertEquals(0, command.execute("reproduce", "pin-down-cache", "--quick", "--out", serial.toString(), "--threads", "1"), err.toString());
        assertEquals(0, command.execute("reproduce", "pin-down-cache", "--quick", "--out", parallel.toString(), "--threads", "2"), err.toString());
        for (Path file : new Path[] {Path.of(ReproduceReport.CSV), Path.of(ReproduceReport.MARKDOWN),
                Path.of("pin-down-cache", ResultsWriter.SUMMARY_CSV)}) {
            assertArrayEquals(Files.readAllBytes(serial.resolve(file)), Files.readAllBytes(parallel.resolve(file)),
                    file + " differs with parallelism");
        }
    }
}
