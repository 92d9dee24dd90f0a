package org.overbook.perf.report;

import java.awt.Color;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.CategoryStyler;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.overbook.perf.run.Metrics;
import org.overbook.perf.run.RunResult;

/**
 * Draws the PNG charts of a results folder with XChart: total throughput and p99 latency by point (no p99 when a
 * point's requests are of several kinds, {@link LatencyKinds}), the latency CDF of every point (of each kind, then),
 * and for each point what saturated over time ({@link SaturationChart}) and its faults and memory over time
 * ({@link TimeSeriesCharts}).
 * A chart is as wide as its title needs ({@link ChartWidth}), its time axis in one unit with round ticks
 * ({@link TimeAxis}), and a point without a figure is left out of that figure's chart rather than drawn as zero.
 * Each PNG is rendered to bytes and written through {@link AtomicFiles}. Drawing
 * needs AWT fonts; where the JDK has none, no chart is drawn and {@link #failure()} says why.
 */
final class Charts {

    static final String THROUGHPUT = "throughput-by-point.png";
    static final String P99 = "p99-by-point.png";
    static final String CDF = "latency-cdf.png";
    /** The charts across points, redrawn by every write. */
    static final Set<String> ACROSS_POINTS = Set.of(THROUGHPUT, P99, CDF);
    private static final int WIDTH = 800;
    private static final int HEIGHT = 500;
    /** The bars' fill: a light blue that black figures read on. */
    private static final Color BAR = new Color(0xA0CBE8);

    private final Path folder;
    private String failure = "";

    Charts(Path folder) {
        this.folder = folder;
    }

    /** Returns why no chart was drawn, or an empty string. */
    String failure() {
        return failure;
    }

    /**
     * Draws the charts that have data; returns the file names written, in the order to show them. Unless
     * {@code eachInFull} ({@link PointDetail}: more points than a chart's width can name), the bars by point carry
     * neither their values nor their labels, which would overprint one another, and the CDF, a line per point told
     * apart by a legend that cannot hold them, is not drawn.
     */
    List<String> write(List<RunResult> results, Replicated replicated, boolean eachInFull) {
        List<String> written = new ArrayList<>();
        try {
            CategoryChart throughput = byPoint(results, replicated, Metrics.THROUGHPUT, eachInFull);
            if (throughput != null) {
                save(throughput, THROUGHPUT, written);
            }
            // a total p99 over kinds of request (8 B and 4 MiB writes) says nothing of either: no bars, the CDF per kind
            boolean mixed = results.stream().anyMatch(LatencyKinds::mixed);
            CategoryChart p99 = mixed ? null : byPoint(results, replicated, Metrics.P99, eachInFull);
            if (p99 != null) {
                save(p99, P99, written);
            }
            XYChart cdf = eachInFull ? cdf(results, axes(results), mixed) : null;
            if (cdf != null) {
                save(cdf, CDF, written);
            }
        } catch (RuntimeException | LinkageError | IOException e) {
            failure = e.getClass().getSimpleName() + ": " + e.getMessage();
        }
        return written;
    }

