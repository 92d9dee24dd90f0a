package org.overbook.perf.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;
import org.overbook.perf.report.Interval;
import org.overbook.perf.report.Replicated;
import org.overbook.perf.report.TextTable;
import org.overbook.perf.run.Metrics;
import org.overbook.perf.run.TimedResult;

/**
 * The terminal summary of replicated points: a line per point run more than once with the mean and 95 %
 * confidence interval of its total throughput and latency over the replications (the tables above show each
 * point's first replication). Each column is as wide as its widest cell, so a long sweep label keeps the figures
 * after it in line.
 */
final class IntervalTable {

    private IntervalTable() {
    }

    /** Prints the line of every point of {@code replicated} run more than once, or nothing when none was. */
    static void print(PrintWriter out, Replicated replicated) {
        if (!replicated.any()) {
            return;
        }
        out.printf("%nover the replications (mean ± half-width of the 95 %% Student-t confidence interval):%n");
        // point and label aligned left, the figures right
        TextTable table = new TextTable("  ", false, false, true, true, true, true)
                .row("point", "label", "n", "ops/s", "p50 us", "p99 us");
        for (TimedResult timed : replicated.primaries()) {
            int index = timed.result().index();
            Map<String, Interval> intervals = replicated.intervals(index);
            table.row(String.valueOf(index), timed.result().displayLabel(), String.valueOf(replicated.replications(index)),
                    cell(intervals.get(Metrics.THROUGHPUT), 1, "%.0f ± %.0f"), cell(intervals.get(Metrics.P50), 1e3, "%.1f ± %.1f"),
                    cell(intervals.get(Metrics.P99), 1e3, "%.1f ± %.1f"));
        }
        table.print(out);
    }

    private static String cell(Interval interval, double unit, String format) {
        return interval == null ? "-" : String.format(Locale.ROOT, format, interval.mean() / unit, interval.halfWidth() / unit);
    }
}
