package org.overbook.perf.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.overbook.perf.report.Interval;
import org.overbook.perf.report.PointFigures;
import org.overbook.perf.report.TextTable;
import org.overbook.perf.run.Metrics;

/**
 * The terminal summary of replicated points: a line per point with the mean and 95 % confidence interval of its total
 * throughput and latency over the replications (the tables above show each point's first replication). {@code run}
 * and {@code sweep} print it from what they ran, {@code show} from a results folder's {@code summary.json}, which
 * holds the same intervals. Each column is as wide as its widest cell, so a long sweep label keeps the figures after it
 * in line.
 */
final class IntervalTable {

    private IntervalTable() {
    }

    /** Prints the line of every point of {@code points}, or nothing when none ran more than once. */
    static void print(PrintWriter out, List<PointFigures> points) {
        if (points.stream().allMatch(p -> p.replications().isEmpty())) {
            return;
        }
        out.printf("%nover the replications (mean ± half-width of the 95 %% Student-t confidence interval):%n");
        // point and label aligned left, the figures right
        TextTable table = new TextTable("  ", false, false, true, true, true, true)
                .row("point", "label", "n", "ops/s", "p50 us", "p99 us");
        for (PointFigures point : points) {
            Map<String, Interval> intervals = point.replications();
            table.row(String.valueOf(point.index()), point.displayLabel(), String.valueOf(point.replicationCount()),
                    cell(intervals.get(Metrics.THROUGHPUT), 1, "%.0f ± %.0f"), cell(intervals.get(Metrics.P50), 1e3, "%.1f ± %.1f"),
                    cell(intervals.get(Metrics.P99), 1e3, "%.1f ± %.1f"));
        }
        table.print(out);
    }

    private static String cell(Interval interval, double unit, String format) {
        return interval == null ? "-" : String.format(Locale.ROOT, format, interval.mean() / unit, interval.halfWidth() / unit);
    }
}
