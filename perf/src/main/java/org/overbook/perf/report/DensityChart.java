package org.overbook.perf.report;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.overbook.perf.density.Bound;
import org.overbook.perf.density.CurvePoint;
import org.overbook.perf.density.DensityCurve;
import org.overbook.perf.density.SloMetric;

/**
 * Draws a density curve with XChart, one PNG per bound of the objective: the worst tenant's figure (the
 * highest latency, or the lowest throughput, ticks spelled by {@link TickLabels}) against the number of tenants, the probes that met the
 * objective as green circles, those that failed it as red crosses and those that could not be measured (a load phase
 * still running, a percentile from too few requests) as grey diamonds, each series named by its verdict, joined in
 * order of tenants, and the bound as a dashed horizontal line. A probe not measured is no failure: a cross would
 * read as one even where its figure lies within the bound. A latency axis is logarithmic, from decade to decade, when the curve spans more
 * than a decade.
 * Without AWT fonts nothing is drawn and {@link #failure()} says why.
 */
final class DensityChart {

    private static final int WIDTH = 800;
    private static final int HEIGHT = 500;
    private static final Color MEETS = new Color(0x2e7d32);
    private static final Color FAILS = new Color(0xc62828);
    private static final Color NOT_MEASURED = new Color(0x757575);
    private static final String MEETS_VERDICT = "meets";
    private static final String FAILS_VERDICT = "fails";
    private static final String NOT_MEASURED_VERDICT = "not measured";

    private final Path folder;
    private String failure = "";

    DensityChart(Path folder) {
        this.folder = folder;
    }

    /** Returns why no chart was drawn, or an empty string. */
    String failure() {
        return failure;
    }

    /** Returns the file name of the chart of {@code metric}'s bound. */
    static String fileName(SloMetric metric) {
        return "density-" + metric.key() + ".png";
    }

    /** Draws a chart per bound that has data; returns the file names written. */
    List<String> write(DensityCurve curve) {
        List<String> written = new ArrayList<>();
        try {
            for (Bound bound : curve.objective().bounds()) {
                XYChart chart = chart(curve, bound);
                if (chart != null) {
                    String name = fileName(bound.metric());
                    AtomicFiles.write(folder.resolve(name), BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG));
                    written.add(name);
                }
            }
        } catch (RuntimeException | LinkageError | IOException e) {
            failure = e.getClass().getSimpleName() + ": " + e.getMessage();
        }
        return written;
    }

    /** Returns the chart of {@code bound}, or null when no probe has a figure for it. */
    static XYChart chart(DensityCurve curve, Bound bound) {
        boolean latency = bound.metric().latency();
        List<Double> x = new ArrayList<>();
        List<Double> y = new ArrayList<>();
        List<String> verdicts = new ArrayList<>();
        for (CurvePoint p : curve.points()) {
            double value = p.judgement().worst(bound.metric());
            if (Double.isFinite(value)) {
                x.add((double) p.tenants());
                y.add(value);
                verdicts.add(p.judgement().verdict());
            }
        }
        if (x.isEmpty()) {
            return null;
        }
        double limit = bound.limit();
        double low = Math.min(limit, y.stream().mapToDouble(Double::doubleValue).min().orElseThrow());
        double high = Math.max(limit, y.stream().mapToDouble(Double::doubleValue).max().orElseThrow());
        // XChart's tick formatting function makes an axis linear: a logarithmic latency axis is in µs, plain decimals
        boolean logarithmic = latency && low > 0 && high / low > 10;
        double scale = logarithmic ? 1e3 : 1;
        y.replaceAll(v -> v / scale);
        limit /= scale;
        String unit = logarithmic ? "µs, log scale" : latency ? "virtual time" : "ops/s";
        String metric = (latency ? "worst tenant's " : "lowest tenant's ") + bound.metric().key();
        String title = "Density: " + metric + " by number of tenants (" + curve.source() + ")";
        String objective = String.format(Locale.ROOT, "objective: %s", bound);
        XYChart chart = new XYChartBuilder().width(ChartWidth.of(title, WIDTH, List.of(MEETS_VERDICT, FAILS_VERDICT, NOT_MEASURED_VERDICT, objective)))
                .height(HEIGHT).title(title).xAxisTitle("tenants").yAxisTitle(metric + " (" + unit + ")").build();
        chart.getStyler().setXAxisDecimalPattern("#");
        if (logarithmic) {
            // from the decade below to the decade above, so that every decade the curve spans is labelled
            chart.getStyler().setYAxisLogarithmic(true);
            chart.getStyler().setYAxisDecimalPattern("#,##0.###");
            chart.getStyler().setYAxisMin(Math.pow(10, Math.floor(Math.log10(low / scale))));
            chart.getStyler().setYAxisMax(Math.pow(10, Math.ceil(Math.log10(high / scale))));
        } else {
            chart.getStyler().setyAxisTickLabelsFormattingFunction(TickLabels.of(latency ? TickLabels.Unit.NANOS : TickLabels.Unit.COUNT));
        }
        XYSeries line = chart.addSeries("curve", x, y);
        line.setMarker(SeriesMarkers.NONE).setLineColor(Color.GRAY);
        line.setShowInLegend(false);
        points(chart, MEETS_VERDICT, x, y, verdicts, SeriesMarkers.CIRCLE, MEETS);
        points(chart, FAILS_VERDICT, x, y, verdicts, SeriesMarkers.CROSS, FAILS);
        points(chart, NOT_MEASURED_VERDICT, x, y, verdicts, SeriesMarkers.DIAMOND, NOT_MEASURED);
        double from = x.getFirst();
        double to = Math.max(x.getLast(), from + 1);
        XYSeries slo = chart.addSeries(objective, List.of(from, to), List.of(limit, limit));
        slo.setMarker(SeriesMarkers.NONE).setLineStyle(SeriesLines.DASH_DASH).setLineColor(Color.BLACK);
        return chart;
    }

    private static void points(XYChart chart, String verdict, List<Double> x, List<Double> y, List<String> verdicts, Marker marker,
                               Color color) {
        List<Double> px = new ArrayList<>();
        List<Double> py = new ArrayList<>();
        for (int i = 0; i < x.size(); i++) {
            if (verdicts.get(i).equals(verdict)) {
                px.add(x.get(i));
                py.add(y.get(i));
            }
        }
        if (!px.isEmpty()) {
            XYSeries series = chart.addSeries(verdict, px, py);
            series.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            series.setMarker(marker).setMarkerColor(color);
        }
    }
}
