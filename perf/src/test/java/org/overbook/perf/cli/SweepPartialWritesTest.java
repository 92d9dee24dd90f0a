package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.report.ResultsWriter;
import org.overbook.perf.run.Runner;
import org.overbook.perf.run.SmallScenarios;
import org.overbook.perf.run.TimedResult;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.ScenarioLoader;

/**
 * A sweep writes its folder as its points complete, at most once a second ({@link PacedWrites}): a point that completes
 * within a second of the last write is still written a second later, while the next point runs on, so that Ctrl-C keeps
 * it; and a point that fails writes the points before it at once, so that the failure loses none of them.
 */
class SweepPartialWritesTest {

    @TempDir
    Path directory;

    @Test
    void aPointCompletedSoonAfterTheLastWriteIsWrittenASecondLaterWithoutWaitingForTheNext() throws Exception {
        ScenarioLoader loader = ScenarioLoader.standard();
        ScenarioFile file = loader.parse(SmallScenarios.SWEEP, "sweep.yaml");
        Runner runner = Runner.standard(loader.registry());
        TimedResult first = runner.run(file.points().get(0), directory.resolve("work"));
        TimedResult second = runner.run(file.points().get(1), directory.resolve("work"));
        Path folder = directory.resolve("results");
        CompletableFuture<TimedResult> running = new CompletableFuture<>();
        AtomicReference<List<TimedResult>> collected = new AtomicReference<>();
        List<Integer> taken = new java.util.concurrent.CopyOnWriteArrayList<>();
        Thread sweep = Thread.ofPlatform().daemon().start(() -> {
            try {
                collected.set(SweepCommand.writeAsTheyComplete(
                        new ArrayList<>(List.of(CompletableFuture.completedFuture(first), running)),
                        new ResultsWriter(folder), file.source(), 2, taken::add));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        Path summary = folder.resolve(ResultsWriter.SUMMARY_JSON);
        for (int waited = 0; !Files.exists(summary) && waited < 3000; waited++) {
            Thread.sleep(100); // written a second on, while the next point runs; a hang guard of 5 minutes, not a measure
        }
        assertTrue(Files.exists(summary), "the completed point is written while the next one runs");
        assertTrue(Files.readString(summary).contains("\"1 of 2 points have run\""), Files.readString(summary));
        assertTrue(sweep.isAlive(), "still waiting for the second point");
        running.complete(second);
        sweep.join(300_000); // a hang guard: the last write draws the charts, which takes a while on busy cores
        assertFalse(sweep.isAlive());
        assertEquals(List.of(first, second), collected.get(), "every point, in file order; the last write is the caller's");
        assertEquals(List.of(0, 1), taken, "each point told as it is taken, in order");
    }

    @Test
    void aPointThatFailsEndsTheSweepWithThePointsBeforeItWrittenThoughThePaceHeldThemBack() throws Exception {
        ScenarioLoader loader = ScenarioLoader.standard();
        ScenarioFile file = loader.parse(SmallScenarios.SWEEP, "sweep.yaml");
        TimedResult first = Runner.standard(loader.registry()).run(file.points().get(0), directory.resolve("work"));
        Path folder = directory.resolve("results");
        IllegalStateException failed = new IllegalStateException("point 1 stopped: the workload's own bug");
        PacedWrites stopped = new PacedWrites(() -> 0L); // a clock that never moves: the pace allows no write
        ExecutionException thrown = assertThrows(ExecutionException.class, () -> SweepCommand.writeAsTheyComplete(
                new ArrayList<>(List.of(CompletableFuture.completedFuture(first), CompletableFuture.failedFuture(failed))),
                new ResultsWriter(folder), file.source(), 2, i -> { }, stopped));
        assertSame(failed, thrown.getCause(), "the point's own failure, to report");
        String summary = Files.readString(folder.resolve(ResultsWriter.SUMMARY_JSON));
        assertTrue(summary.contains("\"1 of 2 points have run\""), summary);
        assertTrue(Files.readString(folder.resolve("report.md")).startsWith("**INCOMPLETE"), "the report says what is missing");
    }
}
