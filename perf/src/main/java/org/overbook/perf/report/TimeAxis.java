package org.overbook.perf.report;

import java.util.Arrays;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The virtual-time x axis of the charts over a run: one unit chosen from the run's length (ns, µs, ms or s, the
 * largest the run lasts at least one of), named in the axis title ({@code virtual time (ms)}), the ticks plain
 * round numbers in it ({@code 0 100 200 300}), from zero to the end of the run.
 *
 * <p>XChart spaces the ticks of a numeric axis at a round step (1, 2 or 5 times a power of ten) at least
 * {@value #TICK_SPACING} pixels apart, checking that the labels fit, except when every x value of the chart is
 * equally spaced, as the memory samples are: then it labels every n-th sample, at odd values whose labels only just
 * fit and run together ({@code 136 ms204 ms}; XChart issue 731). {@link #install} therefore adds a hidden series of
 * one point halfway between the first two x values, which no sample grid holds, and so keeps every time axis on
 * the round steps.
 *
 * @param unit         the unit's symbol
 * @param nanosPerUnit nanoseconds in one unit
 */
record TimeAxis(String unit, double nanosPerUnit) {

    /** Fewest pixels between neighbouring ticks. */
    static final int TICK_SPACING = 120;
    /** The hidden series that keeps XChart on round steps. */
    static final String OFF_GRID = "off-grid";

    /** Returns the axis of a run lasting {@code spanNanos}. */
    static TimeAxis of(double spanNanos) {
        if (spanNanos >= 1e9) {
            return new TimeAxis("s", 1e9);
        } else if (spanNanos >= 1e6) {
            return new TimeAxis("ms", 1e6);
        } else if (spanNanos >= 1e3) {
            return new TimeAxis("µs", 1e3);
        }
        return new TimeAxis("ns", 1);
    }

    /** Returns {@code nanos} in this axis's unit. */
    double value(double nanos) {
        return nanos / nanosPerUnit;
    }

    /** Returns the axis title. */
    String title() {
        return "virtual time (" + unit + ")";
    }

    /**
     * Makes {@code chart}'s x axis this one, from zero to {@code endNanos}; call it once the chart's series are added.
     */
    void install(XYChart chart, double endNanos) {
        chart.setXAxisTitle(title());
        XYStyler styler = chart.getStyler();
        styler.setXAxisMin(0.0);
        styler.setXAxisMax(value(endNanos));
        styler.setXAxisTickMarkSpacingHint(TICK_SPACING);
        styler.setxAxisTickLabelsFormattingFunction(TickLabels::plain);
        double[] x = chart.getSeriesMap().values().stream().flatMapToDouble(s -> Arrays.stream(s.getXData()))
                .distinct().sorted().toArray();
        if (x.length >= 2) {
            XYSeries offGrid = chart.addSeries(OFF_GRID, new double[] {(x[0] + x[1]) / 2}, new double[] {Double.NaN});
            offGrid.setMarker(SeriesMarkers.NONE);
            offGrid.setShowInLegend(false);
        }
    }
}