    /**
     * The latency CDF of every point that measured a request, a line per point in the point's colour (a line per
     * point and kind of request when {@code byKind}), or null when none did. The logarithmic latency axis runs from
     * the decade below the fastest request to the decade above the slowest, so that every decade it spans is labelled.
     */
    static XYChart cdf(List<RunResult> results, String axes, boolean byKind) {
        List<String> names = new ArrayList<>();
        List<double[][]> lines = new ArrayList<>();
        List<Integer> points = new ArrayList<>();
        double low = Double.MAX_VALUE;
        double high = 0;
        for (int i = 0; i < results.size(); i++) {
            Map<String, Histogram> series = byKind ? LatencyKinds.byKind(results.get(i)) : single(merged(results.get(i)));
            for (Map.Entry<String, Histogram> kind : series.entrySet()) {
                Histogram all = kind.getValue();
                if (all == null || all.getTotalCount() == 0) {
                    continue;
                }
                List<double[]> steps = new ArrayList<>();
                for (HistogramIterationValue v : all.percentiles(5)) {
                    double micros = Math.max(all.highestEquivalentValue(v.getValueIteratedTo()), 1) / 1e3;
                    steps.add(new double[] {micros, v.getPercentileLevelIteratedTo() / 100.0});
                    low = Math.min(low, micros);
                    high = Math.max(high, micros);
                }
                lines.add(new double[][] {steps.stream().mapToDouble(p -> p[0]).toArray(),
                        steps.stream().mapToDouble(p -> p[1]).toArray()});
                String label = shortLabel(results.get(i));
                names.add(kind.getKey().isEmpty() ? label : label + " " + kind.getKey());
                points.add(byKind ? lines.size() - 1 : i);
            }
        }
        if (lines.isEmpty()) {
            return null;
        }
        String title = "Latency CDF of " + (byKind ? "each kind of request (message size), by " : "all tenants' requests, by ") + axes;
        XYChart cdf = new XYChartBuilder().width(ChartWidth.of(title, WIDTH, names)).height(HEIGHT).title(title)
                .xAxisTitle("latency (µs, log scale)").yAxisTitle("requests at or below").build();
        // XChart's tick formatting function replaces the logarithmic axis by a linear one: plain decimals here
        cdf.getStyler().setXAxisLogarithmic(true);
        cdf.getStyler().setXAxisDecimalPattern("#,##0.###");
        cdf.getStyler().setXAxisMin(Math.pow(10, Math.floor(Math.log10(low))));
        cdf.getStyler().setXAxisMax(Math.pow(10, Math.max(Math.ceil(Math.log10(high)), Math.floor(Math.log10(low)) + 1)));
        cdf.getStyler().setyAxisTickLabelsFormattingFunction(TickLabels.of(TickLabels.Unit.FRACTION));
        for (int k = 0; k < lines.size(); k++) {
            XYSeries line = cdf.addSeries(names.get(k), lines.get(k)[0], lines.get(k)[1]);
            line.setMarker(SeriesMarkers.NONE);
            line.setLineColor(TimeSeriesCharts.colour(points.get(k)));
        }
        return cdf;
    }

    /** A chart of one point and its one-line caption. */
    record Figure(String file, String caption) {
    }

    /** Draws the time-series charts of {@code result}; returns those written, in the order to show them. */
    List<Figure> writeTimeSeries(RunResult result) {
        List<Figure> written = new ArrayList<>();
        try {
            if (SaturationChart.drawable(result)) {
                save(SaturationChart.chart(result), SaturationChart.file(result), new ArrayList<>());
                written.add(new Figure(SaturationChart.file(result), SaturationChart.caption(result)));
            }
            List<XYChart> faults = TimeSeriesCharts.faults(result);
            if (!faults.isEmpty()) {
                saveGrid(faults, TimeSeriesCharts.faultsFile(result));
                written.add(new Figure(TimeSeriesCharts.faultsFile(result), TimeSeriesCharts.faultsCaption(result)));
            }
            saveGrid(TimeSeriesCharts.memory(result), TimeSeriesCharts.memoryFile(result));
            written.add(new Figure(TimeSeriesCharts.memoryFile(result), TimeSeriesCharts.memoryCaption(result)));
        } catch (RuntimeException | LinkageError | IOException e) {
            failure = e.getClass().getSimpleName() + ": " + e.getMessage();
        }
        return written;
    }

