package org.overbook.perf.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.api.Experiments;
import org.overbook.perf.fuzz.FuzzRunner.Failed;
import org.overbook.perf.fuzz.FuzzRunner.Limited;
import org.overbook.perf.fuzz.FuzzRunner.Passed;
import org.overbook.perf.fuzz.FuzzRunner.Refused;
import org.overbook.perf.run.RunResult;

/** The runner tells a pass, a refusal and a limit of the modelled system apart, and says where two runs differ. */
class FuzzRunnerTest {

    /** memcached's 16 connections register 64 pages each under pin-on-register: every frame of a 4 MiB host. */
    private static final String PINNED = """
            duration: 5ms
            warm-up: 0ms
            host: {memory: 4MiB, swap: 32MiB}
            client-host: {memory: 64MiB}
            nic: {memory-policy: pin-on-register}
            tenants: [{name: s0, memory: 12MiB, workload: {name: memcached, params: {memory-limit: 9MiB}}}]
            clients: [{name: c0, memory: 16MiB, workload: {name: memaslap, params: {targets: s0, concurrency: 16}}}]
            """;

    @TempDir
    Path directory;

    @Test
    void aPassARefusalAndAPinnedHostAreToldApart() {
        try (Experiments experiments = Experiments.builtIn()) {
            FuzzRunner runner = new FuzzRunner(experiments, directory, FuzzRunner.EVENT_LIMIT);
            assertInstanceOf(Passed.class, runner.run(ResultInvariantsTest.SMALL, "small.yaml"));
            Refused refused = assertInstanceOf(Refused.class,
                    runner.run(ResultInvariantsTest.SMALL + "nic: {memory-policy: pin-some}\n", "bad.yaml"));
            assertEquals("nic.memory-policy", refused.field());
            Limited limited = assertInstanceOf(Limited.class, runner.run(PINNED, "pinned.yaml"));
            assertTrue(limited.message().contains("1024 are pinned"), limited.message());
        }
    }

    @Test
    void aRunPastItsEventLimitIsAnEventStormWhateverTheWallClock() {
        try (Experiments experiments = Experiments.builtIn()) {
            Passed passed = assertInstanceOf(Passed.class, new FuzzRunner(experiments, directory.resolve("a"), FuzzRunner.EVENT_LIMIT)
                    .run(ResultInvariantsTest.SMALL, "small.yaml"));
            Failed storm = assertInstanceOf(Failed.class, new FuzzRunner(experiments, directory.resolve("b"), passed.events() - 1)
                    .run(ResultInvariantsTest.SMALL, "small.yaml"));
            assertEquals("event storm", storm.kind());
            assertTrue(storm.detail().contains(String.format(Locale.ROOT, "the run dispatched its limit of %,d events", passed.events() - 1)),
                    storm.detail());
            assertInstanceOf(Passed.class, new FuzzRunner(experiments, directory.resolve("c"), passed.events())
                    .run(ResultInvariantsTest.SMALL, "small.yaml"), "a run of exactly its limit's events passes");
        }
    }

    @Test
    void twoRunsThatDifferSayWhere() {
        RunResult result;
        try (Experiments experiments = Experiments.builtIn()) {
            result = experiments.run(experiments.parse(ResultInvariantsTest.SMALL, "small.yaml").points().getFirst(), directory)
                    .result();
        }
        Map<String, Number> total = new LinkedHashMap<>(result.total());
        total.put("swap_outs", 99L);
        RunResult other = new RunResult(result.index(), result.label(), result.values(), result.scenario(), result.yaml(),
                result.events() + 1, result.tenants(), total, result.histograms(), result.timeSeries(), result.resources());
        String difference = FuzzRunner.difference(result, other);
        assertTrue(difference.contains("events " + result.events() + " against " + (result.events() + 1)), difference);
        assertTrue(difference.contains("total swap_outs: " + result.total().get("swap_outs") + " against 99"), difference);
    }
}
