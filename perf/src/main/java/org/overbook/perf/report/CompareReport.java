package org.overbook.perf.report;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.overbook.perf.run.Metrics;

/**
 * Writes a {@link Comparison}: {@code compare.md} (what is compared, the fields that differ, a table per pair
 * of every metric with the ratio, the difference and, when replicated, Welch's p-value and the confidence interval
 * of the difference) and {@code compare.png} (the headline metrics of both sides, pair by pair, as small
 * multiples). Past {@link PointDetail#POINTS} pairs, {@code compare.md} is one table, a row per pair, and every
 * metric goes to {@code compare.csv} ({@link CompareTable}). Into a folder an earlier comparison wrote, it removes
 * what that one wrote and this one does not (its {@code compare.csv}, its chart), so the folder never mixes two.
 * Also spells the cells the terminal shows.
 */
public final class CompareReport {

    public static final String MARKDOWN = "compare.md";
    public static final String CHART = "compare.png";
    /** The metrics the terminal and the chart show first. */
    public static final List<String> HEADLINE = List.of(Metrics.THROUGHPUT, Metrics.P50, Metrics.P99, Metrics.P999,
            "cpu_major_faults", "swap_outs", Metrics.MISMATCHES);
    private static final List<String> CHARTED = List.of(Metrics.THROUGHPUT, Metrics.P99, Metrics.P50, "cpu_major_faults");

    private CompareReport() {
    }

