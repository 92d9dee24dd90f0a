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
 * plot, which the y axis pushes right and a legend outside the plot pushes left, so the title needs its own width
 * and the wider of the two on the side it is pushed towards: the chart is given the title's width, the wider of the
 * y axis and the legend, and a margin each side.
 */
final class ChartWidth {

    /** Room left on either side of the title, in pixels. */
    static final int MARGIN = 20;

    /** Room the y axis takes on the left of the plot, its title and tick labels, at most, in pixels. */
    static final int Y_AXIS = 100;
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
        return Math.max(least, (int) Math.ceil(width(title, theme.getChartTitleFont()) + Math.max(legend, Y_AXIS)) + 2 * MARGIN);
    }

    /** Returns the width of {@code text} drawn in {@code font}, as XChart measures it. */
    static double width(String text, Font font) {
        if (text.isEmpty()) {
            return 0;
        }
        return new TextLayout(text, font, new FontRenderContext(null, true, false)).getBounds().getWidth();
    }
}
