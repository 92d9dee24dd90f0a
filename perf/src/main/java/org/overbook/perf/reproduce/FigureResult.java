package org.overbook.perf.reproduce;

import java.util.Objects;

/**
 * A figure of a preset, computed: the model's value beside the paper's.
 *
 * @param preset  the preset it belongs to
 * @param figure  what was computed
 * @param model   the model's value; {@link Double#NaN} if it could not be computed
 * @param problem why it could not be computed, or empty
 */
public record FigureResult(Preset preset, Figure figure, double model, String problem) {

    public FigureResult {
        Objects.requireNonNull(preset, "preset");
        Objects.requireNonNull(figure, "figure");
        Objects.requireNonNull(problem, "problem");
    }

    /** Computes {@code figure} of {@code preset} from {@code measurements}; a missing point or metric gives NaN and the reason. */
    static FigureResult compute(Preset preset, Figure figure, Measurements measurements) {
        try {
            return new FigureResult(preset, figure, figure.model().applyAsDouble(measurements), "");
        } catch (Measurements.MissingMeasurement e) {
            return new FigureResult(preset, figure, Double.NaN, e.getMessage());
        }
    }

    /** Returns model / paper, or NaN where the paper states only a shape. */
    public double ratio() {
        return figure.hasPaperValue() ? model / figure.paper() : Double.NaN;
    }

    /** Returns whether the model's value has the paper's shape. */
    public boolean holds() {
        return figure.shape().holds(model);
    }
}
