package org.overbook.perf.reproduce;

import java.util.Objects;
import java.util.function.ToDoubleFunction;

/**
 * One number a preset reproduces: what it measures, what the paper reports, the shape the model must
 * show, and how the model's value is computed from the preset's results.
 *
 * @param name  what is measured, as printed ({@code p99 latency, drop / backup-ring})
 * @param paper the paper's value, or {@link Double#NaN} where the paper states only a shape
 * @param shape the paper's claim as a test on the model's value
 * @param model computes the model's value from the measured points
 */
public record Figure(String name, double paper, Shape shape, ToDoubleFunction<Measurements> model) {

    public Figure {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(shape, "shape");
        Objects.requireNonNull(model, "model");
    }

    /** Returns whether the paper gives a number to compare with. */
    public boolean hasPaperValue() {
        return Double.isFinite(paper);
    }
}
