package org.overbook.perf.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.CategoryChart;
import org.overbook.perf.run.Metrics;
import org.overbook.perf.run.TenantRow;

/** compare's charts name each point up to {@link PointDetail#POINTS} points, and past it draw them in file order unnamed. */
class CompareManyPointsTest {

    private static List<PointFigures> points(int n, double throughput) {
        List<PointFigures> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Map<String, Number> total = Map.of(Metrics.THROUGHPUT, throughput + i, Metrics.P99, 10_000L + i);
            out.add(new PointFigures(i, "x=" + i, Map.of("x", String.valueOf(i)), 1, 100,
                    List.of(new TenantRow("c0", "client", "memaslap", total)), total, "none", "", "none", "", Map.of()));
        }
        return out;
    }

    private static List<CategoryChart> charts(int n) {
        return CompareReport.charts(Comparison.of("A", points(n, 1000), "B", points(n, 2000)));
    }

    @Test
    void pastTheLimitThePointsAreUnnamedBarsInFileOrder() {
        int n = PointDetail.POINTS + 1;
        for (CategoryChart chart : charts(n)) {
            assertFalse(chart.getStyler().isXAxisTicksVisible(), chart.getTitle());
            assertTrue(chart.getXAxisTitle().startsWith(n + " points in file order (each in compare.md)"), chart.getXAxisTitle());
        }
    }

    @Test
    void atTheLimitEachPointIsNamed() {
        for (CategoryChart chart : charts(PointDetail.POINTS)) {
            assertTrue(chart.getStyler().isXAxisTicksVisible(), chart.getTitle());
            assertEquals("point", chart.getXAxisTitle().split(";")[0], chart.getXAxisTitle());
        }
    }
}
