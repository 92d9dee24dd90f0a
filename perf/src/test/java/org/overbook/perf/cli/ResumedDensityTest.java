package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.overbook.perf.run.SmallScenarios;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

/**
 * {@code density --resume}: a search stopped after its first two probes, taken up, asks for the same probes in the same
 * order and reuses those stored ({@link ResumeContract}); with one thread no probe is speculative.
 */
class ResumedDensityTest extends ResumeContract {

    private Path file() throws Exception {
        return scenario("density.yaml", SmallScenarios.DENSITY);
    }

    /** Probes of 1, 2 and 3 tenants: the third, the host overcommitted, runs for seconds, longer than the first two together. */
    @Override
    List<String> interruptible() throws Exception {
        return List.of("density", file().toString(), "--slo", "p99=500us", "--max", "3", "--threads", "1");
    }

    /** With one thread nothing is speculative, and a probe reused from the store starts no simulation. */
    @Override
    void checkResumed(String printed, int reused, int asked) {
        assertTrue(printed.contains("\n" + asked + " probes, " + (asked - reused) + " simulations started (0 speculative), 1 thread\n"),
                printed);
    }

    @Override
    int stopAfter() {
        return 2;
    }

    @Override
    List<String> small() throws Exception {
        return List.of("density", file().toString(), "--slo", "p99=500us", "--max", "2", "--threads", "1");
    }

    @Override
    List<SweepPoint> pointsOfSmall(ScenarioLoader loader) throws Exception {
        ScenarioFile scenarios = loader.load(file());
        return List.of(probe(scenarios, 1), probe(scenarios, 2));
    }

    /** Returns the probe of {@code tenants} tenants, as density's tenant axis resolves it. */
    private static SweepPoint probe(ScenarioFile scenarios, int tenants) {
        String count = Integer.toString(tenants);
        return scenarios.with(Map.of("tenants.count", count, "clients.count", count)).points().getFirst();
    }
}
