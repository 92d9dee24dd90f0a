package org.overbook.perf.sensitivity;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.function.UnaryOperator;
import org.overbook.perf.report.Interval;
import org.overbook.perf.reproduce.Preset;
import org.overbook.perf.run.PointExecutor;
import org.overbook.perf.scenario.ScenarioFile;
import org.overbook.perf.scenario.ScenarioLoader;

/** What a sensitivity study varies the inputs of: a scenario file, or a reproduce preset. */
public interface Subject {

    /** Returns a scenario file as a subject: its best point's throughput, p50 and p99 ({@link ScenarioSubject}). */
    static Subject of(String name, ScenarioFile file, int replications) {
        return new ScenarioSubject(name, file, replications);
    }

    /** Returns a reproduce preset as a subject, at reduced size when {@code quick}: its figures. */
    static Subject of(Preset preset, ScenarioLoader loader, boolean quick, int replications) {
        return new PresetSubject(preset, loader, quick, replications);
    }

    /** Returns how the tables name it ({@code default.yaml}, {@code netvm}). */
    String name();

    /** Returns its scenario files as written, to tell which estimates it uses and their values. */
    List<ScenarioFile> files();

    /**
     * Runs it with every file changed by {@code change}, each point under the study's replications, and returns each
     * headline figure's interval over the replications, by name, in a stable order.
     */
    Map<String, Interval> measure(UnaryOperator<ScenarioFile> change, PointExecutor executor)
            throws InterruptedException, ExecutionException;
}
