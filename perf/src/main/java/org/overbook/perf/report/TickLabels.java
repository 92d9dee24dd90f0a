package org.overbook.perf.report;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.function.Function;

/**
 * How the charts spell the numbers on their axes, as a person reads them: {@code 400k} and {@code 2.8M}
 * rather than {@code 4E5} and {@code 2.8E6}, {@code 250 µs} and {@code 1.5 ms} rather than {@code 250000} ns,
 * {@code 512 MiB} and {@code 1.5 GiB}, {@code 90 %}. Each formatter keeps three significant digits at most and
 * drops trailing zeros, so neighbouring ticks differ visibly. Installed on the XChart stylers through their
 * tick-label formatting functions.
 */
final class TickLabels {

    private static final String[] COUNT_SUFFIXES = {"", "k", "M", "G", "T"};
    private static final String[] BYTE_UNITS = {"B", "KiB", "MiB", "GiB", "TiB"};

    private TickLabels() {
    }

    /** A count or a rate: {@code 950}, {@code 1.5k}, {@code 400k}, {@code 2.8M}; below one, {@code 0.25}. */
    static String count(double value) {
        double magnitude = Math.abs(value);
        int step = 0;
        while (magnitude >= 999.5 && step < COUNT_SUFFIXES.length - 1) {
            magnitude /= 1000;
            step++;
        }
        return sign(value) + digits(magnitude) + COUNT_SUFFIXES[step];
    }

    /** A duration in nanoseconds: {@code 800 ns}, {@code 12 µs}, {@code 1.5 ms}, {@code 2 s}. */
    static String nanos(double value) {
        double magnitude = Math.abs(value);
        String unit;
        if (magnitude == 0) {
            return "0";
        } else if (magnitude < 999.5) {
            unit = " ns";
        } else if (magnitude < 999_500) {
            magnitude /= 1e3;
            unit = " µs";
        } else if (magnitude < 999_500_000) {
            magnitude /= 1e6;
            unit = " ms";
        } else {
            magnitude /= 1e9;
            unit = " s";
        }
        return sign(value) + digits(magnitude) + unit;
    }

    /** A size in MiB: {@code 512 KiB} for 0.5, {@code 256 MiB}, {@code 1.5 GiB} for 1536. */
    static String mebibytes(double value) {
        return bytes(value * (1 << 20));
    }

    /** A size in bytes, in binary units: {@code 4 KiB}, {@code 1.5 MiB}, {@code 2 GiB}. */
    static String bytes(double value) {
        double magnitude = Math.abs(value);
        int step = 0;
        while (magnitude >= 1023.5 && step < BYTE_UNITS.length - 1) {
            magnitude /= 1024;
            step++;
        }
        return magnitude == 0 ? "0" : sign(value) + digits(magnitude) + " " + BYTE_UNITS[step];
    }

    /** A fraction as a percentage: {@code 0.9} is {@code 90 %}. */
    static String percent(double value) {
        return digits(value * 100) + " %";
    }

    /**
     * A number as written, for an axis whose title names the unit: {@code 0}, {@code 0.25}, {@code 150}, {@code 1500};
     * six significant digits at most, so that no two round ticks read alike.
     */
    static String plain(double value) {
        if (value == 0) {
            return "0";
        }
        return BigDecimal.valueOf(value).round(new MathContext(6)).stripTrailingZeros().toPlainString();
    }

    /** A formatter of one of the kinds above, for an axis. */
    static Function<Double, String> of(Unit unit) {
        return switch (unit) {
            case COUNT -> TickLabels::count;
            case NANOS -> TickLabels::nanos;
            case MEBIBYTES -> TickLabels::mebibytes;
            case FRACTION -> TickLabels::percent;
        };
    }

    /** What an axis holds. */
    enum Unit {
        COUNT, NANOS, MEBIBYTES, FRACTION
    }

    private static String sign(double value) {
        return value < 0 ? "-" : "";
    }

    /** Up to three significant digits, at most two decimals, no trailing zeros. */
    private static String digits(double magnitude) {
        if (magnitude == 0) {
            return "0";
        }
        BigDecimal rounded = BigDecimal.valueOf(magnitude).round(new MathContext(3));
        if (rounded.scale() > 2) {
            rounded = rounded.setScale(2, java.math.RoundingMode.HALF_EVEN);
        }
        String text = rounded.stripTrailingZeros().toPlainString();
        return "0".equals(text) && magnitude > 0 ? BigDecimal.valueOf(magnitude).round(new MathContext(1)).toPlainString() : text;
    }
}
