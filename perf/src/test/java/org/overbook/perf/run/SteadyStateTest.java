package org.overbook.perf.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.density.Judgement;
import org.overbook.perf.density.Objective;
import org.overbook.perf.report.ResultsWriter;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.ScenarioLoader;

/** A point whose load generators were still loading when the window opened is reported, and density does not score it. */
class SteadyStateTest {

    @TempDir
    Path directory;

    private final ScenarioLoader loader = ScenarioLoader.standard();

    private TimedResult run(String yaml, String name) {
        ScenarioFile file = loader.parse(yaml, name);
        return Runner.standard(loader.registry()).run(file.points().getFirst(), directory.resolve(name));
    }

    @Test
    void aPointMeasuredBeforeItsLoadPhaseEndedIsReportedAndNotScored() throws Exception {
        RunResult warmed = run(SmallScenarios.MEMCACHED.replace("warm-up: 10ms", "warm-up: 40ms"), "warmed.yaml").result();
        for (TenantRow client : warmed.tenants().subList(2, 4)) {
            double end = client.value(SteadyState.LOAD_END);
            assertTrue(end > 0 && end <= warmed.scenario().warmUpNanos(), client.name() + " ended loading at " + end + " ns");
            assertEquals(client.value("workload.keys_to_load"), client.value("workload.loaded_keys"), client.name());
        }
        assertTrue(SteadyState.steady(warmed), SteadyState.loading(warmed).toString());

        TimedResult cold = run(SmallScenarios.MEMCACHED, "cold.yaml");
        List<String> loading = SteadyState.loading(cold.result());
        for (TenantRow client : cold.result().tenants().subList(2, 4)) {
            boolean late = client.value(SteadyState.LOAD_END) < 0
                    || client.value(SteadyState.LOAD_END) > cold.result().scenario().warmUpNanos();
            assertEquals(late, loading.stream().anyMatch(l -> l.startsWith(client.name() + " ")), client.name() + ": " + loading);
        }
        assertFalse(loading.isEmpty(), "the small scenario's 10 ms warm-up is shorter than its clients' load phase: " + loading);

        Judgement judgement = Objective.parse(List.of("p99=1s")).judge(cold.result());
        assertFalse(judgement.meets());
        assertFalse(judgement.measured());
        assertEquals("not measured", judgement.verdict());
        assertTrue(judgement.reason().startsWith("not measured: c"), judgement.reason());

        new ResultsWriter(directory.resolve("out")).write("cold.yaml", List.of(cold));
        String report = Files.readString(directory.resolve("out").resolve(ResultsWriter.REPORT));
        assertTrue(report.contains("**Not in steady state**"), report);
    }
}
