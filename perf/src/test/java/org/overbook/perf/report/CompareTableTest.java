package org.overbook.perf.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;
import java.util.function.IntToDoubleFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.run.Metrics;
import org.overbook.perf.run.TenantRow;

/**
 * compare past {@link PointDetail#POINTS} points: a row per point in {@code compare.md} and on the terminal, the
 * points whose headline moved counted and named, every metric in {@code compare.csv}; at the limit, a table per
 * point as before and no CSV.
 */
class CompareTableTest {

    private static final int MANY = PointDetail.POINTS + 1;

    @TempDir
    Path directory;

    /**
     * {@code n} points of one side: throughput {@code 1000 + i} times {@code factor}, p99 {@code 20 µs}; with
     * replications, throughput's mean, sd and count as a replicated folder holds them.
     */
    private static List<PointFigures> side(int n, IntToDoubleFunction factor, boolean replicated) {
        List<PointFigures> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double throughput = (1000.0 + i) * factor.applyAsDouble(i);
            Map<String, Number> total = new LinkedHashMap<>();
            total.put(Metrics.THROUGHPUT, throughput);
            total.put(Metrics.P99, 20_000L);
            total.put(Metrics.MISMATCHES, 0L);
            Map<String, Interval> replications = replicated
                    ? Map.of(Metrics.THROUGHPUT, Interval.of(5, throughput, 10)) : Map.of();
            out.add(new PointFigures(i, "x=" + (100 + i), Map.of("x", String.valueOf(100 + i)), 1, 100,
                    List.of(new TenantRow("c0", "client", "memaslap", total)), total, "none", "", "none", "", replications));
        }
        return out;
    }

    /** A and B, B's throughput {@code 2 + i / 100} times A's at the points {@code moved}, the same elsewhere. */
    private static Comparison compare(int n, IntPredicate moved, boolean replicated) {
        return Comparison.of("A", side(n, i -> 1, replicated), "B", side(n, i -> moved.test(i) ? 2 + i / 100.0 : 1, replicated));
    }

    @Test
    void pastTheLimitEachPointIsARowAndEveryMetricIsInTheCsv() throws Exception {
        IntPredicate moved = i -> i % 4 == 0; // 0, 4, ..., 40: 11 points
        Comparison comparison = compare(MANY, moved, false);
        Path folder = CompareReport.write(comparison, directory.resolve("many"));

        String markdown = Files.readString(folder.resolve(CompareReport.MARKDOWN));
        assertFalse(markdown.contains("## Point"), "no section per point");
        List<String> rows = markdown.lines().filter(l -> l.matches("\\| [0-9]+ \\| .*")).toList();
        assertEquals(MANY, rows.size(), markdown);
        assertTrue(rows.get(4).startsWith("| 4 | 104 | 1k | 2.05k | 2.040x | 20 µs | 20 µs | 1.000x | 1 of 3 |"), rows.get(4));
        assertTrue(rows.get(5).startsWith("| 5 | 105 | 1.01k | 1.01k | 1.000x | 20 µs | 20 µs | 1.000x | 0 of 3 |"), rows.get(5));
        assertTrue(rows.stream().noneMatch(r -> r.contains("**")), "no test without replications, so nothing set in bold");

        List<String> summary = CompareTable.summary(comparison);
        assertTrue(summary.getFirst().startsWith(MANY + " points compared, one run a side"), summary.getFirst());
        assertTrue(summary.get(1).startsWith("Throughput: moved at 11 of 41 points, higher in B at 11 and lower at 0;"
                + " most at point 40 (140) 2.400x, A 1.04k, B 2.5k; point 36 (136) 2.360x"),
                summary.get(1));
        assertEquals("p99: moved at 0 of 41 points, higher in B at 0 and lower at 0.", summary.get(2));
        assertTrue(summary.get(3).startsWith("Any metric: 11 of 41 points moved in at least one;"), summary.get(3));

        List<String> csv = Files.readAllLines(folder.resolve(CompareCsv.FILE));
        assertEquals(1 + 3 * MANY, csv.size(), "a header and a row per point and metric");
        assertEquals("point_a,point_b,values,metric,a,b,ratio,difference,p_value,significant,ci95_low,ci95_high", csv.getFirst());
        assertTrue(csv.contains("4,4,104," + Metrics.THROUGHPUT + ",1004,2048.16,2.04,1044.16,,,,"), "point 4's throughput, exact");

        List<String> lines = CompareTable.lines(comparison);
        assertEquals(2 + MANY, lines.size(), "a title, a heading and a line per point");
        assertTrue(lines.getFirst().startsWith(MANY + " points, a line each (values: x; every metric"), lines.getFirst());
        assertTrue(lines.get(6).matches("\\s*4  104 .* 2\\.040x .*"), lines.get(6));
    }

    @Test
    void aSignificantMoveIsMarkedAndCountedWhereBothSidesAreReplicated() throws Exception {
        IntPredicate moved = i -> i % 10 == 3; // 3, 13, 23, 33
        Comparison comparison = compare(MANY, moved, true);
        Path folder = CompareReport.write(comparison, directory.resolve("replicated"));

        List<String> summary = CompareTable.summary(comparison);
        assertTrue(summary.getFirst().contains("each replicated on both sides"), summary.getFirst());
        assertTrue(summary.get(1).startsWith("Throughput: moved at 4 of 41 points, higher in B at 4 and lower at 0;"
                + " most at point 33 (133) 2.330x"),
                summary.get(1));

        String markdown = Files.readString(folder.resolve(CompareReport.MARKDOWN));
        List<String> bold = markdown.lines().filter(l -> l.matches(".*\\*\\*2\\.[0-9]{3}x\\*\\*.*")).toList();
        assertEquals(4, bold.size(), markdown);
        assertTrue(bold.getFirst().startsWith("| 3 | 103 |") && bold.getFirst().endsWith("| 1 of 3 | 1 |"), bold.getFirst());

        List<String> marked = CompareTable.lines(comparison).stream().filter(l -> l.matches(".* 2\\.[0-9]{3}x\\*.*")).toList();
        assertEquals(4, marked.size());
        List<String> csv = Files.readAllLines(folder.resolve(CompareCsv.FILE));
        long significant = csv.stream().filter(l -> l.contains(Metrics.THROUGHPUT) && l.split(",", -1)[9].equals("1")).count();
        assertEquals(4, significant, "the four moved points' throughput rows say significant");
    }

    @Test
    void atTheLimitEachPointHasItsTableAndThereIsNoCsv() throws Exception {
        Comparison comparison = compare(PointDetail.POINTS, i -> i % 4 == 0, false);
        Path folder = CompareReport.write(comparison, directory.resolve("forty"));
        assertEquals(CompareReport.markdown(comparison, ""), Files.readString(folder.resolve(CompareReport.MARKDOWN)),
                "the table per point, as before");
        assertFalse(Files.exists(folder.resolve(CompareCsv.FILE)));
    }

    @Test
    void aComparisonIntoAnEarlierOnesFolderLeavesNothingOfThatOneBehind() throws Exception {
        Path folder = CompareReport.write(compare(MANY, i -> i % 4 == 0, false), directory.resolve("again"));
        assertTrue(Files.exists(folder.resolve(CompareCsv.FILE)), "past the limit: every metric in the csv");
        CompareReport.write(compare(PointDetail.POINTS, i -> i % 4 == 0, false), folder);
        assertFalse(Files.exists(folder.resolve(CompareCsv.FILE)), "the earlier comparison's csv would pass for this one's");
        Files.writeString(folder.resolve(CompareReport.CHART), "an earlier comparison's chart");
        Comparison nothingMatched = Comparison.of("A", side(1, i -> 1, false), "B", List.of());
        CompareReport.write(nothingMatched, folder);
        assertFalse(Files.exists(folder.resolve(CompareReport.CHART)), "no pair, no chart: not the earlier one's");
    }
}
