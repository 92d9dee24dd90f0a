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
import org.overbook.guest.GuestMemory;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.TimeSeries;
import org.overbook.perf.run.TimeSeries.Series;

/**
 * The two time-series charts of one point, each a 2 x 2 grid of XChart panels over virtual time (small
 * multiples, so that eight tenants stay legible): faults per millisecond in each sampling interval (CPU
 * minor, CPU major, NIC send, NIC receive), and memory per tenant in MiB (resident, swapped, ballooned,
 * pinned). Time is in one unit chosen from the run's length ({@link TimeAxis}); the other ticks read as people write
 * them ({@link TickLabels}: {@code 1.5k}, {@code 512 MiB}). A panel
 * draws at most {@value #TOP} tenants, the largest over the run, and sums the rest into one grey "others" line, so that
 * its legend stays legible with dozens of tenants. In every panel a tenant keeps its colour, server tenants are solid lines and client tenants
 * dashed, tenants whose values are all zero are left out, and a grey dashed vertical line marks the end of
 * the warm-up. Builds charts only; {@link Charts} renders and writes them.
 */
final class TimeSeriesCharts {

    static final String FAULTS_SUFFIX = "-faults.png";
    static final String MEMORY_SUFFIX = "-memory.png";
    static final int ROWS = 2;
    static final int COLUMNS = 2;
    private static final int WIDTH = 620;
    private static final int HEIGHT = 400;
    private static final double MIB = 1 << 20;
    /** Tenants drawn as their own line in a panel; the rest are summed into "others". */
    static final int TOP = 7;
    private static final List<Series> FAULTS = List.of(Series.CPU_MINOR_FAULTS, Series.CPU_MAJOR_FAULTS,
            Series.NIC_FAULTS_SEND, Series.NIC_FAULTS_RECEIVE);
    private static final List<Series> MEMORY = List.of(Series.RESIDENT_PAGES, Series.SWAPPED_PAGES,
            Series.BALLOONED_PAGES, Series.PINNED_PAGES);
    /**
     * Distinct hues, one per tenant (repeating after ten): Tableau 10, with its three lightest colours, which read
     * poorly as thin lines on white, darkened (yellow to gold, pink to rose) or replaced (light grey, which the grey
     * "others" and warm-up lines use, by a dark purple).
     */
    private static final Color[] PALETTE = {new Color(0x4E79A7), new Color(0xF28E2B), new Color(0xE15759),
            new Color(0x76B7B2), new Color(0x59A14F), new Color(0xB6992D), new Color(0xB07AA1), new Color(0xD37295),
            new Color(0x9C755F), new Color(0x6A3D9A)};

    private TimeSeriesCharts() {
    }

    /** Returns the faults chart's file name for {@code result}. */
    static String faultsFile(RunResult result) {
        return "p" + result.index() + FAULTS_SUFFIX;
    }

    /** Returns the memory chart's file name for {@code result}. */
    static String memoryFile(RunResult result) {
        return "p" + result.index() + MEMORY_SUFFIX;
    }

    /** Returns the faults panels (rates per ms over each interval, plotted at its middle); empty with one sample. */
    static List<XYChart> faults(RunResult result) {
        TimeSeries ts = result.timeSeries();
        List<XYChart> panels = new ArrayList<>();
        if (ts.samples() < 2) {
            return panels;
        }
        int intervals = ts.samples() - 1;
        TimeAxis axis = axis(ts);
        double[] x = new double[intervals];
        for (int k = 0; k < intervals; k++) {
            x[k] = axis.value((ts.timeNanos(k) + ts.timeNanos(k + 1)) / 2.0);
        }
        for (Series series : FAULTS) {
            XYChart panel = panel(result, title(series) + " per ms", "faults / ms", TickLabels.Unit.COUNT);
            double[][] ys = new double[ts.tenants().size()][];
            for (int tenant = 0; tenant < ys.length; tenant++) {
                double[] y = new double[intervals];
                boolean any = false;
                for (int k = 0; k < intervals; k++) {
                    long faults = ts.value(k + 1, tenant, series) - ts.value(k, tenant, series);
                    y[k] = faults / ((ts.timeNanos(k + 1) - ts.timeNanos(k)) / 1e6);
                    any |= faults != 0;
                }
                ys[tenant] = any ? y : null;
            }
            lines(panel, result, x, ys);
            finish(panel, ts, axis, x);
            panels.add(panel);
        }
        return panels;
    }

