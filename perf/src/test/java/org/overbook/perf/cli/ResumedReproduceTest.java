package org.overbook.perf.cli;

import java.util.List;
import org.overbook.perf.reproduce.Presets;
import org.overbook.perf.reproduce.Reproduction;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

/**
 * {@code reproduce --resume}: a reproduction of two presets stopped once the first preset's points are stored, while
 * the second's run, taken up; every preset's folder and the figures come out as one uninterrupted reproduction's
 * ({@link ResumeContract}).
 */
class ResumedReproduceTest extends ResumeContract {

    /** pin-down-cache's two points take a fraction of a second each; receive-faults' several seconds. */
    @Override
    List<String> interruptible() {
        return List.of("reproduce", "pin-down-cache", "receive-faults", "--quick", "--threads", "1");
    }

    @Override
    int stopAfter() {
        return 2;
    }

    @Override
    List<String> small() {
        return List.of("reproduce", "pin-down-cache", "--quick", "--threads", "1");
    }

    @Override
    List<SweepPoint> pointsOfSmall(ScenarioLoader loader) {
        var preset = Presets.named("NAME", "--all", List.of("pin-down-cache")).getFirst();
        return Reproduction.files(preset, loader, true).getFirst().points();
    }
}
