package org.overbook.perf.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.font.TextLayout;
import java.awt.geom.Rectangle2D;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * A tornado chart: a horizontal bar per input, from zero to how far a figure moved with the input at its lower
 * value (blue) and at its higher value (orange), the input that moved it most on top. XChart has no horizontal
 * bars, so each bar is a thick horizontal line of an XY chart, named by a text just above it, and the x axis is
 * spelled as percentages by {@link TickLabels}. The names sit across the vertical grid lines (a long one spans
 * several), so each is drawn on a patch of the plot's background ({@link Label}) that hides the lines behind its
 * text and nothing else. Without AWT fonts nothing is drawn.
 */
public final class TornadoChart {

    /**
     * One bar.
     *
     * @param label what was varied (and which figure moved)
     * @param low   the change at the lower value, a fraction of the unchanged figure
     * @param high  the change at the higher value
     */
    public record Bar(String label, double low, double high) {
    }

    private static final int WIDTH = 1000;
    /** Pixels each bar adds to the chart's height, and a bar's thickness. */
    private static final int ROW = 40;
    private static final float BAR = 15.3f;
    private static final Color LOW = new Color(0x1565c0);
    private static final Color HIGH = new Color(0xef6c00);
    /**
     * Where a bar's name sits, in rows above the bar: centred on zero, nearer its own bar than the next one up (at 20
     * bars, the most crowded, 3 pixels of white below the text and 8 above).
     */
    private static final double LABEL_OFFSET = 0.46;

    private TornadoChart() {
    }

    /**
     * Draws {@code bars} (largest first) into {@code folder/file}; returns why nothing was drawn, or an empty string.
     */
    public static String write(Path folder, String file, String title, List<Bar> bars) {
        if (bars.isEmpty()) {
            return "nothing to draw";
        }
        try {
            XYChart chart = chart(title, bars);
            AtomicFiles.write(folder.resolve(file), BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG));
            return "";
        } catch (IOException | RuntimeException | Error e) {
            return "chart not drawn: " + e;
        }
    }

    static XYChart chart(String title, List<Bar> bars) {
        int n = bars.size();
        XYChart chart = new XYChartBuilder().width(ChartWidth.of(title, WIDTH)).height(140 + ROW * n).title(title)
                .xAxisTitle("change of the figure (blue: input -50 %, orange: input +50 %)").yAxisTitle("").build();
        XYStyler styler = chart.getStyler();
        styler.setLegendVisible(false);
        styler.setxAxisTickLabelsFormattingFunction(TickLabels.of(TickLabels.Unit.FRACTION));
        styler.setYAxisTicksVisible(false);
        styler.setYAxisMin(-0.6);
        styler.setYAxisMax(n - 0.2);
        styler.setAnnotationTextFontColor(Color.DARK_GRAY);
        styler.setPlotGridHorizontalLinesVisible(false);
        double extent = 0.001;
        for (int i = 0; i < n; i++) {
            Bar bar = bars.get(i);
            double y = n - 1 - i;
            extent = Math.max(extent, Math.max(finite(Math.abs(bar.low())), finite(Math.abs(bar.high()))));
            add(chart, "low " + i, finite(bar.low()), y, LOW);
            add(chart, "high " + i, finite(bar.high()), y, HIGH);
            chart.addAnnotation(new Label(bar.label(), y + LABEL_OFFSET));
        }
        styler.setXAxisMin(-extent * 1.1);
        styler.setXAxisMax(extent * 1.1);
        return chart;
    }

    private static void add(XYChart chart, String name, double change, double y, Color colour) {
        XYSeries series = chart.addSeries(name, new double[] {0, change}, new double[] {y, y});
        series.setMarker(SeriesMarkers.NONE);
        series.setLineColor(colour);
        series.setLineStyle(new BasicStroke(BAR, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER));
    }

    private static double finite(double value) {
        return Double.isFinite(value) ? value : 0;
    }

    /**
     * A bar's name, centred on zero at height {@code y}, on a patch of the plot's background a few pixels larger than
     * its text: XChart paints annotations after the grid and the bars, so the patch hides the grid lines that would
     * run through the text, and it stays clear of the bars, which are farther than its margin from the text.
     */
    static final class Label extends AnnotationText {

        /** Room around the text, in pixels: left and right, and above and below. */
        static final int ACROSS = 3;
        static final int UP_DOWN = 1;
        private final String text;
        private Rectangle2D painted = new Rectangle2D.Double();

        Label(String text, double y) {
            super(text, 0, y, false);
            this.text = text;
        }

        /** Where the text was painted last, in pixels (empty before). */
        Rectangle2D painted() {
            return painted;
        }

        @Override
        public void paint(Graphics2D g) {
            if (isVisible) {
                // where AnnotationText puts the text: its outline's box centred on (x, y), the baseline below
                Rectangle2D box = new TextLayout(text, styler.getAnnotationTextFont(), g.getFontRenderContext())
                        .getOutline(null).getBounds2D();
                double left = getXAxisScreenValue(x) - box.getWidth() / 2;
                double baseline = getYAxisScreenValue(y) + box.getHeight() / 2;
                painted = new Rectangle2D.Double(left + box.getX(), baseline + box.getY(), box.getWidth(), box.getHeight());
                g.setColor(styler.getPlotBackgroundColor());
                g.fill(new Rectangle2D.Double(painted.getX() - ACROSS, painted.getY() - UP_DOWN,
                        painted.getWidth() + 2 * ACROSS, painted.getHeight() + 2 * UP_DOWN));
            }
            super.paint(g);
        }
    }
}
