package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.report.ResultsWriter;
import org.overbook.perf.resume.BuildStamp;
import org.overbook.perf.resume.PointStore;
import org.overbook.perf.run.Runner;
import org.overbook.perf.run.SmallScenarios;
import org.overbook.perf.run.SwapArea;
import org.overbook.perf.run.TimedResult;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

/**
 * {@code host.keep-swap: true}: the swap files are kept in the results folder's hidden {@code .work} folder, and
 * the command's last line and {@code report.md} say where; without it, neither says anything of the kind. A later
 * command into the same folder (a second run, a resumed one) keeps its own beside those kept there before.
 */
class KeptSwapCommandTest {

    private static final String KEPT = SmallScenarios.SWEEP.replace("swap: 64MiB}", "swap: 64MiB, keep-swap: true}");

    @TempDir
    Path directory;

    private List<Path> keptFiles(Path results) throws Exception {
        Path work = results.resolve(ResultsWriter.WORK);
        try (Stream<Path> files = Files.exists(work) ? Files.walk(work) : Stream.empty()) {
            return files.filter(Files::isRegularFile).toList();
        }
    }

    @Test
    void theLastLineAndTheReportSayWhereTheKeptSwapIs() throws Exception {
        Path file = Files.writeString(directory.resolve("kept.yaml"), KEPT);
        Path results = directory.resolve("results");
        CommandRun command = new CommandRun();
        assertEquals(0, command.execute("sweep", file.toString(), "--out", results.toString(), "--threads", "2"), command.err.toString());
        List<Path> kept = keptFiles(results);
        assertEquals(2, kept.size(), "a swap file per simulation: " + kept);
        for (Path swap : kept) {
            assertTrue(results.resolve(ResultsWriter.WORK).relativize(swap).toString().matches("run-[12]/server-host/.+"), swap.toString());
        }
        List<String> lines = command.out.toString().lines().toList();
        String last = lines.getLast();
        assertTrue(last.startsWith("swap kept (host.keep-swap): " + results.toAbsolutePath().resolve(".work/run-N/server-host")
                + ", one folder per simulation (2 folders, "), last);
        assertTrue(lines.get(lines.size() - 2).startsWith("results: "), "after the results line: " + lines);
        assertTrue(Files.readString(results.resolve(ResultsWriter.REPORT)).contains("and the server host's swap files, kept"
                + " (`host.keep-swap: true`) in `.work/run-N/server-host/`, a folder per simulation"));
    }

    @Test
    void withoutKeepSwapNothingIsKeptAndNothingSaysSo() throws Exception {
        Path file = Files.writeString(directory.resolve("plain.yaml"), SmallScenarios.MEMCACHED);
        Path results = directory.resolve("results");
        CommandRun command = new CommandRun();
        assertEquals(0, command.execute("run", file.toString(), "--out", results.toString()), command.err.toString());
        assertFalse(Files.exists(results.resolve(ResultsWriter.WORK)));
        assertFalse(command.out.toString().contains("swap kept"), command.out.toString());
        assertFalse(Files.readString(results.resolve(ResultsWriter.REPORT)).contains("keep-swap"));
    }

    @Test
    void aSecondRunIntoTheSameFolderKeepsItsSwapFilesBesideTheEarlierRunsNotOverThem() throws Exception {
        Path file = Files.writeString(directory.resolve("kept.yaml"), KEPT);
        Path results = directory.resolve("results");
        CommandRun first = new CommandRun();
        assertEquals(0, first.execute("sweep", file.toString(), "--out", results.toString(), "--threads", "2"), first.err.toString());
        List<Path> earlier = keptFiles(results);
        FileTime[] written = times(earlier);
        CommandRun second = new CommandRun();
        assertEquals(0, second.execute("run", file.toString(), "--out", results.toString(), "--threads", "1"), second.err.toString());
        List<Path> kept = keptFiles(results);
        assertEquals(4, kept.size(), "the second run's two beside the first's two: " + kept);
        assertEquals(List.of("run-1", "run-2", "run-3", "run-4"), runFolders(results));
        assertArrayEquals(written, times(earlier), "the first run's files were not written again");
        String last = second.out.toString().lines().toList().getLast();
        assertTrue(last.matches("swap kept \\(host\\.keep-swap\\): .+, one folder per simulation \\(4 folders, \\d+ MiB;"
                + " 2 of them, up to run-2, kept by an earlier command into this folder\\)"), last);
    }

    @Test
    void aResumedRunKeepsTheSwapFilesOfThePointsItReusesAndNumbersItsOwnAfterThem() throws Exception {
        Path file = Files.writeString(directory.resolve("kept.yaml"), KEPT);
        Path results = directory.resolve("results");
        Path work = results.resolve(ResultsWriter.WORK);
        // the state an interrupted run leaves: point 0 finished, its result stored and its swap file kept in run-1
        ScenarioLoader loader = ScenarioLoader.standard();
        SweepPoint finished = loader.load(file).points().getFirst();
        TimedResult result = Runner.standard(loader.registry()).run(finished, work.resolve("run-1"));
        new PointStore(work, BuildStamp.ofThisProcess(List.of())).save(finished, result);
        List<Path> interrupted = keptFiles(results).stream().filter(kept -> kept.startsWith(work.resolve("run-1"))).toList();
        assertEquals(1, interrupted.size(), interrupted.toString());
        FileTime[] written = times(interrupted);

        CommandRun resumed = new CommandRun();
        assertEquals(0, resumed.execute("run", file.toString(), "--out", results.toString(), "--threads", "1", "--resume"),
                resumed.err.toString());
        assertTrue(resumed.out.toString().startsWith("reused 1 of 2 points from an interrupted run\n"), resumed.out.toString());
        assertEquals(List.of("run-1", "run-2"), runFolders(results), "the point run now has a folder of its own");
        assertArrayEquals(written, times(interrupted), "the reused point's swap file is the one its run kept");
        String last = resumed.out.toString().lines().toList().getLast();
        assertTrue(last.endsWith("(2 folders, " + (SwapArea.bytes(work) >> 20) + " MiB; 1 of them, up to run-1, kept by an earlier"
                + " command into this folder)"), last);
    }

    private static List<String> runFolders(Path results) throws Exception {
        try (Stream<Path> folders = Files.list(results.resolve(ResultsWriter.WORK))) {
            return folders.map(folder -> folder.getFileName().toString()).sorted().toList();
        }
    }

    private static FileTime[] times(List<Path> files) throws Exception {
        FileTime[] times = new FileTime[files.size()];
        for (int i = 0; i < times.length; i++) {
            times[i] = Files.getLastModifiedTime(files.get(i));
        }
        return times;
    }
}