    /** Returns the memory panels, MiB of each tenant at every sample. */
    static List<XYChart> memory(RunResult result) {
        TimeSeries ts = result.timeSeries();
        TimeAxis axis = axis(ts);
        double[] x = new double[ts.samples()];
        for (int k = 0; k < x.length; k++) {
            x[k] = axis.value(ts.timeNanos(k));
        }
        List<XYChart> panels = new ArrayList<>();
        for (Series series : MEMORY) {
            XYChart panel = panel(result, title(series) + " memory", "memory", TickLabels.Unit.MEBIBYTES);
            double[][] ys = new double[ts.tenants().size()][];
            for (int tenant = 0; tenant < ys.length; tenant++) {
                double[] y = new double[ts.samples()];
                boolean any = false;
                for (int k = 0; k < y.length; k++) {
                    long pages = ts.value(k, tenant, series);
                    y[k] = pages * (double) GuestMemory.PAGE_SIZE / MIB;
                    any |= pages != 0;
                }
                ys[tenant] = any ? y : null;
            }
            lines(panel, result, x, ys);
            finish(panel, ts, axis, x);
            panels.add(panel);
        }
        return panels;
    }

    /** The one-line caption of the faults chart. */
    static String faultsCaption(RunResult result) {
        return captionName(result) + ": faults per ms of virtual time over each hundredth of the run, by kind (panel)"
                + " and tenant (line, dashed on the client host, left out when it has none)" + warmUpNote(result);
    }

    /** The one-line caption of the memory chart. */
    static String memoryCaption(RunResult result) {
        return captionName(result) + ": resident, swapped, ballooned and pinned memory (MiB) of each tenant over the run"
                + " (dashed on the client host, left out when always zero)" + warmUpNote(result);
    }

    private static String warmUpNote(RunResult result) {
        long warmUp = result.timeSeries().warmUpNanos();
        return warmUp == 0 ? "; no warm-up." : "; the grey dashed line is the end of the warm-up ("
                + TimeSeriesCsv.millis(warmUp) + " ms).";
    }

