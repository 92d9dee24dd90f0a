package org.overbook.perf.report;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.lang.reflect.Method;
import org.knowm.xchart.internal.chartpart.Axis;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.internal.chartpart.ChartPart;

/**
 * A chart painted at its size, as BitmapEncoder paints it, with the parts XChart laid out: its axes (the tick
 * labels it drew are public on them) and its plot. XChart keeps both package-private, hence the reflection.
 */
final class Painted {

    private final Chart<?, ?> chart;

    Painted(Chart<?, ?> chart) {
        this.chart = chart;
        BufferedImage image = new BufferedImage(chart.getWidth(), chart.getHeight(), BufferedImage.TYPE_INT_RGB);
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
