package org.overbook.perf.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.overbook.perf.run.ResourceSeries;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.Saturation;

/**
 * The chart of what saturated, over time, for one point: the utilisation of every contended resource in
 * each interval of the time series (a line per resource, plotted at the interval's middle, dashed on the client
 * host; resources idle for the whole run left out), a black dotted
 * line at the saturation level ({@link Saturation#THRESHOLD}) and a grey dashed line at the end of the
 * warm-up. Builds the chart only; {@link Charts} renders it.
 */
final class SaturationChart {

    static final String SUFFIX = "-saturation.png";
    private static final int WIDTH = 1000;
    private static final int HEIGHT = 500;
    private static final String LEVEL = "saturated (" + Math.round(100 * Saturation.THRESHOLD) + " %)";

    private SaturationChart() {
    }

    static String file(RunResult result) {
        return "p" + result.index() + SUFFIX;
    }

    /** Returns whether {@code result} has anything to draw: a contended resource and two samples. */
    static boolean drawable(RunResult result) {
        return result.resources().resources() > 0 && result.resources().samples() >= 2;
    }

    static XYChart chart(RunResult result) {
        ResourceSeries rs = result.resources();
        int intervals = rs.samples() - 1;
        double end = rs.timeNanos(rs.samples() - 1);
        TimeAxis axis = TimeAxis.of(end);
        double[] x = new double[intervals];
        for (int k = 0; k < intervals; k++) {
            x[k] = axis.value((rs.timeNanos(k) + rs.timeNanos(k + 1)) / 2.0);
        }
        String title = TimeSeriesCharts.captionName(result) + ": utilisation of each contended resource";
        List<String> legend = new ArrayList<>();
        for (int r = 0; r < rs.resources(); r++) {
            if (!rs.idle(r)) {
                legend.add(rs.window(r).label());
            }
        }
        legend.add(LEVEL);
        XYChart chart = new XYChartBuilder().width(ChartWidth.of(title, WIDTH, legend)).height(HEIGHT).title(title)
                .yAxisTitle("utilisation").build();
        chart.getStyler().setyAxisTickLabelsFormattingFunction(TickLabels.of(TickLabels.Unit.FRACTION));
        XYStyler styler = chart.getStyler();
        styler.setLegendPosition(Styler.LegendPosition.OutsideE);
        styler.setYAxisMin(0.0);
        styler.setAnnotationLineColor(Color.GRAY);
        styler.setAnnotationLineStroke(new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10,
                new float[] {6, 4}, 0));
        double top = 1.0;
        for (int r = 0; r < rs.resources(); r++) {
            if (rs.idle(r)) {
                continue;
            }
            double[] y = new double[intervals];
            for (int k = 0; k < intervals; k++) {
                y[k] = rs.utilisation(k, r);
                top = Math.max(top, y[k]);
            }
            XYSeries series = chart.addSeries(rs.window(r).label(), x, y);
            series.setMarker(SeriesMarkers.NONE);
            series.setLineColor(TimeSeriesCharts.colour(r)); // by resource, so a resource keeps its colour from point to point
            series.setLineStyle(rs.window(r).key().startsWith("client") ? SeriesLines.DASH_DASH : SeriesLines.SOLID);
        }
        styler.setYAxisMax(top * 1.05);
        XYSeries level = chart.addSeries(LEVEL,
                new double[] {0, axis.value(end)},
                new double[] {Saturation.THRESHOLD, Saturation.THRESHOLD});
        level.setMarker(SeriesMarkers.NONE);
        level.setLineColor(Color.BLACK); // no resource's colour
        level.setLineStyle(SeriesLines.DOT_DOT);
        if (rs.timeNanos(rs.warmUpSample()) > 0) {
            chart.addAnnotation(new AnnotationLine(axis.value(rs.timeNanos(rs.warmUpSample())), true, false));
        }
        axis.install(chart, end);
        return chart;
    }

    static String caption(RunResult result) {
        Saturation verdict = Saturation.of(result.resources());
        return "Point " + result.index() + ": what saturated, over time: the utilisation of each contended resource in"
                + " each hundredth of the run (dashed on the client host); the black dotted line is the saturation level ("
                + Math.round(100 * Saturation.THRESHOLD) + " %)" + (result.resources().timeNanos(
                result.resources().warmUpSample()) > 0 ? ", the grey dashed line the end of the warm-up" : "")
                + "; resources idle for the whole run are left out. Saturated first: " + verdict.brief() + ".";
    }
}
