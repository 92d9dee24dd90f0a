package org.overbook.perf.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.overbook.perf.run.Metrics;

/**
 * {@code compare} past {@link PointDetail#POINTS} pairs of points, where a table of every metric per pair (some 240
 * rows each) would make a {@code compare.md} of tens of thousands of lines: each pair is a row of one table, in
 * {@code compare.md} and on the terminal, with its throughput and p99 on both sides and B / A (marked where Welch's
 * test calls the difference significant), and how many of its metrics differ and differ significantly. A few
 * sentences above the table say at how many points each headline moved, which way, and where most. Every metric of
 * every pair is in {@code compare.csv} ({@link CompareCsv}).
 *
 * <p>A figure of a pair <em>moved</em> when Welch's test calls its difference significant, or, where a side ran once
 * and there is no test, when its two values differ at all.
 */
public final class CompareTable {

    /** The headline metrics a row shows: A, B and B / A of each. */
    private static final List<String> SHOWN = List.of(Metrics.THROUGHPUT, Metrics.P99);
    /** How many of the largest moves a summary sentence names. */
    private static final int MOST = 3;
    /** The most fields that differ a sentence spells. */
    private static final int FIELDS = 8;
    /** How the terminal marks a significant ratio (compare.md sets it in bold). */
    private static final String MARK = "*";

    private CompareTable() {
    }

    /** The sentences above the table: what was compared, each headline's moves, any metric's, the fields that differ. */
    public static List<String> summary(Comparison comparison) {
        List<Comparison.Pair> pairs = comparison.pairs();
        long replicated = pairs.stream().filter(CompareTable::replicated).count();
        List<String> out = new ArrayList<>();
        out.add(pairs.size() + " points compared, " + (replicated == pairs.size()
                ? "each replicated on both sides: a figure moved when Welch's t-test calls its difference significant (p < 0.05)."
                : replicated == 0 ? "one run a side: no test of significance, a figure moved when its two values differ."
                : replicated + " of them replicated on both sides (a figure moved there when Welch's t-test calls its difference"
                + " significant, p < 0.05), the others one run a side (a figure moved when its two values differ)."));
        for (String metric : SHOWN) {
            out.add(headline(pairs, metric));
        }
        long anyMoved = pairs.stream().filter(p -> p.rows().stream().anyMatch(CompareTable::moved)).count();
        out.add(String.format(Locale.ROOT, "Any metric: %d of %d points moved in at least one; %s holds every metric of every point.",
                anyMoved, pairs.size(), CompareCsv.FILE));
        out.add(fields(pairs));
        return out;
    }

    /** The Markdown of {@code comparison}: the summary, the fields that differ at some points only, the table. */
    static String markdown(Comparison comparison, String chartFailure) {
        StringBuilder out = CompareReport.head(comparison, summary(comparison), chartFailure);
        List<String> common = common(comparison.pairs());
        List<Comparison.Pair> other = comparison.pairs().stream().filter(p -> !p.differences().equals(common)).toList();
        if (!other.isEmpty()) {
            out.append("## Fields that differ at some points only\n\n");
            for (Comparison.Pair pair : other) {
                String others = pair.differences().stream().filter(d -> !common.contains(d)).map(d -> "`" + d + "`")
                        .reduce((x, y) -> x + ", " + y).orElse("");
                out.append("- `").append(pair.a().displayLabel()).append("`: ").append(others).append('\n');
            }
            out.append('\n');
        }
        boolean tested = comparison.pairs().stream().anyMatch(CompareTable::replicated);
        out.append("## Every point\n\nA row per point (").append(values(comparison.pairs()))
                .append("in the order of A's file): its throughput and p99 in A and in B and their ratio")
                .append(tested ? ", in bold where Welch's t-test calls the difference significant (p < 0.05)" : "")
                .append("; how many of its metrics differ").append(tested ? ", and how many significantly" : "")
                .append(". Every metric of every point, with its ratio and difference").append(tested ? ", p-value and the 95 % "
                        + "confidence interval of B - A" : "").append(", is in [").append(CompareCsv.FILE).append("](")
                .append(CompareCsv.FILE).append(").\n\n");
        List<String> header = header(tested);
        out.append("| ").append(String.join(" | ", header)).append(" |\n|---:|---|");
        out.append("---:|".repeat(header.size() - 2)).append('\n');
        for (Comparison.Pair pair : comparison.pairs()) {
            out.append("| ").append(String.join(" | ", cells(pair, tested, "**", "**"))).append(" |\n");
        }
        return out.append('\n').toString();
    }

    /** The terminal's table: a heading, a line per pair in columns, and what the mark means. */
    public static List<String> lines(Comparison comparison) {
        boolean tested = comparison.pairs().stream().anyMatch(CompareTable::replicated);
        List<String> header = header(tested);
        boolean[] rightAligned = new boolean[header.size()];
        Arrays.fill(rightAligned, true);
        rightAligned[1] = false; // the point's label
        TextTable table = new TextTable("  ", rightAligned).row(header.toArray(String[]::new));
        comparison.pairs().forEach(pair -> table.row(cells(pair, tested, "", MARK).toArray(String[]::new)));
        List<String> out = new ArrayList<>();
        out.add(String.format(Locale.ROOT, "%d points, a line each (%severy metric of each point is in %s):",
                comparison.pairs().size(), values(comparison.pairs()), CompareCsv.FILE));
        out.addAll(table.lines());
        if (tested) {
            out.add(MARK + " significantly different (Welch's t-test, p < 0.05)");
        }
        return out;
    }