    private void saveGrid(List<XYChart> panels, String name) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        BitmapEncoder.saveBitmap(panels, TimeSeriesCharts.ROWS, TimeSeriesCharts.COLUMNS, bytes, BitmapEncoder.BitmapFormat.PNG);
        AtomicFiles.write(folder.resolve(name), bytes.toByteArray());
    }

    /**
     * The bar chart of total throughput or p99 ({@code metric}) by point, or null when no bar would be above zero.
     * A point without the metric (no request measured, so no p99) is left out, and the x axis title says so,
     * rather than drawn as a bar of zero.
     */
    static CategoryChart byPoint(List<RunResult> results, Replicated replicated, String metric) {
        return byPoint(results, replicated, metric, true);
    }

    /**
     * The same; unless {@code eachInFull}, a profile of the points in file order: no bar's value or label, and the x
     * axis title says how many points there are and where their figures are.
     */
    static CategoryChart byPoint(List<RunResult> results, Replicated replicated, String metric, boolean eachInFull) {
        boolean latency = Metrics.P99.equals(metric);
        List<RunResult> measured = results.stream().filter(r -> r.total().get(metric) != null
                && Double.isFinite(r.total().get(metric).doubleValue())).toList();
        ErrorBars bars = ErrorBars.of(measured, replicated, metric, 1);
        if (bars.values().stream().noneMatch(v -> v > 0)) {
            return null;
        }
        String axes = axes(results);
        List<String> out = results.stream().filter(r -> !measured.contains(r)).map(Charts::shortLabel).toList();
        String xTitle = out.isEmpty() ? axes : axes + "; left out, no request measured: "
                + (out.size() > 3 ? out.size() + " points" : String.join(", ", out));
        if (!eachInFull) {
            xTitle = String.format(java.util.Locale.ROOT, "%d points in file order (%s; each in summary.csv)", measured.size(), xTitle);
        }
        CategoryChart chart = bars((latency ? "p99 latency of all requests by " : "Total throughput of the host by ") + axes
                        + bars.caption(), latency ? "p99 latency" : "throughput (ops/s)", xTitle,
                measured.stream().map(Charts::shortLabel).toList(), bars, latency ? TickLabels.Unit.NANOS : TickLabels.Unit.COUNT);
        if (!eachInFull) {
            chart.getStyler().setLabelsVisible(false);
            chart.getStyler().setXAxisTicksVisible(false);
            chart.getStyler().setPlotGridVerticalLinesVisible(false);
        }
        return chart;
    }

    /**
     * Bars with 95 % error bars where the points were replicated, each bar's value written at its top, in a light
     * colour the dark figures read on, and room above the tallest ({@link #roomAbove}).
     */
    static CategoryChart bars(String title, String yTitle, String xTitle, List<String> labels, ErrorBars bars,
                              TickLabels.Unit unit) {
        CategoryChart chart = new CategoryChartBuilder().width(ChartWidth.of(title, WIDTH)).height(HEIGHT).title(title)
                .xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        CategoryStyler styler = chart.getStyler();
        styler.setLegendVisible(false);
        styler.setSeriesColors(new Color[] {BAR});
        styler.setyAxisTickLabelsFormattingFunction(TickLabels.of(unit));
        // each bar's value on it: a bar a thousand times shorter than the tallest is otherwise invisible
        styler.setLabelsVisible(true);
        styler.setLabelsPosition(1.0);
        styler.setLabelsFontColorAutomaticEnabled(false);
        styler.setLabelsFontColor(Color.BLACK);
        if (labels.size() > 4) {
            styler.setXAxisLabelRotation(30);
        }
        if (bars.any()) {
            chart.addSeries(yTitle, labels, bars.values(), bars.errors());
        } else {
            chart.addSeries(yTitle, labels, bars.values());
        }
        roomAbove(chart);
        return chart;
    }

    /**
     * Ends {@code chart}'s value axis a tenth above its tallest bar or error bar, once its series are added: its ticks
     * are then round (XChart otherwise labels the bars' own values when they are evenly spaced from zero, a single bar
     * or two equal ones among them: {@code 0} and {@code 13.1 µs}), and the tallest bar's value is not drawn on the
     * frame.
     */
    static void roomAbove(CategoryChart chart) {
        double top = 0;
        for (CategorySeries series : chart.getSeriesMap().values()) {
            List<? extends Number> values = List.copyOf(series.getYData());
            List<? extends Number> errors = series.getExtraValues() == null ? null : List.copyOf(series.getExtraValues());
            for (int i = 0; i < values.size(); i++) {
                top = Math.max(top, values.get(i).doubleValue() + (errors == null ? 0 : errors.get(i).doubleValue()));
            }
        }
        if (top > 0) {
            chart.getStyler().setYAxisMax(top * 1.1);
        }
    }

    private void save(Chart<?, ?> chart, String name, List<String> written) throws IOException {
        AtomicFiles.write(folder.resolve(name), BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG));
        written.add(name);
    }

    private static Map<String, Histogram> single(Histogram merged) {
        Map<String, Histogram> out = new LinkedHashMap<>();
        out.put("", merged);
        return out;
    }

    private static Histogram merged(RunResult result) {
        Histogram all = null;
        for (Histogram h : result.histograms().values()) {
            if (all == null) {
                all = new Histogram(h.getNumberOfSignificantValueDigits());
            }
            all.add(h);
        }
        return all;
    }

    static double value(RunResult result, String column) {
        Number n = result.total().get(column);
        return n == null ? 0 : n.doubleValue();
    }

    /** Names what the points differ in: the swept fields ({@code tenants × nic.memory-policy}), or {@code point}. */
    static String axes(List<RunResult> results) {
        java.util.Set<String> fields = new java.util.LinkedHashSet<>();
        results.forEach(r -> fields.addAll(r.values().keySet()));
        return fields.isEmpty() ? "point" : String.join(" × ", fields);
    }

    /** The point's sweep values without their field paths ({@code on-demand/256MiB}), or {@code point-<i>}. */
    static String shortLabel(RunResult result) {
        return result.values().isEmpty() ? result.displayLabel() : String.join("/", result.values().values());
    }
}
