package org.overbook.perf.reproduce;

import java.util.Objects;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * One number a preset reproduces: what it measures, what the paper reports, the shape the model must
 * show, and how the model's value is computed from the preset's results.
 *
 * <p>A figure with a paper value is judged two-sided against it ({@link Verdict#BAND}): model / paper must lie in
 * [0.75, 1.25], and the shape must hold too (a paper's {@code < 5 %} is a bound the band alone would not enforce).
 * A figure without one is judged by its shape alone. A figure that cannot fail by construction of the model or
 * of its set-up says why in {@code byConstruction}: it is still computed and printed, but given no verdict, so
 * that nobody counts it as evidence.
 *
 * @param name           what is measured, as printed ({@code p99 latency, drop / backup-ring})
 * @param paper          the paper's value, or {@link Double#NaN} where the paper states only a shape
 * @param shape          the paper's claim as a test on the model's value
 * @param model          computes the model's value from the measured points
 * @param byConstruction why the figure cannot fail, or empty for a figure that is judged
 * @param parts          the parts the figure is the worst of, printed beside it; empty for a figure of one part
 */
public record Figure(String name, double paper, Shape shape, ToDoubleFunction<Measurements> model, String byConstruction,
                     Optional<Parts> parts) {

    public Figure {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(shape, "shape");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(byConstruction, "byConstruction");
        Objects.requireNonNull(parts, "parts");
    }

    /** Returns a figure that holds by construction ({@code byConstruction} says why), printed and never judged. */
    public Figure(String name, double paper, Shape shape, ToDoubleFunction<Measurements> model, String byConstruction) {
        this(name, paper, shape, model, byConstruction, Optional.empty());
    }

    /** Returns a figure that is judged: against the paper's value two-sided when it has one, and by its shape. */
    public Figure(String name, double paper, Shape shape, ToDoubleFunction<Measurements> model) {
        this(name, paper, shape, model, "");
    }

    /** Returns a judged figure whose value is the largest of {@code parts}, each of which the report prints too. */
    public static Figure worstOf(String name, double paper, Shape shape, Parts parts) {
        return new Figure(name, paper, shape, parts::worst, "", Optional.of(parts));
    }

    /** Returns whether the paper gives a number to compare with. */
    public boolean hasPaperValue() {
        return Double.isFinite(paper);
    }

    /** Returns whether the figure holds by construction and is therefore given no verdict. */
    public boolean isByConstruction() {
        return !byConstruction.isEmpty();
    }
}
