package org.overbook.perf.reproduce;

import java.util.Locale;

/**
 * What a computed figure says about the paper's claim. {@code reproduce --strict} fails on every verdict that
 * {@link #fails()}.
 *
 * <p>A figure with a paper value has two checks, the band and the shape, and its verdict names every check that
 * fails: {@link #OUTSIDE} the band alone, {@link #SHAPE_FAILS} the shape alone, {@link #OUTSIDE_AND_SHAPE_FAILS}
 * both (a trend the wrong way round that also misses the number), so that one failure never hides the other.
 */
public enum Verdict {
    /** The paper gives a number; model / paper lies in [{@link #LOW}, {@link #HIGH}] and the shape holds. */
    WITHIN("within ±25 %"),
    /** The paper gives a number; model / paper lies outside the band, and the shape holds. */
    OUTSIDE("OUTSIDE"),
    /** The paper gives a number; model / paper lies outside the band, and the shape does not hold either. */
    OUTSIDE_AND_SHAPE_FAILS("OUTSIDE and SHAPE FAILS"),
    /** The paper states a shape only, and the model's figure has it. */
    SHAPE_HOLDS("shape holds"),
    /**
     * The model's figure does not have the paper's shape: a paper that states a shape only, or one that gives a
     * number the model lies within the band of while past the bound the paper states ({@code < 1.05} at 1.1).
     */
    SHAPE_FAILS("SHAPE FAILS"),
    /** A point or metric the figure needs is missing. */
    NOT_COMPUTED("NOT COMPUTED"),
    /** The figure cannot fail by construction: printed, never judged ({@link Figure#byConstruction()}). */
    BY_CONSTRUCTION("by construction");

    /** The lowest model / paper ratio that holds. */
    public static final double LOW = 0.75;
    /** The highest model / paper ratio that holds. */
    public static final double HIGH = 1.25;
    /** The band as printed. */
    public static final String BAND = "0.75-1.25x paper";

    private final String text;

    Verdict(String text) {
        this.text = text;
    }

    /** Returns the verdict as the table prints it. */
    public String text() {
        return text;
    }

    /** Returns the verdict as {@code reproduce.csv} spells it: {@code outside-and-shape-fails}. */
    public String token() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Returns whether {@code reproduce --strict} counts this verdict as a failure. */
    public boolean fails() {
        return this == OUTSIDE || this == OUTSIDE_AND_SHAPE_FAILS || this == SHAPE_FAILS || this == NOT_COMPUTED;
    }

    /** Returns the verdict on {@code figure} at the model's value {@code model} (NaN when it could not be computed). */
    static Verdict of(Figure figure, double model) {
        if (figure.isByConstruction()) {
            return BY_CONSTRUCTION;
        }
        if (!Double.isFinite(model)) {
            return NOT_COMPUTED;
        }
        boolean shape = figure.shape().holds(model);
        if (!figure.hasPaperValue()) {
            return shape ? SHAPE_HOLDS : SHAPE_FAILS;
        }
        double ratio = model / figure.paper();
        boolean band = ratio >= LOW && ratio <= HIGH;
        if (band) {
            return shape ? WITHIN : SHAPE_FAILS;
        }
        return shape ? OUTSIDE : OUTSIDE_AND_SHAPE_FAILS;
    }
}
