package org.overbook.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

/** A task is sent a point as its resolved YAML, and reads it back to the driver's scenario. */
class PointTaskTest {

    @TempDir
    Path directory;

    @Test
    void theTextATaskGetsReadsBackToThePointsScenario() throws Exception {
        ScenarioLoader loader = ScenarioLoader.standard();
        for (SweepPoint point : loader.parse(Files.readString(Sweeps.fourPoints(directory)), "four-points.yaml").points()) {
            PointTask task = new PointTask("point " + point.index(), point.yaml());
            assertEquals(point.scenario(), task.point(loader).scenario(), point.label());
        }
    }
}
