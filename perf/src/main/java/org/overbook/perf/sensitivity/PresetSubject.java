package org.overbook.perf.sensitivity;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.function.UnaryOperator;
import org.overbook.perf.report.Interval;
import org.overbook.perf.reproduce.FigureResult;
import org.overbook.perf.reproduce.Preset;
import org.overbook.perf.reproduce.Reproduction;
import org.overbook.perf.run.PointExecutor;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.ScenarioLoader;

/** A reproduce preset's headline: each of its figures, computed per replication as {@code reproduce} does. */
final class PresetSubject implements Subject {

    private final Preset preset;
    private final ScenarioLoader loader;
    private final boolean quick;
    private final int replications;
    private final List<ScenarioFile> files;

    PresetSubject(Preset preset, ScenarioLoader loader, boolean quick, int replications) {
        this.preset = preset;
        this.loader = loader;
        this.quick = quick;
        this.replications = replications;
        this.files = Reproduction.files(preset, loader, quick);
    }

    @Override
    public String name() {
        return preset.name();
    }

    @Override
    public List<ScenarioFile> files() {
        return files;
    }

    @Override
    public Map<String, Interval> measure(UnaryOperator<ScenarioFile> change, PointExecutor executor)
            throws InterruptedException, ExecutionException {
        Reproduction reproduction = new Reproduction(loader, quick,
                file -> change.apply(file).with("replications", String.valueOf(replications)));
        Map<String, Interval> out = new LinkedHashMap<>();
        for (FigureResult figure : reproduction.measure(List.of(preset), executor).getFirst().figures()) {
            out.put(figure.figure().name(), figure.interval().orElseGet(() -> Interval.of(new double[] {figure.model()})));
        }
        return out;
    }
}
