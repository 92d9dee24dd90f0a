package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.report.ResultsWriter;
import org.overbook.perf.run.PointCache;
import org.overbook.perf.run.Runner;
import org.overbook.perf.run.SmallScenarios;
import org.overbook.perf.run.TimedResult;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;
import picocli.CommandLine;

/** The sweep verb: parallelism changes no byte of the results, and a point asked twice runs once. */
class SweepCommandTest {

    @TempDir
    Path directory;

    private static final String FOUR_POINTS = SmallScenarios.MEMCACHED + """
            sweep:
              nic.tlb.replacement: [lru, fifo]
              nic.memory-policy: [on-demand, prefault]
            """;

    private int sweep(Path file, Path out, int threads, StringWriter stdout) {
        CommandLine commandLine = Overbook.commandLine();
        commandLine.setOut(new PrintWriter(stdout));
        commandLine.setErr(new PrintWriter(new StringWriter()));
        return commandLine.execute("sweep", file.toString(), "--out", out.toString(), "--threads", Integer.toString(threads));
    }

    @Test
    void oneThreadOrTwoGiveByteIdenticalResults() throws Exception {
        Path file = directory.resolve("four.yaml");
        Files.writeString(file, FOUR_POINTS);
        StringWriter serial = new StringWriter();
        StringWriter parallel = new StringWriter();
        assertEquals(0, sweep(file, directory.resolve("serial"), 1, serial), serial.toString());
        assertEquals(0, sweep(file, directory.resolve("parallel"), 2, parallel), parallel.toString());
        assertTrue(parallel.toString().contains("4 points, 4 simulations run, 2 threads"), parallel.toString());
        assertTrue(parallel.toString().contains("saturated first (utilisation >= 90 % over the measured window):"),
                "a line per point names what saturated: " + parallel);
        for (String name : new String[] {ResultsWriter.SUMMARY_CSV, ResultsWriter.SUMMARY_JSON, ResultsWriter.TIMESERIES_CSV,
                ResultsWriter.RESOURCES_CSV, ResultsWriter.REPORT}) {
            assertArrayEquals(Files.readAllBytes(directory.resolve("serial").resolve(name)),
                    Files.readAllBytes(directory.resolve("parallel").resolve(name)), name + " differs with parallelism");
        }
        assertEquals(1 + 4 * 5, Files.readAllLines(directory.resolve("parallel").resolve(ResultsWriter.SUMMARY_CSV)).size(),
                "a header, then 4 tenants and a total for each of the 4 points");
        assertTrue(Files.notExists(directory.resolve("parallel").resolve(".work")), "work directories are cleaned up");
    }

    @Test
    void aPointAskedTwiceRunsOnce() throws Exception {
        ScenarioFile file = ScenarioLoader.standard().parse(SmallScenarios.SWEEP, "test");
        ExecutorService executor = Executors.newFixedThreadPool(2);
        try {
            PointCache cache = new PointCache(Runner.standard(ScenarioLoader.standard().registry()), directory, executor, 16);
            SweepPoint first = file.points().get(0);
            TimedResult a = cache.get(first, Runner.Progress.none()).get();
            TimedResult b = cache.get(first, Runner.Progress.none()).get();
            cache.get(file.points().get(1), Runner.Progress.none()).get();
            SweepPoint renamed = new SweepPoint(7, "same scenario", Map.of(), first.scenario(), first.yaml());
            TimedResult c = cache.get(renamed, Runner.Progress.none()).get();
            assertEquals(2, cache.runs(), "the repeated point was served from the cache");
            assertEquals(a.result(), b.result());
            assertEquals(7, c.result().index(), "a result served under another point carries that point's index");
            assertEquals(a.result().timeSeries(), c.result().timeSeries(), "and the time series");
            assertEquals(a.result().tenants(), c.result().tenants());
        } finally {
            executor.shutdownNow();
        }
    }
}
