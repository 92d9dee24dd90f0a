package org.overbook.perf.sensitivity;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.function.UnaryOperator;
import org.overbook.perf.report.Interval;
import org.overbook.perf.run.PointExecutor;
import org.overbook.perf.scenario.ScenarioFile;

/**
 * One sensitivity study under way ({@link Sensitivity#study}): its plan, each subject unchanged and then with each
 * estimate it uses at {@link Sensitivity#LOW} and at {@link Sensitivity#HIGH} times its value, and the rows of the
 * estimates measured so far. It runs one variant of the plan at a time ({@link #runNext}), so that its caller can
 * write what it has between two: a study of several subjects runs for many minutes, and one stopped part way keeps
 * the rows it had ({@link #progress()}). Not thread-safe: one thread at a time runs it or reads it.
 */
public final class Study {

    /**
     * One step of the plan: {@code subject} unchanged ({@code estimate} null), or with {@code estimate} at {@code factor}
     * times {@code value}, its value in the subject as written.
     */
    private record Variant(Subject subject, Estimate estimate, double factor, String value) {

        /** Returns how progress names it: {@code base}, or {@code <estimate> x<factor>}. */
        String label() {
            return estimate == null ? "base" : estimate.name() + " x" + factor;
        }

        UnaryOperator<ScenarioFile> change() {
            return estimate == null ? UnaryOperator.identity() : file -> estimate.scaled(file, factor).orElse(file);
        }
    }

    private final List<String> subjects;
    private final List<Variant> plan = new ArrayList<>();
    private final List<Sensitivity.Row> rows = new ArrayList<>();
    private int next;
    /** The figures of the current subject unchanged, and with the current estimate at {@link Sensitivity#LOW}. */
    private Map<String, Interval> base;
    private Map<String, Interval> low;

    Study(List<Subject> subjects, List<Estimate> estimates) {
        this.subjects = subjects.stream().map(Subject::name).toList();
        for (Subject subject : subjects) {
            plan.add(new Variant(subject, null, 1, ""));
            for (Estimate estimate : estimates) {
                Optional<ScenarioFile> uses = subject.files().stream()
                        .filter(f -> estimate.scaled(f, Sensitivity.LOW).isPresent()).findFirst();
                if (uses.isPresent()) {
                    String value = estimate.valueIn(uses.get());
                    plan.add(new Variant(subject, estimate, Sensitivity.LOW, value));
                    plan.add(new Variant(subject, estimate, Sensitivity.HIGH, value));
                }
            }
        }
    }

    /** Returns whether every variant of the plan has run. */
    public boolean finished() {
        return next == plan.size();
    }

    /**
     * Runs the next variant of the plan on {@code executor}, telling {@code listener} first; once an estimate has run at
     * both values, adds its rows, a row per headline figure of the subject.
     */
    public void runNext(PointExecutor executor, Sensitivity.Listener listener) throws InterruptedException, ExecutionException {
        Variant variant = plan.get(next);
        listener.running(variant.subject().name(), variant.label());
        Map<String, Interval> measured = variant.subject().measure(variant.change(), executor);
        if (variant.estimate() == null) {
            base = measured;
        } else if (variant.factor() == Sensitivity.LOW) {
            low = measured;
        } else {
            base.forEach((headline, interval) -> rows.add(new Sensitivity.Row(variant.subject().name(), variant.estimate(),
                    variant.value(), headline, interval, low.get(headline), measured.get(headline))));
        }
        next++;
    }

    /** Returns what the study has measured so far, a copy that later variants leave as it is. */
    public StudyProgress progress() {
        Map<String, List<String>> measured = new LinkedHashMap<>();
        Map<String, List<String>> unmeasured = new LinkedHashMap<>();
        for (int i = 0; i < plan.size(); i++) {
            Variant variant = plan.get(i);
            if (variant.factor() == Sensitivity.HIGH) {
                (i < next ? measured : unmeasured).computeIfAbsent(variant.subject().name(), s -> new ArrayList<>())
                        .add(variant.estimate().name());
            }
        }
        return new StudyProgress(subjects, rows, plan.size(), next, measured, unmeasured);
    }
}
