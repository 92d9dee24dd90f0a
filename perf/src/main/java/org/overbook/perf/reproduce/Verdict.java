package org.overbook.perf.reproduce;

/**
 * What a computed figure says about the paper's claim. {@code reproduce --strict} fails on every verdict that
 * {@link #fails()}.
 */
public enum Verdict {
    /** The paper gives a number; model / paper lies in [{@link #LOW}, {@link #HIGH}] and the shape holds. */
    WITHIN("within ±25 %"),
    /** The paper gives a number; model / paper lies outside the band, or the shape (a bound the paper states) does not hold. */
    OUTSIDE("OUTSIDE"),
    /** The paper states a shape only, and the model's figure has it. */
    SHAPE_HOLDS("shape holds"),
    /** The paper states a shape only, and the model's figure does not have it. */
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

    /** Returns whether {@code reproduce --strict} counts this verdict as a failure. */
    public boolean fails() {
        return this == OUTSIDE || this == SHAPE_FAILS || this == NOT_COMPUTED;
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
        return shape && ratio >= LOW && ratio <= HIGH ? WITHIN : OUTSIDE;
    }
}