    private static XYChart panel(RunResult result, String title, String yTitle, TickLabels.Unit unit) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(panelTitle(result, title))
                .yAxisTitle(yTitle).build();
        XYStyler styler = chart.getStyler();
        styler.setLegendPosition(Styler.LegendPosition.OutsideE);
        styler.setAnnotationLineColor(Color.GRAY);
        styler.setAnnotationLineStroke(new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10,
                new float[] {6, 4}, 0));
        styler.setYAxisMin(0.0);
        styler.setyAxisTickLabelsFormattingFunction(TickLabels.of(unit));
        return chart;
    }

    /** The time axis of the panels: from zero to the last sample. */
    private static TimeAxis axis(TimeSeries ts) {
        return TimeAxis.of(ts.timeNanos(ts.samples() - 1));
    }

    /** Returns the colour of line number {@code i} of a chart. */
    static Color colour(int i) {
        return PALETTE[i % PALETTE.length];
    }

    /**
     * Draws the tenants of {@code ys} that have a line (non-null): the {@value #TOP} largest by their peak each as
     * their own line, the rest summed into one grey "others" line, so that the legend stays legible with many
     * tenants. (By their peak, not their sum over the run: clients resident from the start would otherwise outrank
     * the servers that fill up later and hold the most.)
     */
    static void lines(XYChart panel, RunResult result, double[] x, double[][] ys) {
        List<Integer> drawn = new ArrayList<>();
        for (int tenant = 0; tenant < ys.length; tenant++) {
            if (ys[tenant] != null) {
                drawn.add(tenant);
            }
        }
        if (drawn.size() > TOP + 1) {
            drawn.sort(java.util.Comparator.comparingDouble((Integer t) -> -java.util.Arrays.stream(ys[t]).max().orElse(0))
                    .thenComparingInt(t -> t));
        }
        List<Integer> shown = drawn.size() > TOP + 1 ? drawn.subList(0, TOP) : drawn;
        shown.stream().sorted().forEach(tenant -> line(panel, result, tenant, x, ys[tenant]));
        if (shown.size() < drawn.size()) {
            double[] others = new double[x.length];
            for (int tenant : drawn.subList(TOP, drawn.size())) {
                for (int k = 0; k < others.length; k++) {
                    others[k] += ys[tenant][k];
                }
            }
            XYSeries series = panel.addSeries("others (" + (drawn.size() - TOP) + " tenants, summed)", x, others);
            series.setMarker(SeriesMarkers.NONE);
            series.setLineColor(Color.GRAY);
        }
    }

    private static void line(XYChart panel, RunResult result, int tenant, double[] x, double[] y) {
        XYSeries series = panel.addSeries(result.timeSeries().tenants().get(tenant), x, y);
        series.setMarker(SeriesMarkers.NONE);
        series.setLineColor(colour(tenant));
        series.setLineStyle("client".equals(result.tenants().get(tenant).host()) ? SeriesLines.DASH_DASH : SeriesLines.SOLID);
    }

    /** Marks a panel with no tenant as empty, the end of the warm-up when there is one, and sets its time axis. */
    private static void finish(XYChart panel, TimeSeries ts, TimeAxis axis, double[] x) {
        if (panel.getSeriesMap().isEmpty()) {
            XYSeries none = panel.addSeries("(none)", x, new double[x.length]);
            none.setMarker(SeriesMarkers.NONE);
            none.setLineColor(Color.LIGHT_GRAY);
        }
        if (ts.warmUpNanos() > 0) {
            panel.addAnnotation(new AnnotationLine(axis.value(ts.warmUpNanos()), true, false));
        }
        axis.install(panel, ts.timeNanos(ts.samples() - 1));
    }

    /**
     * A panel's title: the point's name and what the panel shows ({@code balloon.enabled=true: swapped memory}), or,
     * where that would not fit over the plot beside the legend (a panel keeps the grid's width), the point's values
     * alone, or what the panel shows alone; the chart's caption names the point in full.
     */
    static String panelTitle(RunResult result, String what) {
        List<String> legend = new ArrayList<>(result.timeSeries().tenants());
        if (legend.size() > TOP + 1) {
            legend.add("others (" + (legend.size() - TOP) + " tenants, summed)");
        }
        for (String title : List.of(pointName(result) + ": " + what, Charts.shortLabel(result) + ": " + what)) {
            if (ChartWidth.of(title, WIDTH, legend) <= WIDTH) {
                return title;
            }
        }
        return what;
    }

    /** The point's one sweep value with its field ({@code balloon.enabled=true}), or its values alone when several. */
    private static String pointName(RunResult result) {
        return result.values().size() == 1 ? result.label() : Charts.shortLabel(result);
    }

    /** The point's index with its short label ({@code Point 4 (on-demand/4/4)}), for captions and titles. */
    static String captionName(RunResult result) {
        return "Point " + result.index() + (result.values().isEmpty() ? "" : " (" + pointName(result) + ")");
    }

    private static String title(Series series) {
        return switch (series) {
            case RESIDENT_PAGES -> "resident";
            case SWAPPED_PAGES -> "swapped";
            case BALLOONED_PAGES -> "ballooned";
            case PINNED_PAGES -> "pinned";
            case CPU_MINOR_FAULTS -> "CPU minor faults";
            case CPU_MAJOR_FAULTS -> "CPU major faults";
            case NIC_FAULTS_SEND -> "NIC send faults";
            case NIC_FAULTS_RECEIVE -> "NIC receive faults";
        };
    }
}
