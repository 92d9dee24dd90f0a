package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.overbook.perf.report.Interval;
import org.overbook.perf.report.Replicated;
import org.overbook.perf.run.Metrics;
import org.overbook.perf.run.RunResult;
import org.overbook.perf.run.SmallScenarios;
import org.overbook.perf.run.TimeSeries;
import org.overbook.perf.run.TimedResult;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

/** The terminal's mean ± half-width table keeps its columns in line whatever the length of a point's label. */
class IntervalTableTest {

    private static final SweepPoint POINT = ScenarioLoader.standard().parse(SmallScenarios.MEMCACHED, "m.yaml").points()
            .getFirst();
    private static final String SHORT = "x=1";
    private static final String LONG = "nic.memory-policy=on-demand, tenants.count=4, clients.count=4";

    /** Replication {@code r} of point {@code index}: figures that differ from one replication to the next. */
    private static TimedResult replica(int index, String label, int r) {
        Map<String, Number> total = new LinkedHashMap<>();
        total.put(Metrics.THROUGHPUT, 2_774_180.0 + 1000 * index + 3_000 * r);
        total.put(Metrics.P50, 13_100.0 + 100 * r);
        total.put(Metrics.P99, 7_886_800.0 * (index + 1) + 400_000 * r);
        return new TimedResult(new RunResult(index, label, Map.of(), POINT.scenario(), POINT.yaml(), 1, List.of(), total,
                new TreeMap<>(), new TimeSeries(0, List.of(), new long[] {0}, new long[0])), 0);
    }

    private static Replicated replicated(String... labels) {
        List<TimedResult> results = new ArrayList<>();
        for (int index = 0; index < labels.length; index++) {
            for (int r = 0; r < 3; r++) {
                results.add(replica(index, labels[index], r));
            }
        }
        return new Replicated(results);
    }

    private static List<String> table(Replicated replicated) {
        StringWriter text = new StringWriter();
        try (PrintWriter out = new PrintWriter(text)) {
            IntervalTable.print(out, replicated.figures());
        }
        List<String> lines = text.toString().lines().toList();
        int header = lines.indexOf(lines.stream().filter(l -> l.startsWith("point")).findFirst().orElseThrow());
        return lines.subList(header, lines.size());
    }

    private static String cell(Interval interval, double unit, String format) {
        return String.format(Locale.ROOT, format, interval.mean() / unit, interval.halfWidth() / unit);
    }

    /** Where {@code cell} ends in {@code line}, after {@code from}. */
    private static int end(String line, String cell, int from) {
        int at = line.indexOf(cell, from);
        assertTrue(at >= 0, "'" + cell + "' in: " + line);
        return at + cell.length();
    }

    @Test
    void aLabelLongerThanThirtyCharactersKeepsTheFiguresUnderTheirHeadings() {
        Replicated replicated = replicated(SHORT, LONG);
        List<String> lines = table(replicated);
        assertEquals(3, lines.size(), "a header and a line per point: " + lines);
        String header = lines.getFirst();
        int labelEnd = header.indexOf("label") + Math.max(LONG.length(), "label".length());
        for (int index = 0; index < 2; index++) {
            String line = lines.get(index + 1);
            Map<String, Interval> intervals = replicated.intervals(index);
            int afterLabel = line.indexOf(index == 0 ? SHORT : LONG) + (index == 0 ? SHORT : LONG).length();
            assertTrue(afterLabel <= labelEnd, "the label inside its column: " + lines);
            int throughput = end(line, cell(intervals.get(Metrics.THROUGHPUT), 1, "%.0f ± %.0f"), afterLabel);
            int p50 = end(line, cell(intervals.get(Metrics.P50), 1e3, "%.1f ± %.1f"), throughput);
            int p99 = end(line, cell(intervals.get(Metrics.P99), 1e3, "%.1f ± %.1f"), p50);
            assertEquals(end(header, "n", header.indexOf("label") + "label".length()), end(line, "3", afterLabel),
                    "n under its heading: " + String.join("\n", lines));
            assertEquals(end(header, "ops/s", 0), throughput, "ops/s under its heading:\n" + String.join("\n", lines));
            assertEquals(end(header, "p50 us", 0), p50, "p50 under its heading:\n" + String.join("\n", lines));
            assertEquals(end(header, "p99 us", 0), p99, "p99 under its heading:\n" + String.join("\n", lines));
        }
    }

    @Test
    void aPointRunOnceAddsNothing() {
        StringWriter text = new StringWriter();
        try (PrintWriter out = new PrintWriter(text)) {
            IntervalTable.print(out, new Replicated(List.of(replica(0, LONG, 0))).figures());
        }
        assertEquals("", text.toString());
    }
}
