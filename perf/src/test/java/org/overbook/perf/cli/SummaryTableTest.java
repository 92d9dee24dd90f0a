package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.overbook.perf.report.PointDetail;
import org.overbook.perf.report.PointFigures;
import org.overbook.perf.run.Metrics;
import org.overbook.perf.run.TenantRow;

/** The terminal shows a table per point up to {@link PointDetail#POINTS} points, and a line per point past it. */
class SummaryTableTest {

    private static List<PointFigures> points(int n) {
        List<PointFigures> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Map<String, Number> total = Map.of(Metrics.THROUGHPUT, 1000.0 + i, Metrics.MISMATCHES, 0L);
            out.add(new PointFigures(i, "x=" + i, Map.of("x", String.valueOf(i)), 1, 100, List.of(new TenantRow("s0", "server",
                    "memcached", Map.of()), new TenantRow("c0", "client", "memaslap", total)), total, "none", "",
                    "none; busiest server CPUs at " + i + " %", "", Map.of()));
        }
        return out;
    }

    private static String printed(List<PointFigures> points) {
        StringWriter text = new StringWriter();
        try (PrintWriter out = new PrintWriter(text)) {
            SummaryTable.printAll(out, points, "");
        }
        return text.toString();
    }

    @Test
    void pastTheLimitEachPointIsOneLineWithWhatSaturatedFirst() {
        int n = PointDetail.POINTS + 1;
        String text = printed(points(n));
        assertFalse(text.contains("point 0: x=0"), "no table per point");
        assertTrue(text.contains(n + " points, a line each"), text);
        for (int i = 0; i < n; i++) {
            int index = i;
            String line = text.lines().filter(l -> l.matches(index + " +x=" + index + " .*")).findFirst().orElse("");
            assertTrue(line.contains(String.valueOf(1000 + i)) && line.endsWith("busiest server CPUs at " + i + " %"),
                    "point " + i + ": " + line);
        }
        assertTrue(text.lines().count() < n + 10, "a line a point: " + text.lines().count());
    }

    @Test
    void atTheLimitEachPointHasItsTable() {
        int n = PointDetail.POINTS;
        String text = printed(points(n));
        assertTrue(text.contains("point " + (n - 1) + ": x=" + (n - 1)), text);
        assertEquals(n, text.lines().filter(l -> l.startsWith("total")).count(), "a total row per point's table");
    }
}
