package org.overbook.perf.reproduce;

import java.math.BigDecimal;
import java.util.Objects;
import java.util.function.DoublePredicate;

/**
 * What a paper's result looks like, stated as a test on the model's figure: {@code > 1} (on-demand wins),
 * {@code < 1.05} (adds under 5 %), {@code >= 100} (orders of magnitude). A shape is what the model must
 * reproduce; the paper's exact value is only compared with it ({@link Figure#paper()}).
 *
 * @param text what the shape says, as printed ({@code >= 0.97})
 * @param test whether a model figure has the shape; never true for a figure that is not finite
 */
public record Shape(String text, DoublePredicate test) {

    public Shape {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(test, "test");
    }

    /** The figure is at least {@code bound}. */
    public static Shape atLeast(double bound) {
        return new Shape(">= " + number(bound), x -> x >= bound);
    }

    /** The figure is above {@code bound}. */
    public static Shape above(double bound) {
        return new Shape("> " + number(bound), x -> x > bound);
    }

    /** The figure is below {@code bound}. */
    public static Shape below(double bound) {
        return new Shape("< " + number(bound), x -> x < bound);
    }

    /** Returns whether {@code figure} is finite and has this shape. */
    public boolean holds(double figure) {
        return Double.isFinite(figure) && test.test(figure);
    }

    private static String number(double bound) {
        return BigDecimal.valueOf(bound).stripTrailingZeros().toPlainString();
    }
}
