package org.overbook.perf.report;

import java.awt.Font;
import java.awt.font.FontRenderContext;
import java.awt.font.TextLayout;
import java.util.Collection;
import java.util.List;
import org.knowm.xchart.style.theme.XChartTheme;

/**
 * How wide a chart must be for its title: XChart draws a title on one line, centred, and cuts off at the edges
 * whatever does not fit ({@code …by nic.memory-policy × tenants.count × clients.count} lost its start). A chart
 * keeps its usual width unless its title, in XChart's title font, needs more. XChart centres the title over the
 * plot, which the y axis (width a) pushes right and a legend outside the plot (width l) pushes left: the centre is
 * (a - l) / 2 off the chart's, and the title needs its own width, twice that offset and a margin each side. The
 * y axis's width is known only once drawn, so the offset is taken at its largest: with the widest y axis when the
 * title is pushed right, the narrowest when pushed left.
 */
final class ChartWidth {

    /** Room left on either side of the title, in pixels. */
    static final int MARGIN = 20;

    /** Room the y axis takes on the left of the plot, its title and tick labels, at most, in pixels. */
    static final int Y_AXIS = 100;
    /** Room the y axis takes at least: its title and a one-digit tick label. */
    static final int Y_AXIS_LEAST = 40;
    /** Room a legend entry takes besides its text: the paddings and the line drawn before it, in pixels. */
    static final int LEGEND_ENTRY = 70;

    private ChartWidth() {
    }

    /** Returns {@code least}, or the width {@code title} needs when wider. */
    static int of(String title, int least) {
        return of(title, least, List.of());
    }

    /** Returns {@code least}, or the width {@code title} needs when wider, with a legend of {@code entries} outside the plot. */
    static int of(String title, int least, Collection<String> entries) {
        XChartTheme theme = new XChartTheme();
        double legend = entries.stream().mapToDouble(e -> width(e, theme.getLegendFont()) + LEGEND_ENTRY).max().orElse(0);
        double pushed = Math.max(Y_AXIS - legend, legend - Y_AXIS_LEAST);
        return Math.max(least, (int) Math.ceil(width(title, theme.getChartTitleFont()) + Math.max(pushed, 0)) + 2 * MARGIN);
    }

    /** Returns the width of {@code text} drawn in {@code font}, as XChart measures it. */
    static double width(String text, Font font) {
        if (text.isEmpty()) {
            return 0;
        }
        return new TextLayout(text, font, new FontRenderContext(null, true, false)).getBounds().getWidth();
    }
}