    /**
     * Writes {@code compare.md} and, where fonts allow, {@code compare.png} into {@code folder}, and past
     * {@link PointDetail#POINTS} pairs {@code compare.csv} ({@link CompareCsv}); returns the folder.
     */
    public static Path write(Comparison comparison, Path folder) {
        try {
            Files.createDirectories(folder);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + folder, e);
        }
        String chartFailure = "";
        boolean charted = false;
        try {
            if (!comparison.pairs().isEmpty()) {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                BitmapEncoder.saveBitmap(charts(comparison), 2, 2, bytes, BitmapEncoder.BitmapFormat.PNG);
                AtomicFiles.write(folder.resolve(CHART), bytes.toByteArray());
                charted = true;
            }
        } catch (RuntimeException | LinkageError | IOException e) {
            chartFailure = e.getClass().getSimpleName() + ": " + e.getMessage();
        }
        boolean eachInFull = eachInFull(comparison);
        // an earlier comparison into the same folder must not outlive this one in a file this one does not write
        if (!charted) {
            AtomicFiles.remove(folder.resolve(CHART));
        }
        if (eachInFull) {
            AtomicFiles.remove(folder.resolve(CompareCsv.FILE));
        }
        if (eachInFull) {
            AtomicFiles.write(folder.resolve(MARKDOWN), markdown(comparison, chartFailure));
        } else {
            AtomicFiles.write(folder.resolve(CompareCsv.FILE), CompareCsv.csv(comparison));
            AtomicFiles.write(folder.resolve(MARKDOWN), CompareTable.markdown(comparison, chartFailure));
        }
        return folder;
    }

    /** Returns whether each pair gets a table of its own ({@link PointDetail}), or a row of one ({@link CompareTable}). */
    public static boolean eachInFull(Comparison comparison) {
        return PointDetail.eachInFull(comparison.pairs().size());
    }

    /** The Markdown of {@code comparison}, a table of every metric per pair. */
    static String markdown(Comparison comparison, String chartFailure) {
        StringBuilder out = head(comparison, summary(comparison), chartFailure);
        for (Comparison.Pair pair : comparison.pairs()) {
            out.append("## ").append(title(pair)).append("\n\n");
            out.append(pair.differences().isEmpty() ? "The two scenarios are the same, field for field.\n\n"
                    : "Fields that differ (A -> B):\n\n" + pair.differences().stream().map(d -> "- `" + d + "`\n")
                    .reduce("", String::concat) + "\n");
            boolean replicated = pair.rows().stream().anyMatch(r -> r.welch() != null);
            out.append("| metric | A | B | B / A | B - A |").append(replicated ? " p (Welch) | 95 % CI of B - A |" : "").append('\n');
            out.append("|---|---:|---:|---:|---:|").append(replicated ? "---:|---|" : "").append('\n');
            for (Comparison.Row row : pair.rows()) {
                out.append("| ").append(row.metric()).append(" | ").append(Columns.format(row.a())).append(" | ")
                        .append(Columns.format(row.b())).append(" | ").append(ratio(row)).append(" | ")
                        .append(Columns.format(row.difference())).append(" |");
                if (replicated) {
                    out.append(' ').append(pValue(row)).append(" | ").append(interval(row)).append(" |");
                }
                out.append('\n');
            }
            out.append('\n');
        }
        return out.toString();
    }

    /** The opening of {@code compare.md}: what is compared, {@code summary} as a list, what is not compared, the chart. */
    static StringBuilder head(Comparison comparison, List<String> summary, String chartFailure) {
        StringBuilder out = new StringBuilder("# Overbook comparison\n\n");
        out.append("- **A**: ").append(comparison.nameA()).append("\n- **B**: ").append(comparison.nameB()).append("\n\n");
        out.append(summary.stream().map(s -> "- " + s + "\n").reduce("", String::concat)).append('\n');
        if (!comparison.onlyA().isEmpty() || !comparison.onlyB().isEmpty()) {
            out.append("Not compared, no matching point on the other side: ")
                    .append(comparison.onlyA().isEmpty() ? "" : "A's " + quoted(comparison.onlyA()))
                    .append(!comparison.onlyA().isEmpty() && !comparison.onlyB().isEmpty() ? "; " : "")
                    .append(comparison.onlyB().isEmpty() ? "" : "B's " + quoted(comparison.onlyB())).append(".\n\n");
        }
        if (!chartFailure.isEmpty()) {
            out.append("(The chart could not be drawn: ").append(chartFailure).append(")\n\n");
        } else if (!comparison.pairs().isEmpty()) {
            out.append("![headline metrics, A against B](").append(CHART).append(")\n\n");
        }
        return out;
    }

    /** A sentence per pair on the headline metrics: throughput and p99, B against A, and significance if known. */
    public static List<String> summary(Comparison comparison) {
        List<String> out = new ArrayList<>();
        if (comparison.pairs().isEmpty()) {
            out.add("No point of A matches a point of B (the same sweep values), so nothing is compared; two points compare"
                    + " whatever their values when named FOLDER:N.");
        }
        for (Comparison.Pair pair : comparison.pairs()) {
            List<String> parts = new ArrayList<>();
            for (String metric : List.of(Metrics.THROUGHPUT, Metrics.P99)) {
                Comparison.Row row = pair.row(metric);
                if (row != null && row.a() != null && row.b() != null) {
                    parts.add(String.format(Locale.ROOT, "%s %s (A %s, B %s)%s", metric.equals(Metrics.P99) ? "p99" : "throughput",
                            ratio(row), spell(metric, row.a()), spell(metric, row.b()), row.welch() == null ? ""
                                    : row.welch().significant() ? String.format(Locale.ROOT, ", significant (p = %s)", p(row.welch()))
                                    : String.format(Locale.ROOT, ", not significant (p = %s)", p(row.welch()))));
                }
            }
            long differing = pair.rows().stream().filter(r -> !r.same()).count();
            out.add(title(pair) + ": B has " + (parts.isEmpty() ? "no throughput or latency" : String.join("; ", parts))
                    + "; " + differing + " of " + pair.rows().size() + " metrics differ"
                    + (pair.differences().isEmpty() ? "" : "; fields that differ: " + pair.differences().size()) + ".");
        }
        return out;
    }

    /** The pair's name: the label both share, or A's and B's. */
    static String title(Comparison.Pair pair) {
        return pair.a().label().equals(pair.b().label()) ? "Point `" + pair.a().displayLabel() + "`"
                : "A's point `" + pair.a().displayLabel() + "` against B's point `" + pair.b().displayLabel() + "`";
    }

    /** {@code 2.003x}, or empty when there is no ratio. */
    public static String ratio(Comparison.Row row) {
        double r = row.ratio();
        return Double.isFinite(r) ? String.format(Locale.ROOT, "%.3fx", r) : "";
    }

    /** The p-value and the verdict, or empty without replications. */
    public static String pValue(Comparison.Row row) {
        return row.welch() == null ? "" : p(row.welch()) + (row.welch().significant() ? " (significant)" : "");
    }

    /** The confidence interval of {@code B - A}, or empty without replications. */
    public static String interval(Comparison.Row row) {
        return row.welch() == null ? "" : "[" + Columns.format(row.welch().low()) + ", " + Columns.format(row.welch().high()) + "]";
    }

    /** Spells a value of {@code metric} for a person: {@code 2.78M}, {@code 15.3 µs}. */
    public static String spell(String metric, Number value) {
        if (value == null) {
            return "-";
        }
        return metric.endsWith("_ns") ? TickLabels.nanos(value.doubleValue()) : TickLabels.count(value.doubleValue());
    }

    static String p(Welch welch) {
        return welch.pValue() < 1e-4 ? "< 0.0001" : String.format(Locale.ROOT, "%.4f", welch.pValue());
    }

    private static String quoted(List<String> labels) {
        return labels.stream().map(l -> "`" + l + "`").reduce((x, y) -> x + ", " + y).orElse("");
    }

    /**
     * The headline panels: a bar per side for every pair, one panel per metric. A pair missing the metric on either
     * side (no request measured, so no p99) is left out of that panel, and its x axis title says so, rather than
     * drawn as a bar of zero.
     */
    static List<CategoryChart> charts(Comparison comparison) {
        List<CategoryChart> panels = new ArrayList<>();
        for (String metric : CHARTED) {
            List<Comparison.Pair> measured = comparison.pairs().stream().filter(p -> p.row(metric) != null
                    && p.row(metric).a() != null && p.row(metric).b() != null).toList();
            List<String> out = comparison.pairs().stream().filter(p -> !measured.contains(p)).map(CompareReport::category).toList();
            boolean eachInFull = eachInFull(comparison);
            String xTitle = comparison.pairs().size() == 1 ? "" : eachInFull ? "point"
                    : comparison.pairs().size() + " points in file order (each in " + MARKDOWN + ")";
            if (!out.isEmpty()) {
                xTitle += (xTitle.isEmpty() ? "" : "; ") + "left out, no value on one side: "
                        + (out.size() > 3 ? out.size() + " points" : String.join(", ", out));
            }
            CategoryChart chart = new CategoryChartBuilder().width(620).height(400)
                    .title(name(metric) + ": A against B").xAxisTitle(xTitle).yAxisTitle(name(metric)).build();
            chart.getStyler().setyAxisTickLabelsFormattingFunction(TickLabels.of(metric.endsWith("_ns")
                    ? TickLabels.Unit.NANOS : TickLabels.Unit.COUNT));
            chart.getStyler().setSeriesColors(new java.awt.Color[] {TimeSeriesCharts.colour(0), TimeSeriesCharts.colour(1)});
            if (measured.isEmpty()) { // XChart draws no chart without a category: one, empty
                chart.addSeries("A", List.of("(none)"), List.of(0.0));
                chart.addSeries("B", List.of("(none)"), List.of(0.0));
            } else {
                List<String> categories = measured.stream().map(CompareReport::category).toList();
                chart.addSeries("A", categories, values(measured, metric, true));
                chart.addSeries("B", categories, values(measured, metric, false));
            }
            Charts.roomAbove(chart);
            if (!eachInFull) { // the points' labels would overprint
                chart.getStyler().setXAxisTicksVisible(false);
                chart.getStyler().setPlotGridVerticalLinesVisible(false);
            }
            panels.add(chart);
        }
        return panels;
    }

    /** The pair's sweep values without their field paths, or A's and B's. */
    static String category(Comparison.Pair pair) {
        return pair.a().label().equals(pair.b().label()) ? pair.a().shortLabel()
                : pair.a().shortLabel() + " vs " + pair.b().shortLabel();
    }

    private static List<Double> values(List<Comparison.Pair> pairs, String metric, boolean a) {
        return pairs.stream().map(p -> (a ? p.row(metric).a() : p.row(metric).b()).doubleValue()).toList();
    }

    private static String name(String metric) {
        return switch (metric) {
            case Metrics.THROUGHPUT -> "throughput (ops/s)";
            case Metrics.P99 -> "p99 latency";
            case Metrics.P50 -> "p50 latency";
            case "cpu_major_faults" -> "CPU major faults";
            default -> metric;
        };
    }
}
