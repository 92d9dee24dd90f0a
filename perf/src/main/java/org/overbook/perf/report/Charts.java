package org.overbook.perf.report;

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
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.overbook.perf.run.Metrics;
import org.overbook.perf.run.RunResult;

/**
 * Draws the PNG charts of a results folder with XChart: total throughput and p99 latency by point (no p99 when a
 * point's requests are of several kinds, {@link LatencyKinds}), the latency CDF of every point (of each kind, then),
 * and for each point what saturated over time ({@link SaturationChart}) and its faults and memory over time
 * ({@link TimeSeriesCharts}).
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

    private final Path folder;
    private String failure = "";

    Charts(Path folder) {
        this.folder = folder;
    }

    /** Returns why no chart was drawn, or an empty string. */
    String failure() {
        return failure;
    }

    /** Draws the charts that have data; returns the file names written, in the order to show them. */
    List<String> write(List<RunResult> results, Replicated replicated) {
        List<String> written = new ArrayList<>();
        try {
            List<String> labels = results.stream().map(Charts::shortLabel).toList();
            String axes = axes(results);
            ErrorBars throughput = ErrorBars.of(results, replicated, Metrics.THROUGHPUT, 1);
            if (throughput.values().stream().anyMatch(v -> v > 0)) {
                save(bars("Total throughput of the host by " + axes + throughput.caption(), "throughput (ops/s)", axes,
                        labels, throughput, TickLabels.Unit.COUNT), THROUGHPUT, written);
            }
            // a total p99 over kinds of request (8 B and 4 MiB writes) says nothing of either: no bars, the CDF per kind
            boolean mixed = results.stream().anyMatch(LatencyKinds::mixed);
            ErrorBars p99 = ErrorBars.of(results, replicated, Metrics.P99, 1);
            if (!mixed && p99.values().stream().anyMatch(v -> v > 0)) {
                save(bars("p99 latency of all requests by " + axes + p99.caption(), "p99 latency", axes, labels, p99,
                        TickLabels.Unit.NANOS), P99, written);
            }
            String of = mixed ? "each kind of request (message size), by " : "all tenants' requests, by ";
            XYChart cdf = new XYChartBuilder().width(WIDTH).height(HEIGHT).title("Latency CDF of " + of + axes)
                    .xAxisTitle("latency (µs, log scale)").yAxisTitle("requests at or below").build();
            // XChart's tick formatting function replaces the logarithmic axis by a linear one: plain decimals here
            cdf.getStyler().setXAxisLogarithmic(true);
            cdf.getStyler().setXAxisDecimalPattern("#,##0.###");
            cdf.getStyler().setyAxisTickLabelsFormattingFunction(TickLabels.of(TickLabels.Unit.FRACTION));
            boolean any = false;
            for (int i = 0; i < results.size(); i++) {
                Map<String, Histogram> series = mixed ? LatencyKinds.byKind(results.get(i)) : single(merged(results.get(i)));
                for (Map.Entry<String, Histogram> e : series.entrySet()) {
                    Histogram h = e.getValue();
                    if (h != null && h.getTotalCount() > 0) {
                        List<Double> x = new ArrayList<>();
                        List<Double> y = new ArrayList<>();
                        for (HistogramIterationValue v : h.percentiles(5)) {
                            x.add(Math.max(h.highestEquivalentValue(v.getValueIteratedTo()), 1) / 1e3);
                            y.add(v.getPercentileLevelIteratedTo() / 100.0);
                        }
                        String name = e.getKey().isEmpty() ? labels.get(i) : labels.get(i) + " " + e.getKey();
                        cdf.addSeries(name, x, y).setMarker(SeriesMarkers.NONE);
                        any = true;
                    }
                }
            }
            if (any) {
                save(cdf, CDF, written);
            }
        } catch (RuntimeException | LinkageError | IOException e) {
            failure = e.getClass().getSimpleName() + ": " + e.getMessage();
        }
        return written;
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

    static CategoryChart bars(String title, String yTitle, String xTitle, List<String> labels, List<Double> values,
                              TickLabels.Unit unit) {
        CategoryChart chart = barChart(title, yTitle, xTitle, labels, unit);
        chart.addSeries(yTitle, labels, values);
        return chart;
    }

    /** Bars with 95 % error bars where the points were replicated. */
    private static CategoryChart bars(String title, String yTitle, String xTitle, List<String> labels, ErrorBars bars,
                                      TickLabels.Unit unit) {
        CategoryChart chart = barChart(title, yTitle, xTitle, labels, unit);
        if (bars.any()) {
            chart.addSeries(yTitle, labels, bars.values(), bars.errors());
        } else {
            chart.addSeries(yTitle, labels, bars.values());
        }
        return chart;
    }

    private static CategoryChart barChart(String title, String yTitle, String xTitle, List<String> labels, TickLabels.Unit unit) {
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xTitle)
                .yAxisTitle(yTitle).build();
        chart.getStyler().setLegendVisible(false);
        chart.getStyler().setyAxisTickLabelsFormattingFunction(TickLabels.of(unit));
        // each bar's value on it: a bar a thousand times shorter than the tallest is otherwise invisible
        chart.getStyler().setLabelsVisible(true);
        chart.getStyler().setLabelsPosition(1.0);
        chart.getStyler().setLabelsFontColorAutomaticEnabled(false);
        chart.getStyler().setLabelsFontColor(java.awt.Color.DARK_GRAY);
        if (labels.size() > 4) {
            chart.getStyler().setXAxisLabelRotation(30);
        }
        return chart;
    }

    private void save(Chart<?, ?> chart, String name, List<String> written) throws IOException {
        AtomicFiles.write(folder.resolve(name), BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG));
        written.add(name);
    }

    /** One unnamed series: the point's histograms merged, all of one kind. */
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
