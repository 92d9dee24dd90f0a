package org.overbook.perf.report;

/**
 * How many points a results folder and the terminal show one by one. A sweep of three axes crossed runs hundreds of
 * points; past {@link #POINTS} of them each point's own section of {@code report.md} (its tenant table, caveats and
 * three time-series charts) makes a report of megabytes nobody reads, drawing those charts costs more than
 * simulating a cheap point (about 0.1 s of one core for a point's three PNGs), and a bar or CDF line per point is
 * no longer legible at a chart's width. So past it a point is a row of one table, in {@code report.md} and on the
 * terminal, it has no charts of its own, and the charts across points keep only what can be read ({@link Charts}).
 * Every figure is still written: {@code summary.csv}, {@code summary.json}, {@code timeseries.csv},
 * {@code resources.csv} and the {@code .hgrm} files hold every point whatever their number.
 */
public final class PointDetail {

    /** The most points shown one by one, each with its own section, table and charts. */
    public static final int POINTS = 40;

    private PointDetail() {
    }

    /** Returns whether a run of {@code points} points shows each in full (at most {@link #POINTS}). */
    public static boolean eachInFull(int points) {
        return points <= POINTS;
    }
}
