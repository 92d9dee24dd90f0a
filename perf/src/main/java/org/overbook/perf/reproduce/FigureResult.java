package org.overbook.perf.reproduce;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.SequencedMap;
import org.overbook.perf.report.Interval;

/**
 * A figure of a preset, computed: the model's value beside the paper's, and, when the points ran under several
 * seeds, the figure's 95 % confidence interval over them.
 *
 * <p>With replications the figure is computed once per replication (from that replication's run of every point)
 * and the model's value is their mean: a ratio of two means would hide how the two points co-vary. The verdict is
 * taken on that mean; the interval shows how far it could move.
 *
 * @param preset   the preset it belongs to
 * @param figure   what was computed
 * @param model    the model's value (the mean over replications); {@link Double#NaN} if it could not be computed
 * @param interval the interval over replications, present only with two or more
 * @param problem  why it could not be computed, or empty
 * @param parts    each part's value of a figure that is the worst of its parts ({@link Figure#parts()}), the mean
 *                 over replications as the figure's is; empty for a figure of one part or one not computed
 */
public record FigureResult(Preset preset, Figure figure, double model, Optional<Interval> interval, String problem,
                           SequencedMap<String, Double> parts) {

    public FigureResult {
        Objects.requireNonNull(preset, "preset");
        Objects.requireNonNull(figure, "figure");
        Objects.requireNonNull(interval, "interval");
        Objects.requireNonNull(problem, "problem");
        parts = Collections.unmodifiableSequencedMap(new LinkedHashMap<>(parts));
    }

    /** Returns the result of a figure of one part. */
    public FigureResult(Preset preset, Figure figure, double model, Optional<Interval> interval, String problem) {
        this(preset, figure, model, interval, problem, new LinkedHashMap<>());
    }

    /**
     * Computes {@code figure} of {@code preset} from each replication's {@code measurements} (replication 0 first); a
     * missing point or metric in any gives NaN and the reason.
     */
    static FigureResult compute(Preset preset, Figure figure, List<Measurements> replications) {
        List<Double> values = new ArrayList<>();
        List<SequencedMap<String, Double>> parts = new ArrayList<>();
        for (Measurements measurements : replications) {
            try {
                values.add(figure.model().applyAsDouble(measurements));
                figure.parts().ifPresent(p -> parts.add(p.values().apply(measurements)));
            } catch (Measurements.MissingMeasurement e) {
                return new FigureResult(preset, figure, Double.NaN, Optional.empty(), e.getMessage());
            }
        }
        if (values.size() == 1 || values.stream().anyMatch(v -> !Double.isFinite(v))) {
            return new FigureResult(preset, figure, values.size() == 1 ? values.getFirst() : Double.NaN, Optional.empty(), "",
                    mean(parts));
        }
        Interval interval = Interval.of(values.stream().mapToDouble(Double::doubleValue).toArray());
        return new FigureResult(preset, figure, interval.mean(), Optional.of(interval), "", mean(parts));
    }

    /** Returns each part's mean over the replications, for the parts every replication has, in the first one's order. */
    private static SequencedMap<String, Double> mean(List<SequencedMap<String, Double>> replications) {
        SequencedMap<String, Double> out = new LinkedHashMap<>();
        if (replications.isEmpty()) {
            return out;
        }
        for (String part : replications.getFirst().keySet()) {
            if (replications.stream().allMatch(r -> r.containsKey(part))) {
                out.put(part, replications.stream().mapToDouble(r -> r.get(part)).average().orElseThrow());
            }
        }
        return out;
    }

    /** Returns model / paper, or NaN where the paper states only a shape. */
    public double ratio() {
        return figure.hasPaperValue() ? model / figure.paper() : Double.NaN;
    }

    /** Returns what the figure says about the paper's claim. */
    public Verdict verdict() {
        return Verdict.of(figure, model);
    }

    /** Returns whether the verdict is not a failure: the figure holds, or is by construction and not judged. */
    public boolean holds() {
        return !verdict().fails();
    }
}
