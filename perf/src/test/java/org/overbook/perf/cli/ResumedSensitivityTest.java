package org.overbook.perf.cli;

import java.nio.file.Path;
import java.util.List;
import org.overbook.perf.run.Replications;
import org.overbook.perf.run.SmallScenarios;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

/**
 * {@code sensitivity --resume}: a study of eleven variants, two simulations each, stopped after four simulations, taken
 * up; the rows, the tornado chart and the report come out as one uninterrupted study's ({@link ResumeContract}).
 */
class ResumedSensitivityTest extends ResumeContract {

    private Path file() throws Exception {
        return scenario("small.yaml", SmallScenarios.MEMCACHED);
    }

    @Override
    List<String> interruptible() throws Exception {
        return List.of("sensitivity", file().toString(), "--replications", "2", "--threads", "1");
    }

    @Override
    int stopAfter() {
        return 4;
    }

    @Override
    List<String> small() throws Exception {
        return interruptible();
    }

    /** The unchanged file's point, under the study's two seeds: the first variant's simulations. */
    @Override
    List<SweepPoint> pointsOfSmall(ScenarioLoader loader) throws Exception {
        return Replications.of(loader.load(file()).points().getFirst(), 2);
    }
}
