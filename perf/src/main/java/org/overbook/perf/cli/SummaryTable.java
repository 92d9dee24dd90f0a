package org.overbook.perf.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import org.overbook.perf.run.Metrics;
import org.overbook.perf.report.Finding;
import org.overbook.perf.report.OwnFigures;
import org.overbook.perf.report.PointDetail;
import org.overbook.perf.report.PointFigures;
import org.overbook.perf.run.SampleSize;
import org.overbook.perf.run.Saturation;
import org.overbook.perf.run.TenantRow;
import org.overbook.perf.run.TimedResult;

/**
 * The terminal summary of a run: the finding first ({@link Finding}), then one table per point, a row per tenant
 * and a total, with the figures a plug-in workload reports of its own under it ({@link OwnFigures}); then a line per
 * point naming the resource that saturated first ({@link Saturation}). A run of more than {@link PointDetail#POINTS}
 * points gets one table instead, a line per point with its total's main figures, as its {@code report.md} does: a
 * table per point would be thousands of lines.
 */
public final class SummaryTable {

    private static final String FORMAT = "%-10s %-14s %14s %10s %10s %8s %12s %12s %10s%n";

    private SummaryTable() {
    }

    /** Prints the finding, then the table of every point, then what saturated: the whole summary of a run. */
    public static void printAll(PrintWriter out, List<TimedResult> results) {
        List<PointFigures> points = PointFigures.of(results.stream().map(TimedResult::result).toList());
        printFinding(out, points);
        if (!PointDetail.eachInFull(points.size())) {
            printPoints(out, points);
            return;
        }
        results.forEach(r -> print(out, r));
        printSaturation(out, points);
    }

    /** Prints the finding and every point as {@link #printAll} does, from a results folder's figures. */
    static void printAll(PrintWriter out, List<PointFigures> points, String note) {
        printFinding(out, points);
        if (!PointDetail.eachInFull(points.size())) {
            printPoints(out, points);
            return;
        }
        points.forEach(p -> print(out, p, note));
        printSaturation(out, points);
    }

    /** Prints a line per point: its total's throughput, latency, faults and mismatches, and what saturated first. */
    static void printPoints(PrintWriter out, List<PointFigures> points) {
        out.printf("%n%d points, a line each (every figure of each point is in summary.csv):%n", points.size());
        int width = Math.max("point".length(), points.stream().mapToInt(p -> p.displayLabel().length()).max().orElse(0));
        String format = "%-5s  %-" + width + "s %14s %10s %10s %8s %12s %12s %10s  %s%n";
        out.printf(format, "point", "", "ops/s", "p50 us", "p99 us", "hit", "cpu faults", "nic faults", "mismatch",
                "saturated first");
        for (PointFigures p : points) {
            Map<String, Number> m = p.total();
            out.printf(format, p.index(), p.displayLabel(), number(m.get(Metrics.THROUGHPUT), "%.0f"),
                    CaveatLines.mark(micros(m.get(Metrics.P50)), m, Metrics.P50), CaveatLines.mark(micros(m.get(Metrics.P99)), m, Metrics.P99),
                    number(m.get(Metrics.HIT_RATIO), "%.3f"), value(m, "cpu_minor_faults") + value(m, "cpu_major_faults"),
                    nicFaults(m), m.containsKey(Metrics.MISMATCHES) ? String.valueOf(value(m, Metrics.MISMATCHES)) : "-",
                    p.saturationWords());
        }
        if (points.stream().anyMatch(p -> !SampleSize.describe(p.total()).isEmpty())) {
            out.printf("* under-sampled (fewer than %d requests above the percentile)%n", SampleSize.TAIL_SAMPLES);
        }
    }

    /** Prints the finding's sentences ({@link Finding}), one a line. */
    static void printFinding(PrintWriter out, List<PointFigures> points) {
        List<String> sentences = Finding.sentences(points);
        if (!sentences.isEmpty()) {
            out.printf("%nfinding:%n");
            sentences.forEach(s -> out.printf("  - %s%n", s.replace("`", "")));
        }
    }

    /** Prints the table of one point, then the figures of its own of each plug-in workload ({@link OwnFigures}). */
    public static void print(PrintWriter out, TimedResult timed) {
        PointFigures figures = PointFigures.of(timed.result());
        printTable(out, figures, String.format(java.util.Locale.ROOT, ", %.1f s wall", timed.wallNanos() / 1e9));
        CaveatLines.printSteadyState(out, timed.result());
        out.print(OwnFigures.text(figures.tenants()));
    }

    /** Prints the table of one point, {@code note} added to its heading line, then its plug-in workloads' own figures. */
    static void print(PrintWriter out, PointFigures result, String note) {
        printTable(out, result, note);
        out.print(OwnFigures.text(result.tenants()));
    }

    /** Prints the table of one point, {@code note} added to its heading line, with what not to trust in it. */
    private static void printTable(PrintWriter out, PointFigures result, String note) {
        out.printf("%npoint %d: %s   (seed %d, %d events%s)%n", result.index(), result.displayLabel(),
                result.seed(), result.events(), note);
        out.printf(FORMAT, "tenant", "workload", "ops/s", "p50 us", "p99 us", "hit", "cpu faults", "nic faults", "mismatch");
        for (TenantRow row : result.tenants()) {
            line(out, row.name(), row.workload(), row.metrics());
        }
        line(out, "total", "", result.total());
        CaveatLines.printSampleSize(out, result);
    }

    /** Prints a line per point naming what saturated, or nothing when no point has a contended resource. */
    static void printSaturation(PrintWriter out, List<PointFigures> results) {
        if (results.stream().allMatch(r -> "unmodelled".equals(r.saturation()))) {
            return;
        }
        out.printf("%nsaturated first (utilisation >= %.0f %% over the measured window):%n", 100 * Saturation.THRESHOLD);
        int width = results.stream().mapToInt(r -> r.displayLabel().length()).max().orElse(0);
        for (PointFigures result : results) {
            out.printf("point %-3d %-" + width + "s  %s%n", result.index(), result.displayLabel(), result.saturationWords());
        }
    }

    private static void line(PrintWriter out, String name, String workload, Map<String, Number> m) {
        long nicFaults = nicFaults(m);
        long cpuFaults = value(m, "cpu_minor_faults") + value(m, "cpu_major_faults");
        out.printf(FORMAT, name, workload, number(m.get(Metrics.THROUGHPUT), "%.0f"), CaveatLines.mark(micros(m.get(Metrics.P50)), m, Metrics.P50),
                CaveatLines.mark(micros(m.get(Metrics.P99)), m, Metrics.P99), number(m.get(Metrics.HIT_RATIO), "%.3f"), cpuFaults, nicFaults,
                m.containsKey(Metrics.MISMATCHES) ? String.valueOf(value(m, Metrics.MISMATCHES)) : "-");
    }

    private static long nicFaults(Map<String, Number> m) {
        return m.entrySet().stream().filter(e -> e.getKey().startsWith("nic_faults_")).mapToLong(e -> e.getValue().longValue()).sum();
    }

    private static long value(Map<String, Number> m, String key) {
        Number n = m.get(key);
        return n == null ? 0 : n.longValue();
    }

    /** Spells {@code n} in {@code format}; a figure not reported, or not measured (NaN), is a dash. */
    private static String number(Number n, String format) {
        return n == null || !Double.isFinite(n.doubleValue()) ? "-" : String.format(java.util.Locale.ROOT, format, n.doubleValue());
    }

    private static String micros(Number nanos) {
        return number(nanos == null ? null : nanos.doubleValue() / 1e3, "%.1f");
    }
}
