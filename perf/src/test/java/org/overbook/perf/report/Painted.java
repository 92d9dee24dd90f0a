package org.overbook.perf.report;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.List;
import org.knowm.xchart.internal.chartpart.Axis;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.internal.chartpart.ChartPart;

/**
 * A chart painted at its size, as BitmapEncoder paints it, with its pixels and the parts XChart laid out: its axes
 * (the tick labels it drew are public on them), its plot and its annotations. XChart keeps them package-private or
 * protected, hence the reflection.
 */
final class Painted {

    private final Chart<?, ?> chart;
    private final BufferedImage image;

    Painted(Chart<?, ?> chart) {
        this.chart = chart;
        image = new BufferedImage(chart.getWidth(), chart.getHeight(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            chart.paint(g, chart.getWidth(), chart.getHeight());
        } finally {
            g.dispose();
        }
    }

    Axis<?, ?> xAxis() {
        return (Axis<?, ?>) part("getXAxis");
    }

    Axis<?, ?> yAxis() {
        return (Axis<?, ?>) part("getYAxis");
    }

    Rectangle2D plot() {
        return ((ChartPart) part("getPlot")).getBounds();
    }

    /** Returns the colour of the pixel at ({@code x}, {@code y}), as RGB. */
    int rgb(int x, int y) {
        return image.getRGB(x, y) & 0xFFFFFF;
    }

    /** Returns the annotations of {@code chart}, painted or not, in the order they were added (and are painted). */
    static List<?> annotations(Chart<?, ?> chart) {
        try {
            Field field = Chart.class.getDeclaredField("annotations");
            field.setAccessible(true);
            return List.copyOf((List<?>) field.get(chart));
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("XChart's annotations cannot be read", e);
        }
    }

    private Object part(String getter) {
        try {
            Method method = Chart.class.getDeclaredMethod(getter);
            method.setAccessible(true);
            return method.invoke(chart);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("XChart's " + getter + " cannot be read", e);
        }
    }
}
