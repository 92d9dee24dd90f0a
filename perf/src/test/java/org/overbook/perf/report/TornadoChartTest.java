package org.overbook.perf.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Rectangle;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.knowm.xchart.XYChart;

/**
 * The tornado chart's names read clear of its grid: no grid line runs through a bar's name, whatever the number of
 * bars, and the patch that hides the lines covers no bar. Each chart is painted three ways (as drawn, without its
 * vertical grid lines, without its names) and the pixels compared.
 */
class TornadoChartTest {

    private static final String[] NAMES = {"host.kswapd.cost-per-frame: throughput", "nic.fetch-cost: p50",
            "guest.completion-interrupt: p99", "memcached.request-cost: p50", "link.propagation: throughput"};

    private static List<TornadoChart.Bar> bars(int n) {
        List<TornadoChart.Bar> bars = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double swing = 0.6 / (1 + i);
            bars.add(new TornadoChart.Bar(NAMES[i % NAMES.length], i % 2 == 0 ? -swing : swing / 3, i % 2 == 0 ? swing / 2 : -swing));
        }
        return bars;
    }

    private static XYChart chart(int n) {
        return TornadoChart.chart("how far each headline moves with each estimate at -50 % and +50 %", bars(n));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 5, 20})
    void noGridLineRunsThroughABarsName(int n) {
        XYChart chart = chart(n);
        Painted drawn = new Painted(chart);
        XYChart gridless = chart(n);
        gridless.getStyler().setPlotGridVerticalLinesVisible(false);
        Painted withoutGrid = new Painted(gridless);
        XYChart nameless = chart(n);
        Painted.annotations(nameless).forEach(a -> ((TornadoChart.Label) a).setVisible(false));
        Painted withoutNames = new Painted(nameless);
        XYChart bare = chart(n);
        bare.getStyler().setPlotGridVerticalLinesVisible(false);
        Painted.annotations(bare).forEach(a -> ((TornadoChart.Label) a).setVisible(false));
        Painted neither = new Painted(bare);

        List<?> labels = Painted.annotations(chart);
        assertEquals(n, labels.size());
        boolean crossed = false;
        for (Object label : labels) {
            Rectangle text = ((TornadoChart.Label) label).painted().getBounds();
            assertFalse(text.isEmpty(), "a name was painted");
            for (int x = text.x; x < text.x + text.width; x++) {
                for (int y = text.y; y < text.y + text.height; y++) {
                    crossed |= withoutNames.rgb(x, y) != neither.rgb(x, y);
                    assertEquals(withoutGrid.rgb(x, y), drawn.rgb(x, y),
                            "a grid line runs through the name at (" + x + ", " + y + ")");
                }
            }
        }
        assertTrue(crossed, "no grid line lies behind any name, so this proves nothing");
        List<Integer> bars = List.of(0x1565c0, 0xef6c00);
        for (int x = 0; x < chart.getWidth(); x++) {
            for (int y = 0; y < chart.getHeight(); y++) {
                if (bars.contains(withoutNames.rgb(x, y))) {
                    assertEquals(withoutNames.rgb(x, y), drawn.rgb(x, y), "a name's patch covers a bar at (" + x + ", " + y + ")");
                }
            }
        }
    }
}