    /** Returns whether a figure of a pair moved: significantly different where tested, else different at all. */
    static boolean moved(Comparison.Row row) {
        return row.welch() != null ? row.welch().significant() : !row.same();
    }

    private static boolean replicated(Comparison.Pair pair) {
        return pair.rows().stream().anyMatch(r -> r.welch() != null);
    }

    private static List<String> header(boolean tested) {
        List<String> out = new ArrayList<>(List.of("point", "values", "ops/s A", "ops/s B", "B / A", "p99 A", "p99 B", "B / A",
                "metrics differ"));
        if (tested) {
            out.add("significantly");
        }
        return out;
    }

    /** A pair's cells; a ratio that moved significantly between {@code open} and {@code close}. */
    private static List<String> cells(Comparison.Pair pair, boolean tested, String open, String close) {
        List<String> out = new ArrayList<>(List.of(String.valueOf(pair.a().index()), CompareReport.category(pair)));
        for (String metric : SHOWN) {
            Comparison.Row row = pair.row(metric);
            if (row == null) {
                out.addAll(List.of("-", "-", ""));
                continue;
            }
            String ratio = CompareReport.ratio(row);
            boolean significant = row.welch() != null && row.welch().significant() && !ratio.isEmpty();
            out.addAll(List.of(CompareReport.spell(metric, row.a()), CompareReport.spell(metric, row.b()),
                    significant ? open + ratio + close : ratio));
        }
        out.add(pair.rows().stream().filter(r -> !r.same()).count() + " of " + pair.rows().size());
        if (tested) {
            out.add(replicated(pair) ? String.valueOf(pair.rows().stream().filter(r -> r.welch() != null && r.welch().significant())
                    .count()) : "-");
        }
        return out;
    }

    /** A headline's sentence: at how many points it moved, which way, and the largest moves. */
    private static String headline(List<Comparison.Pair> pairs, String metric) {
        List<Comparison.Pair> measured = pairs.stream().filter(p -> p.row(metric) != null && p.row(metric).a() != null
                && p.row(metric).b() != null).toList();
        List<Comparison.Pair> moved = measured.stream().filter(p -> moved(p.row(metric))).toList();
        long higher = moved.stream().filter(p -> p.row(metric).b().doubleValue() > p.row(metric).a().doubleValue()).count();
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "%s: moved at %d of %d points, higher in B at %d and"
                + " lower at %d", metric.equals(Metrics.P99) ? "p99" : "Throughput", moved.size(), pairs.size(), higher,
                moved.size() - higher));
        if (measured.size() < pairs.size()) {
            out.append(String.format(Locale.ROOT, " (no value on a side at %d)", pairs.size() - measured.size()));
        }
        List<String> most = moved.stream().filter(p -> p.row(metric).ratio() > 0)
                .sorted(Comparator.comparingDouble((Comparison.Pair p) -> -Math.abs(Math.log(p.row(metric).ratio())))
                        .thenComparingInt(p -> p.a().index()))
                .limit(MOST).map(p -> String.format(Locale.ROOT, "point %d (%s) %s, A %s, B %s", p.a().index(),
                        CompareReport.category(p), CompareReport.ratio(p.row(metric)), CompareReport.spell(metric, p.row(metric).a()),
                        CompareReport.spell(metric, p.row(metric).b()))).toList();
        if (!most.isEmpty()) {
            out.append("; most at ").append(String.join("; ", most));
        }
        return out.append('.').toString();
    }

    /** The sentence on the scenario fields that differ: those every pair shares, and whether some pairs have more. */
    private static String fields(List<Comparison.Pair> pairs) {
        List<String> common = common(pairs);
        boolean uniform = pairs.stream().allMatch(p -> p.differences().equals(common));
        if (common.isEmpty()) {
            return uniform ? "The two scenarios are the same, field for field, at every point."
                    : "No field differs at every point; some points differ in fields listed in " + CompareReport.MARKDOWN + ".";
        }
        String spelled = common.stream().limit(FIELDS).map(d -> "`" + d + "`").reduce((x, y) -> x + ", " + y).orElse("")
                + (common.size() > FIELDS ? " and " + (common.size() - FIELDS) + " more" : "");
        return "Fields that differ (A -> B) at every point: " + spelled
                + (uniform ? "." : "; some points differ in other fields too (listed in " + CompareReport.MARKDOWN + ").");
    }

    /** What the values column holds, {@code values: host.memory / nic.memory-policy; }, or nothing without a sweep. */
    static String values(List<Comparison.Pair> pairs) {
        Set<String> fields = new LinkedHashSet<>();
        pairs.forEach(p -> fields.addAll(p.a().values().keySet()));
        return fields.isEmpty() ? "" : "values: " + String.join(" / ", fields) + "; ";
    }

    /** The differences every pair has, in the first pair's order. */
    private static List<String> common(List<Comparison.Pair> pairs) {
        if (pairs.isEmpty()) {
            return List.of();
        }
        return pairs.getFirst().differences().stream().filter(d -> pairs.stream().allMatch(p -> p.differences().contains(d))).toList();
    }
}
