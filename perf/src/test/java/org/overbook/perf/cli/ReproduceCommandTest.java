package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.report.ResultsWriter;
import org.overbook.perf.reproduce.Experiment;
import org.overbook.perf.reproduce.Preset;
import org.overbook.perf.reproduce.Presets;
import org.overbook.perf.reproduce.ReproduceReport;

/**
 * The reproduce verb: every preset runs at reduced size and writes its files, an unknown name is a
 * configuration error, and the figures are the same bytes whatever the parallelism. Where the model
 * reproduces a paper's shape robustly even at reduced size, the shape is asserted too.
 */
class ReproduceCommandTest {

    private final CommandRun command = new CommandRun();
    private final StringWriter out = command.out;
    private final StringWriter err = command.err;

    @TempDir
    Path directory;

    /** Returns the rows of reproduce.csv by "preset: figure", each its columns. */
    private static Map<String, String[]> figures(Path folder) throws Exception {
        List<String> lines = Files.readAllLines(folder.resolve(ReproduceReport.CSV));
        assertEquals("preset,figure,paper,model,model_over_paper,shape,holds", lines.getFirst());
        Map<String, String[]> rows = new LinkedHashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",", -1);
            assertEquals(7, cells.length, "no figure name holds a comma: " + line);
            rows.put(cells[0] + ": " + cells[1], cells);
        }
        return rows;
    }

    @Test
    void everyPresetRunsAtReducedSizeAndWritesItsFiles() throws Exception {
        Path folder = directory.resolve("quick");
        assertEquals(0, command.execute("reproduce", "--all", "--quick", "--out", folder.toString(), "--threads", "2"),
                "no configuration error and no data-integrity mismatch: " + err);
        Map<String, String[]> figures = figures(folder);
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
        }
        assertTrue(Files.readString(folder.resolve(ReproduceReport.MARKDOWN)).contains("| receive-faults |"));
        assertTrue(out.toString().contains("shapes hold"), out.toString());
        assertTrue(Files.notExists(folder.resolve(".work")), "work directories are cleaned up");

        for (String robust : new String[] {"npf-memcached: host throughput: on-demand (best tenant count) / pin-all",
                "npf-memcached: throughput at the pinned tenant count: on-demand / pin-all",
                "receive-faults: client p99 latency: drop / backup-ring",
                "pin-down-cache: 64 KiB write bandwidth: all miss / all hit",
                "netvm: p50 write latency: on-demand / pinned (worst size)", "netvm: 4 MiB write bandwidth / link rate",
                "odp-mpi: throughput: on-demand / pin-down cache", "esx: throughput: ballooned / natively smaller",
                "esx: throughput: ballooned / host-swapped"}) {
            assertEquals("yes", figures.get(robust)[6], robust + " keeps the paper's shape at reduced size: "
                    + String.join(",", figures.get(robust)));
        }
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
